import { createFileRoute } from '@tanstack/react-router';
import { LockIcon } from 'lucide-react';

import { StaticPage } from '../components/layout/static-page';
import PrivacyContent from '../content/privacy';

export const Route = createFileRoute('/privacy')({
  head: () => ({ meta: [{ title: 'Privacy Policy · YardSale' }] }),
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" icon={<LockIcon />} back="account">
      <PrivacyContent />
    </StaticPage>
  );
}

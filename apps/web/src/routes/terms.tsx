import { createFileRoute } from '@tanstack/react-router';
import { ScrollTextIcon } from 'lucide-react';

import { StaticPage } from '../components/layout/static-page';
import TermsContent from '../content/terms';

export const Route = createFileRoute('/terms')({
  head: () => ({ meta: [{ title: 'Terms of Service · YardSale' }] }),
  component: TermsPage,
});

function TermsPage() {
  return (
    <StaticPage title="Terms of Service" icon={<ScrollTextIcon />} back="account">
      <TermsContent />
    </StaticPage>
  );
}

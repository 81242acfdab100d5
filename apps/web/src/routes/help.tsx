import { createFileRoute } from '@tanstack/react-router';
import { LifeBuoyIcon } from 'lucide-react';

import { StaticPage } from '../components/layout/static-page';
import HelpContent from '../content/help';

export const Route = createFileRoute('/help')({
  head: () => ({ meta: [{ title: 'Help Center · YardSale' }] }),
  component: HelpPage,
});

function HelpPage() {
  return (
    <StaticPage
      title="Help Center"
      description="Answers, safety advice and tips for buying and selling with your neighbours."
      icon={<LifeBuoyIcon />}
      back="home"
    >
      <HelpContent />
    </StaticPage>
  );
}

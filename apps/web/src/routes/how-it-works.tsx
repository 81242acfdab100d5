import { createFileRoute } from '@tanstack/react-router';
import { MapIcon } from 'lucide-react';

import { StaticPage } from '../components/layout/static-page';
import HowItWorksContent from '../content/how-it-works';

export const Route = createFileRoute('/how-it-works')({
  head: () => ({ meta: [{ title: 'How It Works · YardSale' }] }),
  component: HowItWorksPage,
});

function HowItWorksPage() {
  return (
    <StaticPage
      title="How It Works"
      description="From your first listing to the hand-over on the doorstep, step by step."
      icon={<MapIcon />}
      back="home"
    >
      <HowItWorksContent />
    </StaticPage>
  );
}

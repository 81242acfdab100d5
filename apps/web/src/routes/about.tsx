import { createFileRoute } from '@tanstack/react-router';
import { HeartHandshakeIcon } from 'lucide-react';

import { StaticPage } from '../components/layout/static-page';
import AboutContent from '../content/about';

export const Route = createFileRoute('/about')({
  head: () => ({ meta: [{ title: 'About · YardSale' }] }),
  component: AboutPage,
});

function AboutPage() {
  return (
    <StaticPage
      title="About YardSale"
      description="A free marketplace that helps neighbours pass things on, one street at a time."
      icon={<HeartHandshakeIcon />}
      back="home"
    >
      <AboutContent />
    </StaticPage>
  );
}

import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { BadgeDollarSign, Gift, House, Leaf, Lock, Mail, UserCheck, Users } from 'lucide-react';
import { SUPPORT_RESPONSE_TIME } from '@yardsale/validators';

import { Card, ProseSection, SupportLink } from './prose';

const values: readonly { icon: LucideIcon; title: string; body: ReactNode }[] = [
  {
    icon: House,
    title: 'Hyperlocal community',
    body: 'YardSale is about your street, your block, your neighbourhood. Shorter trips, familiar faces, and the chance to meet the people who live nearby.',
  },
  {
    icon: Users,
    title: 'Real neighbours, clear guidelines',
    body: 'Every listing, message and review comes from a signed-in member who has agreed to our Community Guidelines. Seller ratings and reviews show you who you’re dealing with, and every report reaches our team. We don’t run ID checks, so we also share simple safety habits that keep exchanges easy.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Zero fees — keep 100% of your profits',
    body: 'No listing fees, no commission, no cut of the sale. Whatever a buyer hands you is yours to keep.',
  },
  {
    icon: Gift,
    title: 'Free, for everyone',
    body: 'Posting, browsing, saving, messaging and reviewing are all free. There’s no premium tier and no paid placement: every listing gets the same chance to be seen.',
  },
  {
    icon: UserCheck,
    title: 'For grown-ups',
    body: 'YardSale is for people aged 18 and over. Meeting people you don’t know and handling money are grown-up business, so accounts are for adults only.',
  },
  {
    icon: Lock,
    title: 'Privacy by default',
    body: 'Listings and addresses are shown only to signed-in members, hidden location data is stripped from every listing photo, and we use a single cookie — just to keep you signed in.',
  },
  {
    icon: Leaf,
    title: 'Less waste',
    body: 'The greenest thing is the one that already exists. Every chair, coat and board game that finds a new home nearby is one less thing in landfill.',
  },
];

function AboutContent() {
  return (
    <div className="mx-auto max-w-3xl space-y-12 text-foreground">
      <ProseSection id="mission" title="Our mission">
        <p className="text-lg leading-8 text-foreground">
          To make it easy, safe and free for neighbours to pass along the things they no longer need
          — and to find treasures just around the corner.
        </p>
        <p className="leading-7 text-muted-foreground">
          Every neighbourhood is full of perfectly good things sitting in garages, attics and spare
          rooms, and full of people who'd be glad to have them. Classified sites are crowded and
          impersonal, and handmade signs on lamp posts only reach the people who happen to walk by.
          YardSale brings the garage sale online, without losing what makes it great: it's local,
          it's personal, and nobody takes a cut.
        </p>
        <p className="leading-7 text-muted-foreground">
          Post a whole garage sale with its date and times, or a single item you want gone this
          week. Neighbours browse what's nearby, message you directly, and come and collect.
          Listings tidy themselves away once a sale is over, so what you see is what's actually
          still available.
        </p>
      </ProseSection>

      <ProseSection id="values" title="What we value">
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.map(({ icon, title, body }) => (
            <Card key={title} as="li" icon={icon} title={title}>
              <p>{body}</p>
            </Card>
          ))}
        </ul>
      </ProseSection>

      <ProseSection id="what-we-are" title="What YardSale is — and isn't">
        <p className="leading-7 text-muted-foreground">
          YardSale is a meeting place. We help you list, find and talk about things for sale nearby.
          We don't buy or sell anything ourselves, we don't handle payments or deliveries, and we
          don't inspect items. Buyers and sellers agree the details and make the exchange directly,
          the way neighbours always have.
        </p>
      </ProseSection>

      <ProseSection id="contact" title="Say hello">
        <div className="flex gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
          <Mail className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p className="leading-7 text-muted-foreground">
            Ideas, questions or a great find you'd like to tell us about? Write to <SupportLink />.
            We reply within {SUPPORT_RESPONSE_TIME}.
          </p>
        </div>
      </ProseSection>
    </div>
  );
}

export default AboutContent;

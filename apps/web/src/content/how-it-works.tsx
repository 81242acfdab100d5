import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarClock,
  CircleCheck,
  Eye,
  Handshake,
  Hourglass,
  MessageCircle,
  Search,
  ShieldCheck,
  Store,
  Trash2,
  UserPlus,
} from 'lucide-react';
import {
  DEFAULT_SALE_END_TIME,
  ENDED_LISTING_PURGE_DAYS,
  LISTING_TYPE_LABELS,
  MAX_PHOTOS_PER_LISTING,
  SINGLE_ITEM_LIFETIME_DAYS,
} from '@yardsale/validators';

import { Bullets, Card, ProseSection, formatClock } from './prose';

const garageSale = LISTING_TYPE_LABELS['garage-sale'];
const singleItem = LISTING_TYPE_LABELS['single-item'];

function NumberedList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ol className="list-decimal space-y-2 pl-5 leading-7 text-muted-foreground marker:font-semibold marker:text-primary">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ol>
  );
}

const steps: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: UserPlus,
    title: 'Sign up and create a profile',
    body: 'Create a free account with your name and e-mail, then add a profile picture so neighbours know who they’re dealing with. YardSale is for adults aged 18 and over.',
  },
  {
    icon: Store,
    title: 'List a sale or browse',
    body: `Post a ${garageSale.toLowerCase()} or a ${singleItem.toLowerCase()} in a few guided steps — or browse, search and filter what your neighbours are selling.`,
  },
  {
    icon: Handshake,
    title: 'Connect and exchange',
    body: 'Message each other right in YardSale, agree on a time, meet up and make the exchange. Afterwards, leave a review to help the next neighbour.',
  },
];

const timeline: readonly { icon: LucideIcon; title: string; body: ReactNode }[] = [
  {
    icon: CircleCheck,
    title: 'You publish',
    body: 'Your listing goes live straight away. If you added photos, they may take a few moments to appear while we prepare them.',
  },
  {
    icon: Eye,
    title: 'It’s live',
    body: `Signed-in neighbours can find it on Home, in search and category filters, and on your profile. ${garageSale}s also show up in Live Sales Now on the day and over the weekend they’re on.`,
  },
  {
    icon: Hourglass,
    title: 'It ends',
    body: (
      <>
        A {garageSale.toLowerCase()} ends at its end time on its last day —{' '}
        {formatClock(DEFAULT_SALE_END_TIME)} if no end time was set — in the seller's local time. A{' '}
        {singleItem.toLowerCase()} ends {SINGLE_ITEM_LIFETIME_DAYS} days after it was posted. From
        then on it's hidden from everyone else; you still see it in My Listings, marked “Expired”.
      </>
    ),
  },
  {
    icon: Trash2,
    title: 'It’s cleared away',
    body: `${ENDED_LISTING_PURGE_DAYS} days after it ends, the listing is deleted automatically, together with its photos, saves and the conversations about it. Sold early? Delete it yourself any time from My Listings.`,
  },
];

function HowItWorksContent() {
  return (
    <div className="mx-auto max-w-3xl space-y-12 text-foreground">
      <p className="text-lg leading-8 text-muted-foreground">
        YardSale connects you with the people on your street and around the corner, so the things
        you no longer need find a new home nearby. It's free, there are no fees, and it works in
        three simple steps.
      </p>

      <ProseSection id="three-steps" title="Three simple steps">
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, body }, i) => (
            <li
              key={title}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                >
                  {i + 1}
                </span>
                <Icon className="size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="text-lg font-semibold text-foreground">{title}</h3>
              <p className="leading-7 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ol>
      </ProseSection>

      <ProseSection id="for-sellers" title="For sellers">
        <div className="grid gap-4 md:grid-cols-2">
          <Card icon={Store} title="Create your listing">
            <NumberedList
              items={[
                <>
                  Tap <strong className="font-medium text-foreground">Post Listing</strong>.
                </>,
                <>
                  Choose <strong className="font-medium text-foreground">{garageSale}</strong> for a
                  whole sale on a set day, or{' '}
                  <strong className="font-medium text-foreground">{singleItem}</strong> for one
                  thing.
                </>,
                'Give it a clear title and a short, honest description.',
                `Add up to ${MAX_PHOTOS_PER_LISTING} photos — the first one becomes the cover.`,
                'Pick a category and a price range.',
                'Enter the address, and for a garage sale the date, start time and end time.',
                'Optionally add a contact phone or e-mail, then publish.',
              ]}
            />
          </Card>
          <Card icon={MessageCircle} title="Hear from buyers">
            <p>
              Interested neighbours message you from your listing, and the conversation appears in
              Messages. Reply to arrange pickup or a visit to your sale.
            </p>
            <p>
              You can edit your listing at any time, and delete it once everything's gone. There are
              no listing fees and no commission: whatever you sell for is yours.
            </p>
          </Card>
        </div>
      </ProseSection>

      <ProseSection id="for-buyers" title="For buyers">
        <div className="grid gap-4 md:grid-cols-2">
          <Card icon={Search} title="Find something good">
            <p>
              Home shows what your neighbours have for sale, with a tab for {singleItem}s and one
              for {garageSale}s. Search by keyword, filter by category, and save listings you want
              to come back to. Live Sales Now lists the garage sales happening today and this
              weekend.
            </p>
          </Card>
          <Card icon={Handshake} title="Make the deal">
            <p>
              Open a listing to see its photos, price range, address and times, plus the seller's
              rating and reviews. Tap Message to ask a question or arrange a pickup, use Open in
              Maps for directions, and pay the seller directly when you meet. Afterwards, leave them
              a review.
            </p>
          </Card>
        </div>
      </ProseSection>

      <ProseSection
        id="listing-lifecycle"
        title="What happens to a listing over time"
        intro="Listings don’t linger after the sale is over. Here’s the life of a listing, start to finish."
      >
        <ol className="relative space-y-6 border-l border-border pl-6">
          {timeline.map(({ icon: Icon, title, body }) => (
            <li key={title} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-0.5 -left-[2.4rem] flex size-7 items-center justify-center rounded-full border border-border bg-background"
              >
                <Icon className="size-4 text-primary" />
              </span>
              <h3 className="font-semibold text-foreground">{title}</h3>
              <p className="mt-1 leading-7 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ol>
        <div className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4">
          <CalendarClock className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p className="leading-7 text-muted-foreground">
            Garage sale dates and times are in your own local time, the way you'd write them on a
            sign at the end of the driveway — the listing ends when your sale does.
          </p>
        </div>
      </ProseSection>

      <ProseSection id="safety" title="Stay safe">
        <Card icon={ShieldCheck} title="Simple habits, safe exchanges">
          <Bullets>
            <li>
              Meet in daylight, in a public place where you can, and bring a friend for big items.
            </li>
            <li>Keep conversations in YardSale Messages until you're comfortable sharing more.</li>
            <li>
              Look the item over before you pay, and never pay a deposit up front to a stranger.
            </li>
            <li>Hosting a sale? Keep it outside and don't invite people into your home.</li>
            <li>Check the seller's rating and reviews, and trust your instincts.</li>
            <li>
              If something's not right, tap Report on the listing — our team reviews every report.
            </li>
          </Bullets>
        </Card>
      </ProseSection>
    </div>
  );
}

export default HowItWorksContent;

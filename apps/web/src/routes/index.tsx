import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { Badge, Button, PageSpinner } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  ArrowRightIcon,
  BadgeCheckIcon,
  HandCoinsIcon,
  HandshakeIcon,
  LayoutGridIcon,
  MapPinIcon,
  MessageCircleIcon,
  SmartphoneIcon,
  SparklesIcon,
  StoreIcon,
  UserPlusIcon,
  UsersIcon,
  WandSparklesIcon,
} from 'lucide-react';

import { YardIllustration } from '../components/landing/yard-illustration';
import { useSessionUser } from '../lib/session';

export const Route = createFileRoute('/')({
  // The root has already asked who this is, without loading the API client for a visitor.
  beforeLoad: async ({ context, location }) => {
    const user = await context.app.loadSession(location.pathname).catch(() => null);
    if (user) throw redirect({ to: '/home' });
  },
  pendingComponent: PageSpinner,
  component: LandingPage,
});

interface Point {
  icon: LucideIcon;
  title: string;
  body: string;
}

const CLAIMS: readonly Point[] = [
  {
    icon: MapPinIcon,
    title: 'Hyperlocal community',
    body: 'Everything on YardSale is a short walk or drive away, posted by the people who live around you.',
  },
  {
    icon: BadgeCheckIcon,
    title: 'Verified users and guidelines',
    body: 'Every seller has an account and a public profile with reviews, and clear community guidelines keep things friendly.',
  },
  {
    icon: HandCoinsIcon,
    title: 'Zero fees',
    body: 'No listing fees and no commission. You keep 100% of what you make.',
  },
];

const FEATURES: readonly Point[] = [
  {
    icon: LayoutGridIcon,
    title: 'Category filters',
    body: 'Jump straight to furniture, electronics, kids’ things, antiques and more.',
  },
  {
    icon: MapPinIcon,
    title: 'Location-based search',
    body: 'See what is for sale near you, with the address and directions one tap away.',
  },
  {
    icon: WandSparklesIcon,
    title: 'Guided listing creation',
    body: 'A step-by-step form helps you add photos, a price range and sale times in minutes.',
  },
  {
    icon: SmartphoneIcon,
    title: 'Mobile-first interface',
    body: 'Made for the phone in your pocket, whether you are posting from the garage or browsing on the go.',
  },
  {
    icon: MessageCircleIcon,
    title: 'Built-in direct messaging',
    body: 'Ask a question or arrange a pick-up without sharing your phone number.',
  },
];

const STEPS: readonly Point[] = [
  {
    icon: UserPlusIcon,
    title: 'Sign up and create a profile',
    body: 'It takes a minute and it is free. Add a photo so neighbours know who they are meeting.',
  },
  {
    icon: StoreIcon,
    title: 'List a sale or browse',
    body: 'Post a whole garage sale or a single item, or see what your neighbours are selling.',
  },
  {
    icon: HandshakeIcon,
    title: 'Connect and exchange',
    body: 'Message each other, agree the details and meet up to hand things over.',
  },
];

const STATS = [
  { value: 'Coming Soon', label: 'Active listings' },
  { value: 'Coming Soon', label: 'Happy sellers' },
  { value: '4', label: 'Neighbourhoods' },
  { value: '4.9', label: 'Average rating' },
] as const;

function LandingPage() {
  const signedIn = Boolean(useSessionUser());

  return (
    <>
      {/* Hero */}
      <section
        aria-labelledby="landing-heading"
        className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-background to-background"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-10 pb-6 sm:px-6 md:grid-cols-2 md:pt-16 md:pb-20 lg:gap-16">
          <div className="flex flex-col items-start">
            <Badge variant="success" size="lg" className="mb-5">
              <SparklesIcon aria-hidden="true" />
              Free for neighbours · no fees, ever
            </Badge>
            <h1
              id="landing-heading"
              className="font-display text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
              Great finds are <span className="text-primary">just down the street</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
              YardSale is the neighbourhood marketplace for garage sales and single items. Post a
              sale in minutes, browse what’s for sale nearby and message sellers directly.
            </p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              {signedIn ? (
                <Button asChild size="lg">
                  <Link to="/home">
                    Go to Dashboard
                    <ArrowRightIcon aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <Button asChild size="lg">
                  <Link to="/auth" search={{ mode: 'register' }}>
                    Start Selling Today
                    <ArrowRightIcon aria-hidden="true" />
                  </Link>
                </Button>
              )}
              <Button asChild size="lg" variant="outline">
                <a href="#features">Learn More</a>
              </Button>
            </div>
          </div>
          <YardIllustration className="mx-auto max-w-md md:max-w-none" />
        </div>
      </section>

      {/* Claims */}
      <section
        aria-labelledby="claims-heading"
        className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6"
      >
        <h2 id="claims-heading" className="sr-only">
          Why YardSale
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {CLAIMS.map((claim) => (
            <li key={claim.title} className="rounded-2xl border bg-card p-6 shadow-card">
              <span className="flex size-11 items-center justify-center rounded-xl bg-pine-50 text-pine-700">
                <claim.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 font-display text-lg font-semibold tracking-tight">
                {claim.title}
              </h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{claim.body}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Features */}
      <section id="features" aria-labelledby="features-heading" className="bg-card py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="features-heading" eyebrow="Features">
            Everything you need to buy and sell next door
          </SectionHeading>
          <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <feature.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-display text-lg font-semibold tracking-tight">
                    {feature.title}
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                    {feature.body}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Three steps */}
      <section
        aria-labelledby="steps-heading"
        className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 sm:py-20"
      >
        <SectionHeading id="steps-heading" eyebrow="How it works">
          Three steps to your first sale
        </SectionHeading>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-card">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary font-display text-base font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon aria-hidden="true" className="size-5 text-muted-foreground" />
              </div>
              <h3 className="mt-4 font-display text-lg font-semibold tracking-tight">
                {step.title}
              </h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Stats */}
      <section aria-labelledby="stats-heading" className="px-4 sm:px-6">
        <div className="mx-auto max-w-7xl rounded-3xl bg-pine-800 px-6 py-10 text-white sm:px-10">
          <h2
            id="stats-heading"
            className="text-center font-display text-2xl font-bold tracking-tight text-balance"
          >
            Growing one street at a time
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse items-center gap-1 text-center"
              >
                <dt className="text-sm text-pine-100">{stat.label}</dt>
                <dd
                  className={
                    stat.value === 'Coming Soon'
                      ? 'font-display text-xl font-bold text-amber-200 sm:text-2xl'
                      : 'font-display text-4xl font-extrabold'
                  }
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Closing call to action */}
      <section
        aria-labelledby="cta-heading"
        className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <UsersIcon aria-hidden="true" className="size-7" />
        </span>
        <h2
          id="cta-heading"
          className="mt-5 font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Ready to clear out the garage?
        </h2>
        <p className="mt-3 text-lg text-pretty text-muted-foreground">
          Turn the things you no longer need into something a neighbour will love, and find a
          bargain or two on the way.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {signedIn ? (
            <>
              <Button asChild size="lg">
                <Link to="/create-listing">Start Your First Sale</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/home">Browse Sales</Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/auth" search={{ mode: 'register' }}>
                  Start Your First Sale
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/auth" search={{ mode: 'register' }}>
                  Sign Up to Browse
                </Link>
              </Button>
            </>
          )}
        </div>
      </section>
    </>
  );
}

/** A centred section title with a small label above it. */
function SectionHeading({
  id,
  eyebrow,
  children,
}: {
  id: string;
  eyebrow: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl"
      >
        {children}
      </h2>
    </div>
  );
}

import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, Card, EmptyState } from '@yardsale/ui';
import { PlusIcon, SearchIcon, StoreIcon, TagIcon, WarehouseIcon, ZapIcon } from 'lucide-react';

import { PageContainer } from '../../components/layout/page';
import { useCurrentUser } from '../../lib/session';

export const Route = createFileRoute('/_authenticated/home')({
  head: () => ({ meta: [{ title: 'Browse · YardSale' }] }),
  component: HomePage,
});

const STATS = [
  { label: 'Active Listings', icon: StoreIcon },
  { label: 'Single Items', icon: TagIcon },
  { label: 'Garage Sales', icon: WarehouseIcon },
] as const;

function HomePage() {
  const user = useCurrentUser();

  return (
    <PageContainer width="wide" className="flex flex-col gap-6 sm:gap-8">
      <section
        aria-labelledby="home-heading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-600 to-brand-700 px-6 py-8 text-primary-foreground shadow-float sm:px-10 sm:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-10 size-64 rounded-full bg-brand-400/40 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-28 left-1/2 size-80 rounded-full bg-amber-400/25 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            Hi {user.firstName}
          </p>
          <h1
            id="home-heading"
            className="mt-2 font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Find treasures in your neighbourhood
          </h1>
          <p className="mt-3 text-base text-pretty text-brand-50/90 sm:text-lg">
            Garage sales and single items from people who live nearby. Clearing out? Post a listing
            in a couple of minutes.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-card text-brand-700 hover:bg-brand-50">
              <Link to="/create-listing">
                <PlusIcon aria-hidden="true" />
                Post Listing
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/10 text-primary-foreground hover:border-white/70 hover:bg-white/20"
            >
              <Link to="/current">
                <ZapIcon aria-hidden="true" />
                Live Sales Now
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <Card aria-labelledby="home-stats-heading" className="p-5 sm:p-6">
        <h2 id="home-stats-heading" className="sr-only">
          Listings near you
        </h2>
        <dl className="grid grid-cols-3 gap-3 sm:gap-6">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-4 sm:text-left"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:size-12">
                <stat.icon aria-hidden="true" className="size-5 sm:size-6" />
              </span>
              <div className="flex flex-col-reverse">
                <dt className="text-xs font-medium text-muted-foreground sm:text-sm">
                  {stat.label}
                </dt>
                <dd className="font-display text-2xl font-bold text-muted-foreground/60">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not counted yet</span>
                </dd>
              </div>
            </div>
          ))}
        </dl>
      </Card>

      <EmptyState
        icon={<SearchIcon />}
        titleAs="h2"
        title="Browsing is on its way"
        description="Search, category filters and carousels of single items and garage sales near you will appear here."
      />
    </PageContainer>
  );
}

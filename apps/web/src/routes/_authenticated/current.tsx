import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, Card } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarDaysIcon,
  PlusIcon,
  SearchIcon,
  SunIcon,
  WarehouseIcon,
  ZapIcon,
} from 'lucide-react';
import { useState } from 'react';

import { PageContainer } from '../../components/layout/page';
import { LIVE_SALES_TEXTS } from '../../components/listings/listing-texts';
import { saleDays } from '../../components/live-sales/sale-days';
import type { SaleDays } from '../../components/live-sales/sale-days';
import { SaleSection } from '../../components/live-sales/sale-section';
import { formatSaleDays } from '../../components/listings/listing-format';
import type { AppTRPC } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc';

/** Today's and the weekend's garage sales, by the viewer's own calendar. */
function salesQueries(trpc: AppTRPC, days: SaleDays) {
  return {
    today: trpc.listings.salesBetween.queryOptions({ from: days.today, to: days.today }),
    weekend: trpc.listings.salesBetween.queryOptions(days.weekend),
  };
}

export const Route = createFileRoute('/_authenticated/current')({
  head: () => ({ meta: [{ title: 'Live Sales Now · YardSale' }] }),
  loader: ({ context: { queryClient, trpc } }) => {
    // Started with the route; the sections show skeletons until the answers arrive.
    const queries = salesQueries(trpc, saleDays(new Date()));
    void queryClient.query(queries.today).catch(() => undefined);
    void queryClient.query(queries.weekend).catch(() => undefined);
    void queryClient.query(trpc.listings.stats.queryOptions()).catch(() => undefined);
  },
  component: LiveSalesPage,
});

const numberFormat = new Intl.NumberFormat('en-US');

function LiveSalesPage() {
  const trpc = useTRPC();
  // Fixed for the visit, so the sections do not change under the reader at midnight.
  const [days] = useState(() => saleDays(new Date()));
  const queries = salesQueries(trpc, days);
  // Garage sales only (spec section 9); the server already answers with nothing else.
  const onlySales = (listings: ListingSummary[]) =>
    listings.filter((listing) => listing.listingType === 'garage-sale');
  const today = useQuery({ ...queries.today, select: onlySales });
  const weekend = useQuery({ ...queries.weekend, select: onlySales });
  const stats = useQuery(trpc.listings.stats.queryOptions());

  const statItems: readonly { label: string; value: number | undefined; icon: LucideIcon }[] = [
    { label: 'Active Today', value: today.data?.length, icon: SunIcon },
    { label: 'This Weekend', value: weekend.data?.length, icon: CalendarDaysIcon },
    { label: 'Total Sales', value: stats.data?.garageSales, icon: WarehouseIcon },
  ];

  return (
    <PageContainer width="wide" className="flex flex-col gap-6 sm:gap-8">
      <section
        aria-labelledby="live-heading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-pine-800 via-pine-700 to-pine-600 px-5 py-7 text-white shadow-float sm:px-10 sm:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-16 size-72 rounded-full bg-pine-400/30 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-24 left-1/3 size-72 rounded-full bg-amber-300/20 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            <span aria-hidden="true" className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-300 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-amber-300" />
            </span>
            Live near you
          </p>
          <h1
            id="live-heading"
            className="mt-3 font-display text-[1.75rem] leading-tight font-bold tracking-tight sm:text-4xl"
          >
            Live Sales Now
          </h1>
          <p className="mt-2 text-sm text-pretty text-pine-50/90 sm:mt-3 sm:text-lg">
            Garage sales open today and coming up this weekend in your neighbourhood. Grab a coffee
            and plan your route.
          </p>
          <div className="mt-5 grid grid-cols-2 gap-3 sm:mt-6 sm:flex">
            <Button asChild size="lg" className="bg-white px-4 text-pine-800 hover:bg-pine-50">
              <Link to="/home">
                <SearchIcon aria-hidden="true" />
                Browse All
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/10 px-4 text-white hover:border-white/70 hover:bg-white/20"
            >
              <Link to="/create-listing">
                <PlusIcon aria-hidden="true" />
                {LIVE_SALES_TEXTS.postAction}
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <Card role="region" aria-labelledby="live-stats-heading" className="p-4 sm:p-6">
        <h2 id="live-stats-heading" className="sr-only">
          Garage sales at a glance
        </h2>
        <dl className="grid grid-cols-3 divide-x">
          {statItems.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col items-center gap-1 px-1 text-center sm:flex-row sm:gap-4 sm:px-6 sm:text-left sm:first:pl-0"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-pine-50 text-pine-700 sm:size-12">
                <stat.icon aria-hidden="true" className="size-5 sm:size-6" />
              </span>
              <div className="flex flex-col-reverse">
                <dt className="text-xs font-medium text-muted-foreground sm:text-sm">
                  {stat.label}
                </dt>
                <dd className="font-display text-2xl font-bold tabular-nums">
                  {stat.value === undefined ? (
                    <span className="text-muted-foreground/50">
                      <span aria-hidden="true">…</span>
                      <span className="sr-only">Loading</span>
                    </span>
                  ) : (
                    numberFormat.format(stat.value)
                  )}
                </dd>
              </div>
            </div>
          ))}
        </dl>
      </Card>

      <SaleSection
        id="today"
        title="Happening Today"
        description={formatSaleDays(days.today)}
        icon={ZapIcon}
        sales={today.data}
        failed={today.isError}
        onRetry={() => void today.refetch()}
        emptyTitle={LIVE_SALES_TEXTS.noneToday}
      />
      <SaleSection
        id="weekend"
        title="This Weekend"
        description={formatSaleDays(days.weekend.from, days.weekend.to)}
        icon={CalendarDaysIcon}
        sales={weekend.data}
        failed={weekend.isError}
        onRetry={() => void weekend.refetch()}
        emptyTitle={LIVE_SALES_TEXTS.noneThisWeekend}
      />
    </PageContainer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ListingSummary } from '@yardsale/validators';
import {
  CalendarDaysIcon,
  PlusIcon,
  SearchIcon,
  SunIcon,
  WarehouseIcon,
  ZapIcon,
} from 'lucide-react';
import { useState } from 'react';

import { GlanceStats } from '../../components/layout/glance-stats';
import { HeroBanner } from '../../components/layout/hero-banner';
import { PageContainer } from '../../components/layout/page';
import { LIVE_SALES_TEXTS } from '../../components/listings/listing-texts';
import { saleDays } from '../../components/live-sales/sale-days';
import type { SaleDays } from '../../components/live-sales/sale-days';
import { SaleSection } from '../../components/live-sales/sale-section';
import { formatSaleDays } from '../../components/listings/listing-format';
import type { AppTRPC } from '../../lib/trpc';
import { batchSent, useTRPC } from '../../lib/trpc';

/** Today's and the weekend's garage sales, by the viewer's own calendar. */
function salesQueries(trpc: AppTRPC, days: SaleDays) {
  return {
    today: trpc.listings.salesBetween.queryOptions({ from: days.today, to: days.today }),
    weekend: trpc.listings.salesBetween.queryOptions(days.weekend),
  };
}

export const Route = createFileRoute('/_authenticated/current')({
  head: () => ({ meta: [{ title: 'Live Sales Now · YardSale' }] }),
  loader: async ({ context: { queryClient, trpc } }) => {
    // Started with the route; the sections show skeletons until the answers arrive.
    const queries = salesQueries(trpc, saleDays(new Date()));
    void queryClient.query(queries.today).catch(() => undefined);
    void queryClient.query(queries.weekend).catch(() => undefined);
    void queryClient.query(trpc.listings.stats.queryOptions()).catch(() => undefined);
    await batchSent();
  },
  component: LiveSalesPage,
});

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

  return (
    <PageContainer width="wide" className="flex flex-col gap-6 sm:gap-8">
      <HeroBanner
        variant="live"
        headingId="live-heading"
        eyebrow="Live near you"
        title="Live Sales Now"
        description="Garage sales open today and coming up this weekend in your neighbourhood. Grab a coffee and plan your route."
        primary={{ to: '/home', label: 'Browse All', icon: SearchIcon }}
        links={[{ to: '/create-listing', label: LIVE_SALES_TEXTS.postAction, icon: PlusIcon }]}
      />

      <GlanceStats
        headingId="live-stats-heading"
        heading="Garage sales at a glance"
        tone="pine"
        stats={[
          { label: 'Active Today', value: today.data?.length, icon: SunIcon },
          { label: 'This Weekend', value: weekend.data?.length, icon: CalendarDaysIcon },
          { label: 'Total Sales', value: stats.data?.garageSales, icon: WarehouseIcon },
        ]}
        placeholder={
          <span className="text-muted-foreground/50">
            <span aria-hidden="true">…</span>
            <span className="sr-only">Loading</span>
          </span>
        }
      />

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

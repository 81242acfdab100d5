import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  CalendarDaysIcon,
  MapIcon,
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
import { LocationChip } from '../../components/location/location-chip';
import { saleDays } from '../../components/live-sales/sale-days';
import { SaleSection } from '../../components/live-sales/sale-section';
import { SalesByDay } from '../../components/live-sales/sales-by-day';
import type { SaleDay } from '../../components/live-sales/sales-by-day';
import { nearestFirst, onlySales, salesQueries } from '../../components/live-sales/sales-queries';
import { ViewToggle } from '../../components/live-sales/view-toggle';
import { formatSaleDays } from '../../components/listings/listing-format';
import { RouteBar } from '../../components/route/route-bar';
import { oneOf } from '../../lib/search-params';
import { batchSent, useTRPC } from '../../lib/trpc';
import { readViewerLocation, useViewerLocation } from '../../lib/viewer-location';

interface LiveSalesSearch {
  /** The list is the default; the map is asked for. */
  view?: 'map';
  day?: 'weekend';
}

export const Route = createFileRoute('/_authenticated/current')({
  head: () => ({ meta: [{ title: 'Live Sales Now · YardSale' }] }),
  validateSearch: (search: Record<string, unknown>): LiveSalesSearch => ({
    view: oneOf(['map'], search.view),
    day: oneOf(['weekend'], search.day),
  }),
  loader: async ({ context: { queryClient, trpc } }) => {
    // Started with the route; the sections show skeletons until the answers arrive.
    const queries = salesQueries(trpc, saleDays(new Date()), readViewerLocation());
    void queryClient.query(queries.today).catch(() => undefined);
    void queryClient.query(queries.weekend).catch(() => undefined);
    void queryClient.query(trpc.listings.stats.queryOptions()).catch(() => undefined);
    await batchSent();
  },
  component: LiveSalesPage,
});

function LiveSalesPage() {
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const view = search.view ?? 'list';
  const day: SaleDay = search.day ?? 'today';
  const { location } = useViewerLocation();
  // Fixed for the visit, so the sections do not change under the reader at midnight.
  const [days] = useState(() => saleDays(new Date()));
  const queries = salesQueries(trpc, days, location);
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
        links={[
          { to: '/map', label: 'Map', icon: MapIcon },
          { to: '/create-listing', label: LIVE_SALES_TEXTS.postAction, icon: PlusIcon },
        ]}
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

      <div className="flex flex-wrap items-center justify-between gap-3">
        <LocationChip />
        <ViewToggle
          view={view}
          onChange={(next) =>
            void navigate({
              search: (prev) => ({ ...prev, view: next === 'map' ? 'map' : undefined }),
              replace: true,
            })
          }
        />
      </div>

      {view === 'map' ? (
        <SalesByDay
          view="map"
          day={day}
          onDayChange={(next) =>
            void navigate({
              search: (prev) => ({ ...prev, day: next === 'weekend' ? 'weekend' : undefined }),
              replace: true,
            })
          }
          days={days}
          today={today}
          weekend={weekend}
          location={location}
        />
      ) : (
        <>
          <SaleSection
            id="today"
            title="Happening Today"
            description={formatSaleDays(days.today)}
            icon={ZapIcon}
            sales={today.data ? nearestFirst(today.data) : undefined}
            failed={today.isError}
            onRetry={() => void today.refetch()}
            emptyTitle={LIVE_SALES_TEXTS.noneToday}
          />
          <SaleSection
            id="weekend"
            title="This Weekend"
            description={formatSaleDays(days.weekend.from, days.weekend.to)}
            icon={CalendarDaysIcon}
            sales={weekend.data ? nearestFirst(weekend.data) : undefined}
            failed={weekend.isError}
            onRetry={() => void weekend.refetch()}
            emptyTitle={LIVE_SALES_TEXTS.noneThisWeekend}
          />
        </>
      )}
      <RouteBar />
    </PageContainer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { CATEGORIES } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';
import { ZapIcon } from 'lucide-react';
import { useState } from 'react';

import { ListingFilters } from '../../components/home/listing-filters';
import { PageContainer } from '../../components/layout/page';
import { LocationChip } from '../../components/location/location-chip';
import { saleDays } from '../../components/live-sales/sale-days';
import { SalesByDay } from '../../components/live-sales/sales-by-day';
import type { SaleDay } from '../../components/live-sales/sales-by-day';
import { onlySales, salesQueries } from '../../components/live-sales/sales-queries';
import { ViewToggle } from '../../components/live-sales/view-toggle';
import { RouteBar } from '../../components/route/route-bar';
import { oneOf, textUpTo } from '../../lib/search-params';
import { batchSent, useTRPC } from '../../lib/trpc';
import { readViewerLocation, useViewerLocation } from '../../lib/viewer-location';

interface MapSearch {
  /** The map is the default here; the list is its accessible equivalent. */
  view?: 'list';
  day?: 'weekend';
  q?: string;
  category?: Category;
}

export const Route = createFileRoute('/_authenticated/map')({
  head: () => ({ meta: [{ title: 'Map of sales · YardSale' }] }),
  validateSearch: (search: Record<string, unknown>): MapSearch => ({
    view: oneOf(['list'], search.view),
    day: oneOf(['weekend'], search.day),
    q: textUpTo(200, search.q),
    category: oneOf(CATEGORIES, search.category),
  }),
  loaderDeps: ({ search }) => ({ q: search.q, category: search.category }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    const queries = salesQueries(trpc, saleDays(new Date()), readViewerLocation(), {
      search: deps.q,
      category: deps.category,
    });
    void queryClient.query(queries.today).catch(() => undefined);
    void queryClient.query(queries.weekend).catch(() => undefined);
    await batchSent();
  },
  component: MapPage,
});

function MapPage() {
  const trpc = useTRPC();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { location } = useViewerLocation();
  // Fixed for the visit, so the map does not change under the reader at midnight.
  const [days] = useState(() => saleDays(new Date()));
  const queries = salesQueries(trpc, days, location, {
    search: search.q,
    category: search.category,
  });
  const today = useQuery({ ...queries.today, select: onlySales });
  const weekend = useQuery({ ...queries.weekend, select: onlySales });
  const view = search.view ?? 'map';
  const day: SaleDay = search.day ?? 'today';

  return (
    <PageContainer width="wide" className="flex flex-col gap-5 sm:gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Sales near you
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Garage sales open today and this weekend. Pick the ones you like and we’ll plan the drive.{' '}
          <Link
            to="/current"
            className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ZapIcon aria-hidden="true" className="size-4" />
            Live Sales Now
          </Link>
        </p>
      </header>

      <ListingFilters
        search={search.q}
        category={search.category}
        onSearchChange={(q) =>
          void navigate({ search: (prev) => ({ ...prev, q: q || undefined }), replace: true })
        }
        onCategoryChange={(category) =>
          void navigate({ search: (prev) => ({ ...prev, category }), replace: true })
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <LocationChip />
        <ViewToggle
          view={view}
          onChange={(next) =>
            void navigate({
              search: (prev) => ({ ...prev, view: next === 'list' ? 'list' : undefined }),
              replace: true,
            })
          }
        />
      </div>

      <SalesByDay
        view={view}
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
        mapClassName="h-[60vh] min-h-80 max-h-[44rem]"
      />
      <RouteBar />
    </PageContainer>
  );
}

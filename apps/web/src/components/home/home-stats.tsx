import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@yardsale/ui';
import { StoreIcon, TagIcon, WarehouseIcon } from 'lucide-react';
import { useDeferredValue } from 'react';

import { useTRPC } from '../../lib/trpc';
import { GlanceStats } from '../layout/glance-stats';

/**
 * Active listings near the viewer, by type. Loaded alongside the carousels rather than before the
 * page, so the screen never waits on a count.
 */
export function HomeStats() {
  const trpc = useTRPC();
  const { data, isError } = useQuery(trpc.listings.stats.queryOptions());
  // An answer from the server is drawn at once, in one piece that the page cannot interrupt; the
  // counts can wait for a background render that gives way to the browser.
  const stats = useDeferredValue(data);

  return (
    <GlanceStats
      headingId="home-stats-heading"
      heading="Listings near you"
      tone="brand"
      compact
      stats={[
        { label: 'Active Listings', value: stats?.total, icon: StoreIcon },
        { label: 'Single Items', value: stats?.singleItems, icon: TagIcon },
        { label: 'Garage Sales', value: stats?.garageSales, icon: WarehouseIcon },
      ]}
      placeholder={
        isError ? (
          <span className="text-muted-foreground/60">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available</span>
          </span>
        ) : (
          <>
            <Skeleton className="my-1 h-6 w-10" />
            <span className="sr-only">Loading</span>
          </>
        )
      }
    />
  );
}

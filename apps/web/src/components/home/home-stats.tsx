import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from '@yardsale/ui';
import { StoreIcon, TagIcon, WarehouseIcon } from 'lucide-react';

import { useTRPC } from '../../lib/trpc';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Active listings near the viewer, by type. Loaded alongside the carousels rather than before the
 * page, so the screen never waits on a count.
 */
export function HomeStats() {
  const trpc = useTRPC();
  const { data: stats, isError } = useQuery(trpc.listings.stats.queryOptions());
  const items = [
    { label: 'Active Listings', value: stats?.total, icon: StoreIcon },
    { label: 'Single Items', value: stats?.singleItems, icon: TagIcon },
    { label: 'Garage Sales', value: stats?.garageSales, icon: WarehouseIcon },
  ] as const;

  return (
    <Card role="region" aria-labelledby="home-stats-heading" className="p-4 sm:p-6">
      <h2 id="home-stats-heading" className="sr-only">
        Listings near you
      </h2>
      <dl className="grid grid-cols-3 divide-x">
        {items.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col items-center gap-1 px-1 text-center sm:flex-row sm:gap-4 sm:px-6 sm:text-left sm:first:pl-0"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:size-12">
              <stat.icon aria-hidden="true" className="size-5 sm:size-6" />
            </span>
            <div className="flex flex-col-reverse">
              <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{stat.label}</dt>
              <dd className="font-display text-2xl font-bold tabular-nums">
                {stat.value !== undefined ? (
                  numberFormat.format(stat.value)
                ) : isError ? (
                  <span className="text-muted-foreground/60">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not available</span>
                  </span>
                ) : (
                  <>
                    <Skeleton className="my-1 h-6 w-10" />
                    <span className="sr-only">Loading</span>
                  </>
                )}
              </dd>
            </div>
          </div>
        ))}
      </dl>
    </Card>
  );
}

import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@yardsale/ui';
import type { RatingSummary } from '@yardsale/validators';
import { MessageSquareQuoteIcon, StarIcon, StoreIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { formatAverage } from '../reviews/rating-format';
import { formatCount } from '../../lib/format';

/** Quick Stats: listings and reviews counted, the average to one decimal (a dash before any). */
export function SellerStats({
  listingCount,
  rating,
}: {
  listingCount: number | undefined;
  rating: RatingSummary | undefined;
}) {
  const average =
    rating === undefined ? undefined : rating.averageRating === null ? null : rating.averageRating;
  const rows: readonly { label: string; icon: LucideIcon; value: ReactNode }[] = [
    {
      label: 'Total listings',
      icon: StoreIcon,
      value: listingCount === undefined ? undefined : formatCount(listingCount),
    },
    {
      label: 'Total reviews',
      icon: MessageSquareQuoteIcon,
      value: rating === undefined ? undefined : formatCount(rating.totalReviews),
    },
    {
      label: 'Average rating',
      icon: StarIcon,
      value:
        average === undefined ? undefined : average === null ? (
          <span className="text-muted-foreground/60">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No reviews yet</span>
          </span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <StarIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {formatAverage(average)}
          </span>
        ),
    },
  ];
  return (
    <Card role="region" aria-labelledby="seller-stats-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="seller-stats-heading">Quick Stats</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col divide-y">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-3 py-2.5">
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <row.icon aria-hidden="true" className="size-4 text-primary" />
                {row.label}
              </dt>
              <dd className="font-display font-bold tabular-nums">
                {row.value === undefined ? <Skeleton className="h-5 w-8" /> : row.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

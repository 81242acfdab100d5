import { Card, CardContent, CardHeader, CardTitle } from '@yardsale/ui';
import { MessageSquareQuoteIcon, StarIcon, StoreIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/** Quick Stats: listings are counted; reviews show a dash until neighbours can write them. */
export function SellerStats({ listingCount }: { listingCount: number }) {
  const rows: readonly { label: string; icon: LucideIcon; value: number | null }[] = [
    { label: 'Total listings', icon: StoreIcon, value: listingCount },
    { label: 'Total reviews', icon: MessageSquareQuoteIcon, value: null },
    { label: 'Average rating', icon: StarIcon, value: null },
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
              {row.value === null ? (
                <dd className="font-display font-bold text-muted-foreground/60">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not counted yet</span>
                </dd>
              ) : (
                <dd className="font-display font-bold tabular-nums">{row.value}</dd>
              )}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

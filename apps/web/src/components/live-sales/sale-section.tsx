import { Link } from '@tanstack/react-router';
import { Badge, Button, EmptyState } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import type { LucideIcon } from 'lucide-react';
import { PlusIcon, RefreshCwIcon } from 'lucide-react';

import { ListingCard } from '../listings/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../listings/listing-grid';
import { LIVE_SALES_TEXTS } from '../listings/listing-texts';
import { RouteStopButton } from '../route/route-stop-button';

interface SaleSectionProps {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Undefined while loading. */
  sales: readonly ListingSummary[] | undefined;
  failed: boolean;
  onRetry: () => void;
  emptyTitle: string;
}

/**
 * Happening Today or This Weekend: a count, the sales as cards, or the empty state
 * (docs/product/screens.md#live-sales-now).
 */
export function SaleSection({
  id,
  title,
  description,
  icon: Icon,
  sales,
  failed,
  onRetry,
  emptyTitle,
}: SaleSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={sales === undefined}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <h2
          id={headingId}
          className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight sm:text-2xl"
        >
          <Icon aria-hidden="true" className="size-5 text-primary sm:size-6" />
          {title}
          {sales ? (
            // Said as "4 sales" through hidden text: a label on a plain span is not read.
            <Badge className="tabular-nums">
              <span aria-hidden="true">{sales.length}</span>
              <span className="sr-only">
                {sales.length} {sales.length === 1 ? 'sale' : 'sales'}
              </span>
            </Badge>
          ) : null}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {failed ? (
        <EmptyState
          icon={<RefreshCwIcon />}
          title="We couldn't load these sales"
          description="Check your connection and try again."
          action={
            <Button type="button" variant="outline" onClick={onRetry}>
              <RefreshCwIcon aria-hidden="true" />
              Try again
            </Button>
          }
        />
      ) : sales === undefined ? (
        <>
          <ListingGridSkeleton count={3} />
          <span className="sr-only" role="status">
            Loading sales
          </span>
        </>
      ) : sales.length === 0 ? (
        <EmptyState
          icon={<Icon />}
          title={emptyTitle}
          description="Holding one? Post it and neighbours will find it here."
          action={
            <Button asChild>
              <Link to="/create-listing">
                <PlusIcon aria-hidden="true" />
                {LIVE_SALES_TEXTS.postAction}
              </Link>
            </Button>
          }
        />
      ) : (
        <ListingGrid>
          {sales.map((sale) => (
            <li key={sale.id}>
              <ListingCard
                listing={sale}
                actions={<RouteStopButton listingId={sale.id} title={sale.title} />}
              />
            </li>
          ))}
        </ListingGrid>
      )}
    </section>
  );
}

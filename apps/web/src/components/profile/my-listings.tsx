import { Link } from '@tanstack/react-router';
import { Badge, Button, Card, CategoryBadge, EmptyState } from '@yardsale/ui';
import { ENDED_LISTING_PURGE_DAYS, LISTING_TYPE_LABELS } from '@yardsale/validators';
import type { ListingSummary } from '@yardsale/validators';
import {
  CalendarDaysIcon,
  EyeIcon,
  LayoutListIcon,
  PencilIcon,
  PlusIcon,
  StoreIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';

import { IconCardHeader } from '../layout/icon-card-header';
import { ListingCover } from '../listings/listing-cover';
import { formatSaleDays, formatTimeRange } from '../listings/listing-format';
import { LISTING_TEXTS } from '../listings/listing-texts';
import { DeleteListingDialog } from './delete-listing-dialog';
import { formatDate } from '../../lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an ended listing will be cleared away, as the product decisions describe. */
function removalNote(listing: ListingSummary): string {
  const removal = new Date(listing.endsAt.getTime() + ENDED_LISTING_PURGE_DAYS * DAY_MS);
  // The clean-up runs periodically, so a listing can outlive its day by a little.
  const when =
    removal.getTime() > Date.now()
      ? `on ${formatDate(removal, { zone: 'local', month: 'short' })}`
      : 'shortly';
  return `Ended and hidden from others; it will be removed ${when}.`;
}

function whenLine(listing: ListingSummary): string {
  if (listing.listingType === 'garage-sale' && listing.startDate) {
    const times = formatTimeRange(listing.startTime, listing.endTime);
    const days = formatSaleDays(listing.startDate, listing.endDate);
    return times ? `${days} · ${times}` : days;
  }
  return `Posted ${formatDate(listing.createdAt, { zone: 'local', month: 'short' })}`;
}

/** The seller's own listings, ended ones included and marked, each with View, Edit and Delete. */
export function MyListings({ listings }: { listings: readonly ListingSummary[] }) {
  const [deleting, setDeleting] = useState<ListingSummary | null>(null);

  return (
    <Card role="region" aria-labelledby="my-listings-heading">
      <IconCardHeader
        icon={LayoutListIcon}
        title="My Listings"
        titleId="my-listings-heading"
        description={
          listings.length === 0
            ? 'Your garage sales and single items will appear here.'
            : 'View, edit or delete what you’ve posted. Ended listings are only visible to you.'
        }
      />
      <div className="px-5 pb-5 sm:px-6 sm:pb-6">
        {listings.length === 0 ? (
          <EmptyState
            icon={<StoreIcon />}
            title="You haven’t posted anything yet"
            description="A garage sale or a single item takes a couple of minutes to list."
            action={
              <Button asChild>
                <Link to="/create-listing">
                  <PlusIcon aria-hidden="true" />
                  Post a Listing
                </Link>
              </Button>
            }
          />
        ) : (
          <ul className="flex flex-col divide-y">
            {listings.map((listing) => (
              <li
                key={listing.id}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
                  <div className="relative aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-xl border bg-muted sm:w-28">
                    <ListingCover
                      image={listing.primaryImage}
                      title={listing.title}
                      className={listing.isExpired ? 'opacity-60 grayscale' : undefined}
                    />
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                    <h3 className="line-clamp-2 font-display leading-snug font-semibold wrap-anywhere">
                      {listing.title}
                    </h3>
                    <div className="flex flex-wrap items-center gap-1.5">
                      {listing.isExpired ? (
                        <Badge variant="destructive">{LISTING_TEXTS.expired}</Badge>
                      ) : null}
                      <CategoryBadge category={listing.category} />
                      <Badge variant="outline">{LISTING_TYPE_LABELS[listing.listingType]}</Badge>
                      <span className="text-sm font-semibold">{listing.priceRange}</span>
                    </div>
                    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <CalendarDaysIcon aria-hidden="true" className="size-4 shrink-0" />
                      {whenLine(listing)}
                    </p>
                    {listing.isExpired ? (
                      <p className="text-sm text-muted-foreground">{removalNote(listing)}</p>
                    ) : null}
                  </div>
                </div>
                <div className="grid grid-cols-3 gap-2 sm:flex sm:shrink-0">
                  <Button asChild variant="outline" size="sm">
                    <Link to="/listing/$id" params={{ id: String(listing.id) }}>
                      <EyeIcon aria-hidden="true" />
                      View
                      <span className="sr-only"> {listing.title}</span>
                    </Link>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <Link to="/edit-listing/$id" params={{ id: String(listing.id) }}>
                      <PencilIcon aria-hidden="true" />
                      Edit
                      <span className="sr-only"> {listing.title}</span>
                    </Link>
                  </Button>
                  <Button
                    type="button"
                    variant="outlineDanger"
                    size="sm"
                    onClick={() => setDeleting(listing)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete
                    <span className="sr-only"> {listing.title}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DeleteListingDialog listing={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

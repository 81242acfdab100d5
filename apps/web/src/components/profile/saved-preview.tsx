import { Link } from '@tanstack/react-router';
import { Card, CardContent, CategoryBadge } from '@yardsale/ui';
import { SAVED_PREVIEW_COUNT } from '@yardsale/validators';
import type { ListingSummary } from '@yardsale/validators';
import { BookmarkIcon, ChevronRightIcon } from 'lucide-react';

import { IconCardHeader } from '../layout/icon-card-header';
import { ListingCover } from '../listings/listing-cover';

/** The three most recently saved listings, and the way to all of them. */
export function SavedPreview({ saved }: { saved: readonly ListingSummary[] }) {
  const preview = saved.slice(0, SAVED_PREVIEW_COUNT);
  return (
    <Card role="region" aria-labelledby="saved-preview-heading">
      <IconCardHeader
        icon={BookmarkIcon}
        title="Saved Listings"
        titleId="saved-preview-heading"
        description={
          saved.length === 0
            ? 'Tap the bookmark on any listing to keep it here for later.'
            : 'Your most recent saves.'
        }
      />
      <CardContent className="flex flex-col gap-4">
        {preview.length > 0 ? (
          <ul className="flex flex-col gap-1">
            {preview.map((listing) => (
              <li key={listing.id}>
                <Link
                  to="/listing/$id"
                  params={{ id: String(listing.id) }}
                  className="-mx-2 flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="relative aspect-square w-14 shrink-0 overflow-hidden rounded-lg border bg-muted">
                    <ListingCover image={listing.primaryImage} title="" />
                  </span>
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="truncate text-sm font-semibold">{listing.title}</span>
                    <span className="flex items-center gap-2">
                      <CategoryBadge category={listing.category} />
                      <span className="text-xs font-semibold text-muted-foreground">
                        {listing.priceRange}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to="/saved-listings"
          className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-semibold text-primary hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {saved.length > 0 ? `View all saved listings (${saved.length})` : 'View saved listings'}
          <ChevronRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

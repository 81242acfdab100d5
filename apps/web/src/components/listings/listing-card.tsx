import { Link } from '@tanstack/react-router';
import { Badge, CategoryBadge, Skeleton, UserAvatar, cn } from '@yardsale/ui';
import { LISTING_TYPE_LABELS } from '@yardsale/validators';
import type { ListingSummary } from '@yardsale/validators';
import { CalendarDaysIcon, ClockIcon, ImagesIcon, MapPinIcon, NavigationIcon } from 'lucide-react';
import { memo } from 'react';
import type { ReactNode } from 'react';

import { useCurrentUser } from '../../lib/session';
import { ListingCover } from './listing-cover';
import { formatDistance, formatSaleDays, formatTimeRange, sellerShortName } from './listing-format';
import { LISTING_TEXTS } from './listing-texts';
import { SaveListingButton } from './save-listing-button';

interface ListingCardProps {
  listing: ListingSummary;
  /** Runs as the card's link is followed (the home screen remembers where the carousel was). */
  onOpen?: () => void;
  /** Extra controls under the card body, e.g. removing it from the saved list. */
  actions?: ReactNode;
  /** The bookmark on the photo; off where the actions already manage saving. */
  saveControl?: boolean;
  /** The listing type on the photo; off where the screen already says it (the home tabs). */
  typeBadge?: boolean;
  className?: string;
}

/**
 * A listing in a carousel or grid. The whole card opens the listing: the title's link is stretched
 * over it, so the save button can sit on the photo without nesting a button inside a link.
 * Memoised: a row redrawn because its loading state changed leaves its cards as they are.
 */
export const ListingCard = memo(function ListingCard({
  listing,
  onOpen,
  actions,
  saveControl = true,
  typeBadge = true,
  className,
}: ListingCardProps) {
  const user = useCurrentUser();
  const isSale = listing.listingType === 'garage-sale';
  const times = formatTimeRange(listing.startTime, listing.endTime);
  const distance = formatDistance(listing.distanceMiles);

  return (
    <article
      className={cn(
        'group relative flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-card transition-shadow',
        // The stretched title link draws the focus ring around the whole card.
        'hover:shadow-float has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2 has-[a:focus-visible]:ring-offset-background',
        className,
      )}
    >
      {/* Wide, so a whole card fits a phone's first screen and a row a laptop's. */}
      <div className="relative aspect-[2/1] overflow-hidden bg-muted">
        <ListingCover
          image={listing.primaryImage}
          title={listing.title}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="pointer-events-none absolute top-3 left-3 flex flex-wrap gap-1.5">
          {typeBadge ? (
            <Badge
              variant="plain"
              className={cn(
                'bg-white/95 shadow-sm ring-stone-900/8 backdrop-blur',
                isSale ? 'text-brand-800' : 'text-pine-800',
              )}
            >
              {LISTING_TYPE_LABELS[listing.listingType]}
            </Badge>
          ) : null}
          {listing.isExpired ? <Badge variant="destructive">{LISTING_TEXTS.expired}</Badge> : null}
        </div>
        {listing.imageCount > 1 ? (
          <span className="pointer-events-none absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-stone-950/65 px-2 py-0.5 text-xs font-medium text-white">
            <ImagesIcon aria-hidden="true" className="size-3.5" />
            {listing.imageCount}
            <span className="sr-only"> photos</span>
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-3.5">
        {/* On a narrow card the price moves under a long category rather than past the edge. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <CategoryBadge category={listing.category} />
          <span className="text-sm font-bold whitespace-nowrap text-foreground">
            <span className="sr-only">Price range: </span>
            {listing.priceRange}
          </span>
        </div>

        <h3 className="line-clamp-2 font-display text-base leading-snug font-semibold tracking-tight wrap-anywhere">
          <Link
            to="/listing/$id"
            params={{ id: String(listing.id) }}
            onClick={onOpen}
            className="outline-none after:absolute after:inset-0 after:z-[1] after:content-['']"
          >
            {listing.title}
          </Link>
        </h3>

        <dl className="flex flex-col gap-1.5 text-sm text-muted-foreground">
          {isSale && listing.startDate ? (
            <div className="flex items-center gap-1.5">
              <dt className="shrink-0">
                <CalendarDaysIcon aria-hidden="true" className="size-4 text-primary" />
                <span className="sr-only">Date</span>
              </dt>
              <dd className="font-medium text-foreground">
                {formatSaleDays(listing.startDate, listing.endDate)}
              </dd>
            </div>
          ) : null}
          {isSale && times ? (
            <div className="flex items-center gap-1.5">
              <dt className="shrink-0">
                <ClockIcon aria-hidden="true" className="size-4 text-primary" />
                <span className="sr-only">Time</span>
              </dt>
              <dd>{times}</dd>
            </div>
          ) : null}
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="shrink-0">
              <MapPinIcon aria-hidden="true" className="size-4 text-primary" />
              <span className="sr-only">Address</span>
            </dt>
            <dd className="min-w-0 truncate">{listing.address}</dd>
          </div>
          {distance ? (
            <div className="flex items-center gap-1.5">
              <dt className="shrink-0">
                <NavigationIcon aria-hidden="true" className="size-4 text-primary" />
                <span className="sr-only">Distance</span>
              </dt>
              <dd className="font-medium text-foreground" data-testid="listing-distance">
                {distance}
                <span className="sr-only"> away</span>
              </dd>
            </div>
          ) : null}
        </dl>

        <div className="mt-auto flex items-center gap-2 border-t pt-2.5 text-sm">
          <span aria-hidden="true">
            <UserAvatar src={listing.user.profilePicture} name={listing.user.firstName} size="sm" />
          </span>
          <span className="min-w-0 truncate font-medium">
            <span className="sr-only">Seller: </span>
            {sellerShortName(listing.user)}
          </span>
          <SellerRating
            averageRating={listing.user.averageRating}
            totalReviews={listing.user.totalReviews}
          />
        </div>
      </div>

      {actions ? (
        <div className="relative z-[2] flex flex-wrap gap-2 border-t px-4 py-3">{actions}</div>
      ) : null}

      {saveControl && listing.userId !== user.id && !listing.isExpired ? (
        <div className="absolute top-2.5 right-2.5 z-[2]">
          <SaveListingButton listing={listing} />
        </div>
      ) : null}
    </article>
  );
});

/** The seller's average rating and how many reviews it rests on; nothing before the first review. */
function SellerRating({
  averageRating,
  totalReviews,
}: {
  averageRating: number | null;
  totalReviews: number;
}) {
  if (averageRating === null || totalReviews === 0) return null;
  return (
    <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-foreground">
      {/* A character, not an icon: the card's code is on every first screen. */}
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span className="sr-only">Rated </span>
      {averageRating.toFixed(1)}
      <span className="font-normal text-muted-foreground">
        ({totalReviews}
        <span className="sr-only"> reviews</span>)
      </span>
    </span>
  );
}

/** The shape of a card while listings load. */
export function ListingCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('flex h-full flex-col overflow-hidden rounded-2xl border bg-card', className)}
    >
      <Skeleton className="aspect-[2/1] rounded-none!" />
      <div className="flex flex-col gap-2 p-3 sm:p-3.5">
        <div className="flex justify-between">
          <Skeleton className="h-5 w-24 rounded-full!" />
          <Skeleton className="h-5 w-16" />
        </div>
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-3/4" />
        <div className="mt-1 flex items-center gap-2 border-t pt-2.5">
          <Skeleton className="size-8 rounded-full!" />
          <Skeleton className="h-4 w-20" />
        </div>
      </div>
    </div>
  );
}

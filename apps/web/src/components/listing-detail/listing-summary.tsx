import { Link } from '@tanstack/react-router';
import { Badge, Button, Card, CategoryBadge, UserAvatar } from '@yardsale/ui';
import { LISTING_TYPE_LABELS } from '@yardsale/validators';
import {
  CalendarDaysIcon,
  ChevronRightIcon,
  ClockIcon,
  MapPinIcon,
  PackageIcon,
  PencilIcon,
  TentIcon,
  TimerIcon,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { fullName } from '../../lib/session';
import type { SessionUser } from '../../lib/session';
import type { ListingDetail } from '../../lib/upload';
import { formatTimeRange } from '../listings/listing-format';
import { LISTING_TEXTS } from '../listings/listing-texts';
import { DeleteListingButton } from './delete-listing-button';
import { MessageSellerButton } from './message-seller-button';
import { ReportListingButton } from './report-listing-button';
import { autoDeletionText, formatSaleDateSpan } from './listing-dates';
import { SaveButton } from './save-button';
import { ShareButton } from './share-button';
import { formatDate } from '../../lib/format';

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    // A grid, not nested boxes: a <dl> group may hold only its <dt> and <dd> (and hidden
    // decoration).
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3">
      <span
        aria-hidden="true"
        className="row-span-2 flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
      >
        <Icon className="size-4" />
      </span>
      <dt className="col-start-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="col-start-2 font-medium text-pretty">{children}</dd>
    </div>
  );
}

/**
 * The listing at a glance, with what this viewer can do: a buyer messages, saves, shares and
 * reports; the seller edits, deletes and shares; the admin may also delete someone else's listing.
 */
export function ListingSummary({
  listing,
  viewer,
}: {
  listing: ListingDetail;
  viewer: SessionUser;
}) {
  const isOwner = listing.userId === viewer.id;
  const isAdmin = viewer.role === 'admin';
  const isGarageSale = listing.listingType === 'garage-sale';
  const hours = formatTimeRange(listing.startTime, listing.endTime);
  const seller = fullName(listing.user);

  return (
    <Card className="gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">
            {isGarageSale ? <TentIcon aria-hidden="true" /> : <PackageIcon aria-hidden="true" />}
            {LISTING_TYPE_LABELS[listing.listingType]}
          </Badge>
          <CategoryBadge category={listing.category} />
          {listing.isExpired ? <Badge variant="destructive">{LISTING_TEXTS.expired}</Badge> : null}
        </div>
        <h1 className="font-display text-2xl leading-tight font-bold tracking-tight text-balance wrap-anywhere sm:text-3xl">
          {listing.title}
        </h1>
        <p className="font-display text-2xl font-bold text-primary">
          <span className="sr-only">Price range: </span>
          {listing.priceRange}
        </p>
      </div>

      <dl className="grid gap-4">
        {isGarageSale && listing.startDate ? (
          <Fact icon={CalendarDaysIcon} label="Date">
            {formatSaleDateSpan(listing.startDate, listing.endDate)}
          </Fact>
        ) : (
          <Fact icon={CalendarDaysIcon} label="Listed">
            {formatDate(listing.createdAt, { zone: 'local', month: 'long', year: true })}
          </Fact>
        )}
        {isGarageSale && hours ? (
          <Fact icon={ClockIcon} label="Time">
            {hours}
          </Fact>
        ) : null}
        <Fact icon={MapPinIcon} label="Address">
          {listing.address}
        </Fact>
      </dl>

      <div className="grid gap-2">
        {isOwner ? (
          <>
            <Button asChild size="lg">
              <Link to="/edit-listing/$id" params={{ id: String(listing.id) }}>
                <PencilIcon aria-hidden="true" />
                Edit Listing
              </Link>
            </Button>
            <div className="grid grid-cols-2 gap-2">
              <ShareButton listingId={listing.id} />
              <DeleteListingButton listingId={listing.id} as="owner" />
            </div>
          </>
        ) : (
          <>
            <MessageSellerButton listingId={listing.id} />
            <div className="grid grid-cols-2 gap-2">
              <SaveButton listing={listing} />
              <ShareButton listingId={listing.id} />
            </div>
            {isAdmin ? <DeleteListingButton listingId={listing.id} as="admin" /> : null}
            <ReportListingButton
              listingId={listing.id}
              listingTitle={listing.title}
              sellerId={listing.user.id}
              sellerName={seller}
            />
          </>
        )}
      </div>

      <div className="border-t pt-3">
        <Link
          to="/users/$userId"
          params={{ userId: String(listing.user.id) }}
          className="group -mx-2 flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <span aria-hidden="true">
            <UserAvatar src={listing.user.profilePicture} name={seller} />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="text-xs font-medium text-muted-foreground">
              {isOwner ? 'Listed by you' : 'Listed by'}
            </span>
            {/* Long names wrap rather than being cut (it is who the reader is about to meet), so
                the name has the whole width and the link's label goes under it. */}
            <span className="font-semibold break-words">{seller}</span>
            <span className="mt-0.5 flex items-center gap-1 text-sm font-medium text-primary">
              View profile
              <ChevronRightIcon aria-hidden="true" className="size-4" />
            </span>
          </span>
        </Link>
      </div>

      <p className="flex gap-2 rounded-xl bg-muted px-3 py-2.5 text-sm text-muted-foreground">
        <TimerIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {autoDeletionText(listing)}
      </p>
    </Card>
  );
}

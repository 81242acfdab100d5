import { Card, CardContent, CardHeader, CardTitle } from '@yardsale/ui';
import { ENDED_LISTING_PURGE_DAYS } from '@yardsale/validators';
import { CircleAlertIcon, FileTextIcon } from 'lucide-react';

import type { SessionUser } from '../../lib/session';
import type { ListingDetail } from '../../lib/upload';
import { BelowTheFold } from '../layout/below-the-fold';
import { BackLink, PageContainer } from '../layout/page';
import { ContactCard } from './contact-card';
import { ListingGallery } from './listing-gallery';
import { ListingSummary } from './listing-summary';
import { LocationCard } from './location-card';
import { SellerReviews } from './seller-reviews';

/**
 * Phones read top to bottom: photos, the summary with its buttons, then the details. Wide screens
 * keep the summary in a column beside the photos, in view while the details scroll.
 */
export function ListingDetailView({
  listing,
  viewer,
}: {
  listing: ListingDetail;
  viewer: SessionUser;
}) {
  const isOwner = listing.userId === viewer.id;
  return (
    <PageContainer width="wide">
      <div className="mb-4">
        <BackLink to="/home" label="Back to Browse" />
      </div>
      {listing.isExpired && isOwner ? (
        <div
          role="status"
          className="mb-6 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
          <p>
            <strong className="font-semibold">This listing has ended.</strong> Only you can see it
            now, and it is deleted {ENDED_LISTING_PURGE_DAYS} days after it ended.
          </p>
        </div>
      ) : null}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ListingGallery images={listing.images} title={listing.title} />
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-24">
            <ListingSummary listing={listing} viewer={viewer} />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <BelowTheFold placeholder={<div className="min-h-dvh" />}>
            <ListingDetails listing={listing} viewer={viewer} isOwner={isOwner} />
          </BelowTheFold>
        </div>
      </div>
    </PageContainer>
  );
}

function ListingDetails({
  listing,
  viewer,
  isOwner,
}: {
  listing: ListingDetail;
  viewer: SessionUser;
  isOwner: boolean;
}) {
  return (
    <>
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <FileTextIcon aria-hidden="true" className="size-5 text-primary" />
            <CardTitle asChild>
              <h2>
                {listing.listingType === 'garage-sale' ? 'About this sale' : 'About this item'}
              </h2>
            </CardTitle>
          </div>
        </CardHeader>
        <CardContent>
          {listing.description ? (
            <p className="leading-relaxed whitespace-pre-line text-pretty wrap-anywhere">
              {listing.description}
            </p>
          ) : (
            <p className="text-muted-foreground">The seller didn&apos;t add a description.</p>
          )}
        </CardContent>
      </Card>
      <ContactCard phone={listing.contactPhone} email={listing.contactEmail} isOwner={isOwner} />
      <LocationCard
        address={listing.address}
        approximate={listing.location?.approximate ?? false}
      />
      <SellerReviews listing={listing} viewer={viewer} />
    </>
  );
}

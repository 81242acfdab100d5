import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardContent, Skeleton } from '@yardsale/ui';
import { CircleCheckIcon, StarIcon } from 'lucide-react';
import { Suspense, useDeferredValue, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { useAfterPageLoad } from '../../lib/after-page-load';
import type { SessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import type { ListingDetail } from '../../lib/upload';
import { IconCardHeader } from '../layout/icon-card-header';
import { formatReviewDate } from '../reviews/rating-format';
import { RatingSummary } from '../reviews/rating-summary';
import { ReviewList, ReviewsFailed, ReviewsLoading } from '../reviews/review-list';

// The form (and the form library under it) sits at the foot of the page: it loads once the page
// has, instead of holding back the listing's first paint.
const ReviewForm = lazyPiece(() =>
  import('../reviews/review-form').then((module) => ({ default: module.ReviewForm })),
);

/** Enough to judge a seller at a glance; the rest is one tap away. */
const FIRST_REVIEWS_SHOWN = 3;

/**
 * What neighbours say about this listing's seller, and (for anyone but the seller) a form to add
 * a review about this listing.
 */
export function SellerReviews({
  listing,
  viewer,
}: {
  listing: ListingDetail;
  viewer: SessionUser;
}) {
  const trpc = useTRPC();
  const sellerId = listing.user.id;
  const rating = useQuery(trpc.reviews.rating.queryOptions({ userId: sellerId }));
  const reviews = useQuery(trpc.reviews.ofUser.queryOptions({ userId: sellerId }));
  // Drawn in a background render that yields to the browser: the reviews arrive with the header's
  // own data, and drawing all of it at once would hold the page still.
  const ratingData = useDeferredValue(rating.data);
  const reviewsData = useDeferredValue(reviews.data);
  const [showAll, setShowAll] = useState(false);
  const formWanted = useAfterPageLoad();
  const isOwner = listing.userId === viewer.id;
  const seller = listing.user.firstName;
  // One review per reviewer, seller and listing: someone who wrote theirs sees it acknowledged.
  const mine = reviewsData?.find(
    (review) => review.reviewer.id === viewer.id && review.listingId === listing.id,
  );
  const shown = showAll ? reviewsData : reviewsData?.slice(0, FIRST_REVIEWS_SHOWN);
  const hidden = (reviewsData?.length ?? 0) - (shown?.length ?? 0);

  return (
    <Card role="region" aria-labelledby="seller-reviews-heading">
      <IconCardHeader
        icon={StarIcon}
        title="Seller reviews"
        titleId="seller-reviews-heading"
        description={
          isOwner
            ? 'What neighbours say about you as a seller.'
            : `What neighbours say about buying from ${seller}.`
        }
      />
      <CardContent className="flex flex-col gap-5">
        {ratingData?.totalReviews === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-stone-300 px-4 py-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-500">
              <StarIcon aria-hidden="true" className="size-5" />
            </span>
            <div className="grid gap-0.5">
              <RatingSummary
                rating={ratingData}
                className="text-base! font-semibold text-foreground!"
              />
              <p className="text-sm text-muted-foreground">
                {isOwner
                  ? 'Reviews from your buyers will show up here.'
                  : `Bought something from ${seller}? Be the first to leave a review.`}
              </p>
            </div>
          </div>
        ) : ratingData ? (
          <RatingSummary rating={ratingData} size="lg" />
        ) : rating.isError ? (
          <p className="text-sm text-muted-foreground">The rating could not be loaded.</p>
        ) : (
          <Skeleton className="h-8 w-56" />
        )}

        {reviews.isError && !reviewsData ? (
          <ReviewsFailed />
        ) : !reviewsData ? (
          <ReviewsLoading />
        ) : shown && shown.length > 0 ? (
          <div className="flex flex-col gap-3">
            <ReviewList reviews={shown} label={`Reviews of ${seller}`} />
            {hidden > 0 ? (
              <Button
                type="button"
                variant="link"
                className="self-start"
                onClick={() => setShowAll(true)}
              >
                Show all {reviewsData.length} reviews
              </Button>
            ) : null}
          </div>
        ) : null}

        {isOwner ? null : (
          <div className="border-t pt-5">
            {mine ? (
              <p className="flex items-start gap-2 rounded-xl bg-secondary/70 px-3 py-2.5 text-sm wrap-anywhere">
                <CircleCheckIcon
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-primary"
                />
                You reviewed {seller} for this listing on {formatReviewDate(mine.createdAt)}. Thank
                you!
              </p>
            ) : (
              <>
                <h3 className="mb-4 font-display text-lg font-semibold tracking-tight">
                  Leave a review
                </h3>
                {formWanted ? (
                  <Suspense fallback={<ReviewFormPlaceholder />}>
                    <ReviewForm
                      sellerId={sellerId}
                      sellerFirstName={seller}
                      listingId={listing.id}
                    />
                  </Suspense>
                ) : (
                  <ReviewFormPlaceholder />
                )}
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Holds the form's room while it loads, so the page's foot does not jump when it arrives. */
function ReviewFormPlaceholder() {
  return <Skeleton className="h-76 w-full rounded-xl sm:h-68" />;
}

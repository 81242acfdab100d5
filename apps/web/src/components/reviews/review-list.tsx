import { Skeleton, StarRating, UserAvatar } from '@yardsale/ui';
import type { ReviewOutput } from '@yardsale/validators';

import { formatReviewDate, reviewerName } from './rating-format';

/** Reviews newest first: who wrote it, their stars, when, and what they said. */
export function ReviewList({
  reviews,
  label,
}: {
  reviews: readonly ReviewOutput[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y">
      {reviews.map((review) => {
        const name = reviewerName(review.reviewer);
        return (
          <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
            <span aria-hidden="true">
              <UserAvatar src={review.reviewer.profilePicture} name={name} size="sm" />
            </span>
            <article
              className="flex min-w-0 flex-1 flex-col gap-1"
              aria-label={`Review by ${name}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5">
                <p className="min-w-0 font-semibold wrap-anywhere">{name}</p>
                <time
                  dateTime={review.createdAt.toISOString()}
                  className="text-xs text-muted-foreground"
                >
                  {formatReviewDate(review.createdAt)}
                </time>
              </div>
              <StarRating value={review.rating} size="sm" />
              {review.comment ? (
                <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-pretty text-foreground/90">
                  {review.comment}
                </p>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** Where a list of reviews will appear while it loads. */
export function ReviewsLoading() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

export function ReviewsFailed() {
  return (
    <p className="text-sm text-muted-foreground">
      Reviews could not be loaded. Reload the page to try again.
    </p>
  );
}

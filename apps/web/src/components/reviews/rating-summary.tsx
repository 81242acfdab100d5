import { StarRating, cn } from '@yardsale/ui';
import type { RatingSummary as RatingSummaryData } from '@yardsale/validators';

import { formatAverage, reviewCountLabel } from './rating-format';

/**
 * A seller's stars, average and count in one line. Before the first review there is no average to
 * show, and an empty row of stars would read as a bad rating, so it says so in words.
 */
export function RatingSummary({
  rating,
  size = 'md',
  className,
}: {
  rating: RatingSummaryData;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  if (rating.averageRating === null || rating.totalReviews === 0) {
    return (
      <p className={cn('text-sm text-muted-foreground', className)} data-testid="rating-summary">
        No reviews yet
      </p>
    );
  }
  const average = formatAverage(rating.averageRating);
  return (
    <p
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', className)}
      data-testid="rating-summary"
    >
      <StarRating value={rating.averageRating} size={size} />
      <span
        className={cn(
          'font-display font-bold tabular-nums',
          size === 'lg' ? 'text-2xl' : size === 'md' ? 'text-base' : 'text-sm',
        )}
      >
        <span className="sr-only">Average rating </span>
        {average}
      </span>
      <span className="text-sm text-muted-foreground">
        ({reviewCountLabel(rating.totalReviews)})
      </span>
    </p>
  );
}

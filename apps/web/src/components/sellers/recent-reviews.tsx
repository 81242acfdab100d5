import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@yardsale/ui';
import { PROFILE_REVIEW_COUNT } from '@yardsale/validators';
import { MessageSquareQuoteIcon } from 'lucide-react';

import { useTRPC } from '../../lib/trpc';
import { ReviewList, ReviewsFailed, ReviewsLoading } from '../reviews/review-list';

/**
 * The seller's most recent reviews (a profile shows three: docs/product/screens.md#public-profile).
 */
export function RecentReviews({ sellerId, firstName }: { sellerId: number; firstName: string }) {
  const trpc = useTRPC();
  const reviews = useQuery(
    trpc.reviews.ofUser.queryOptions({ userId: sellerId, limit: PROFILE_REVIEW_COUNT }),
  );
  return (
    <Card role="region" aria-labelledby="seller-reviews-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="seller-reviews-heading" className="flex items-center gap-2">
            <MessageSquareQuoteIcon aria-hidden="true" className="size-5 text-primary" />
            Recent Reviews
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {reviews.isPending ? (
          <ReviewsLoading />
        ) : reviews.isError ? (
          <ReviewsFailed />
        ) : reviews.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No reviews yet. Neighbours who buy from {firstName} can review them from any of their
            listings.
          </p>
        ) : (
          <ReviewList reviews={reviews.data} label={`Recent reviews of ${firstName}`} />
        )}
      </CardContent>
    </Card>
  );
}

import { z } from 'zod';

import {
  idSchema,
  ratingSummarySchema,
  reviewOutputSchema,
  reviewSchema,
  userReviewsInputSchema,
} from '@yardsale/validators';

import { createReview, ratingOf, reviewsOf } from '../services/reviews';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, verifiedProcedure } from '../trpc';

export const reviewsRouter = createTRPCRouter({
  /** Rates a seller (1-5, optional comment); once per reviewer, seller and listing, never oneself. */
  create: verifiedProcedure
    .input(reviewSchema)
    .output(reviewOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'reviewsByAccount', String(ctx.user.id));
      await enforceRateLimit(ctx, 'reviewsByClient', ctx.clientIp);
      return createReview(ctx.deps, ctx.user, input);
    }),

  /** A user's reviews, newest first, reviewers' surnames shortened. */
  ofUser: protectedProcedure
    .input(userReviewsInputSchema)
    .output(z.array(reviewOutputSchema))
    .query(({ ctx, input }) => reviewsOf(ctx.deps, input.userId, input.limit)),

  /** Average (one decimal) and count. */
  rating: protectedProcedure
    .input(z.object({ userId: idSchema }))
    .output(ratingSummarySchema)
    .query(({ ctx, input }) => ratingOf(ctx.deps, input.userId)),
});

import { z } from 'zod';

import { ratingSummarySchema, reviewOutputSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Buyers rating sellers. */
export const reviewRoutes: RestRoute[] = [
  procedureRoute(api.reviews.create, {
    method: 'POST',
    url: '/api/reviews',
    operationId: 'createReview',
    summary:
      'Rate a seller 1-5 with an optional comment (once per seller and listing, never oneself)',
    tag: 'reviews',
    body: 'input',
    response: reviewOutputSchema,
    access: 'user',
  }),
  procedureRoute(api.reviews.ofUser, {
    method: 'GET',
    url: '/api/users/:id/reviews',
    operationId: 'listUserReviews',
    summary: "A user's reviews, newest first, reviewers' surnames shortened to a letter",
    tag: 'reviews',
    id: 'userId',
    response: z.array(reviewOutputSchema),
    access: 'user',
  }),
  procedureRoute(api.reviews.rating, {
    method: 'GET',
    url: '/api/users/:id/rating',
    operationId: 'getUserRating',
    summary: "A user's average rating (one decimal, null before the first review) and review count",
    tag: 'reviews',
    id: 'userId',
    response: ratingSummarySchema,
    access: 'user',
  }),
];

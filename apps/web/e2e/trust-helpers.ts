import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';

import { expect } from './support';

const ratingSchema = z.object({
  result: z.object({
    data: z.object({
      json: z.object({ averageRating: z.number().nullable(), totalReviews: z.number() }),
    }),
  }),
});

const reviewsSchema = z.object({
  result: z.object({ data: z.object({ json: z.array(z.object({ rating: z.number() })) }) }),
});

async function query(request: APIRequestContext, path: string, input: unknown) {
  const response = await request.get(`/trpc/${path}`, {
    params: { input: JSON.stringify({ json: input }) },
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return response.json() as Promise<unknown>;
}

/** A seller's ratings as the server has them now: every star given, newest first. */
export async function sellerRatings(request: APIRequestContext, userId: number) {
  const summary = ratingSchema.parse(await query(request, 'reviews.rating', { userId }));
  const reviews = reviewsSchema.parse(
    await query(request, 'reviews.ofUser', { userId, limit: 50 }),
  );
  const stars = reviews.result.data.json.map((review) => review.rating);
  // The sum is only exact while every review fits in one page.
  expect(stars).toHaveLength(summary.result.data.json.totalReviews);
  return stars;
}

/** The average as the page shows it: one decimal. */
export function shownAverage(stars: readonly number[]): string {
  const sum = stars.reduce((total, value) => total + value, 0);
  return (Math.round((sum / stars.length) * 10) / 10).toFixed(1);
}

export function shownCount(count: number): string {
  return `(${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/*
 * What the tests of reviews, reports and the admin's tools share: the listings they post, and limits
 * high enough to post them.
 */
import type { ListingInput } from '@yardsale/validators';

import type { RateLimitSettings } from '../src/services/rate-limits';

/** Everyone here signs up, posts, reviews and reports from the same address, many times over. */
export const trustRateLimits = {
  registerByClient: { points: 1000, durationSeconds: 60 },
  listingCreateByAccount: { points: 1000, durationSeconds: 60 },
  listingCreateByClient: { points: 1000, durationSeconds: 60 },
  reviewsByClient: { points: 1000, durationSeconds: 60 },
  reviewsByAccount: { points: 1000, durationSeconds: 60 },
  reportsByClient: { points: 1000, durationSeconds: 60 },
  reportsByAccount: { points: 1000, durationSeconds: 60 },
} satisfies Partial<RateLimitSettings>;

/** A date `days` from today, as a garage sale's start date. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function item(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    title: 'Oak bookcase',
    category: 'Furniture',
    listingType: 'single-item',
    priceRange: '$50-$100',
    address: '12 Elm Street',
    ...overrides,
  };
}

export function sale(overrides: Partial<ListingInput> = {}): ListingInput {
  return item({
    title: 'Big family garage sale',
    category: 'Multi-Family',
    listingType: 'garage-sale',
    priceRange: 'Negotiable',
    startDate: dayFromToday(5),
    startTime: '08:00',
    endTime: '14:00',
    timeZone: 'UTC',
    ...overrides,
  });
}

/* What the listing tests share: the day they start on, the listings they post, and the sellers who post them. */
import type { ListingInput } from '@yardsale/validators';

import type { RateLimitSettings } from '../src/services/rate-limits';
import type { TestApi } from './testing';

export const START = new Date('2026-06-01T15:00:00Z');

/** Everyone here signs up from the same address, and sellers post many listings. */
export const listingRateLimits = {
  registerByClient: { points: 1000, durationSeconds: 60 },
  listingCreateByAccount: { points: 1000, durationSeconds: 60 },
  listingCreateByClient: { points: 1000, durationSeconds: 60 },
} satisfies Partial<RateLimitSettings>;

export const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Solid oak dining table',
  description: 'Seats six, a few scratches on one leaf.',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$100-$250',
  address: '14 Maple Row, Brookfield',
  timeZone: 'America/Chicago',
  ...overrides,
});

export const sale = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Multi-family garage sale',
  description: 'Tools, toys, books and a canoe.',
  category: 'Multi-Family',
  listingType: 'garage-sale',
  priceRange: 'Negotiable',
  address: '3 Birch Court, Brookfield',
  startDate: '2026-06-06',
  startTime: '08:00',
  endTime: '14:00',
  timeZone: 'America/Chicago',
  ...overrides,
});

/**
 * Signs up sellers on the API `api()` answers, each with an address of their own (or `email`) that they
 * have confirmed, and answers each with a signed-in caller.
 */
export function sellerSignUp(api: () => TestApi, kind: string) {
  let counter = 0;
  return async function person(email?: string) {
    counter += 1;
    const client = await api().as();
    const user = await client.caller.auth.register({
      email: email ?? `seller-${kind}-${counter}@example.com`,
      password: 'listing-pass',
      firstName: `Seller${counter}`,
      lastName: 'Brook',
      termsAccepted: true,
    });
    const cookie = client.cookie() ?? '';
    await client.caller.auth.verifyEmail({
      token: await api().mail.tokenFor(user.email, '/verify-email'),
    });
    return { user, cookie, caller: (await api().as(cookie)).caller };
  };
}

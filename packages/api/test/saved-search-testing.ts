/*
 * What the saved-search tests share: the place and day they happen, the listings they post, and how a
 * person's bell is read.
 */
import { EARTH_RADIUS_MILES } from '@yardsale/geo/distance';
import type { LatLng } from '@yardsale/geo/distance';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import type { ListingInput } from '@yardsale/validators';

import type { TestApi } from './testing';

export const M = NOTIFICATION_TEXT;
export const [TITLE_BEFORE, TITLE_AFTER] = M.savedSearchTitleParts;
export const [ALERT_BEFORE, ALERT_AFTER] = M.savedSearchAlertBodyParts;
export const bellTitle = (name: string) => `${TITLE_BEFORE}${name}${TITLE_AFTER}`;

/** The Capitol square in Madison, WI. */
export const centre: LatLng = { latitude: 43.0747, longitude: -89.3841 };
/** A point `miles` due north of the centre, on the sphere the database measures on. */
export const north = (miles: number): LatLng => ({
  latitude: centre.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  longitude: centre.longitude,
});

// Friday 5 June 2026, 10:00 in Chicago.
export const clock = new Date('2026-06-05T15:00:00Z');

export const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Brass floor lamp',
  category: 'Home & Garden',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: 'Somewhere without a ZIP',
  timeZone: 'America/Chicago',
  ...overrides,
});

/** Every person here signs up from the same address, and one seller posts many listings. */
export const rateLimits = {
  registerByClient: { points: 1000, durationSeconds: 3600 },
  listingCreateByAccount: { points: 1000, durationSeconds: 3600 },
  listingCreateByClient: { points: 1000, durationSeconds: 3600 },
};

/** Made-up words, each `part` inside a different one: "zubaing", "zubbing" … */
export const wordsWith = (part: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const letter = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.charAt(n % 26);
    return `zu${letter(i)}${letter(Math.floor(i / 26))}${part}`;
  });

export type Caller = Awaited<ReturnType<TestApi['signUp']>>['caller'];

/** The bell's saved-search entries about `listingId`. */
export async function bellAbout(caller: Caller, listingId: number) {
  const { items } = await caller.notifications.list();
  return items.filter((n) => n.kind === 'saved-search' && n.listingId === listingId);
}

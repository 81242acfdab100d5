/*
 * What the tests of deleting an account share: every table they count, the people and photos they make,
 * and how they count what is left.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { count, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import sharp from 'sharp';

import * as schema from '@yardsale/db/schema';
import type { ListingInput } from '@yardsale/validators';

import type { RateLimitSettings } from '../src/services/rate-limits';
import { TEST_PASSWORD } from './testing';
import type { TestApi } from './testing';

/** Every table, counted before and after a deletion. */
export const TABLES = {
  users: schema.users,
  sessions: schema.sessions,
  accountTokens: schema.accountTokens,
  recoveryCodes: schema.recoveryCodes,
  passkeys: schema.passkeys,
  signInChallenges: schema.signInChallenges,
  listings: schema.listings,
  listingImages: schema.listingImages,
  listingTerms: schema.listingTerms,
  savedListings: schema.savedListings,
  reviews: schema.reviews,
  conversations: schema.conversations,
  messages: schema.messages,
  userEvents: schema.userEvents,
  reports: schema.reports,
  notificationSettings: schema.notificationSettings,
  pushSubscriptions: schema.pushSubscriptions,
  savedSearches: schema.savedSearches,
  savedSearchWords: schema.savedSearchWords,
  savedSearchMatches: schema.savedSearchMatches,
  listingMatchQueue: schema.listingMatchQueue,
  notifications: schema.notifications,
  notificationOutbox: schema.notificationOutbox,
  notificationDigests: schema.notificationDigests,
  userPresence: schema.userPresence,
} as const;
type TableName = keyof typeof TABLES;

/** Everyone here posts, reviews and reports many times; three wrong passwords hold a deletion back. */
export const deletionRateLimits = {
  registerByClient: { points: 1000, durationSeconds: 60 },
  listingCreateByAccount: { points: 1000, durationSeconds: 60 },
  listingCreateByClient: { points: 1000, durationSeconds: 60 },
  reviewsByAccount: { points: 1000, durationSeconds: 60 },
  reviewsByClient: { points: 1000, durationSeconds: 60 },
  reportsByAccount: { points: 1000, durationSeconds: 60 },
  reportsByClient: { points: 1000, durationSeconds: 60 },
  accountDeletionFailuresByAccount: { points: 3, durationSeconds: 60 },
} satisfies Partial<RateLimitSettings>;

export const confirm = { password: TEST_PASSWORD, confirmation: 'DELETE' } as const;

export const item = (title: string): ListingInput => ({
  title,
  description: 'Solid and well kept.',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: '12 Elm Street',
  timeZone: 'UTC',
});

export function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** People and counts on the API `api()` answers. */
export function deletionSteps(api: () => TestApi) {
  /** Posting, messaging, reviewing and reporting need a confirmed address; these people have one. */
  async function neighbour(firstName: string, lastName = 'Lane') {
    const person = await api().signUp(firstName, { lastName });
    await api()
      .deps.db.update(schema.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schema.users.id, person.user.id));
    return person;
  }

  async function counts(): Promise<Record<TableName, number>> {
    const entries = await Promise.all(
      (Object.keys(TABLES) as TableName[]).map(async (name) => {
        const [row] = await api().deps.db.select({ n: count() }).from(TABLES[name]);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<TableName, number>;
  }

  async function rowCount(table: TableName, where: SQL | undefined): Promise<number> {
    const [row] = await api().deps.db.select({ n: count() }).from(TABLES[table]).where(where);
    return row?.n ?? 0;
  }

  return { neighbour, counts, rowCount };
}

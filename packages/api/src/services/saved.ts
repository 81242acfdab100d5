import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { ListingSummary } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { isLive, selectListings, summaries } from './listing-rows';
import type { ServerDeps } from './types';

const { listings, savedListings } = schema;

const savedBy = (userId: number, listingId: number) =>
  and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId));

export async function isListingSaved(
  deps: ServerDeps,
  userId: number,
  listingId: number,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: savedListings.id })
    .from(savedListings)
    .where(savedBy(userId, listingId));
  return row !== undefined;
}

/** Saves a live listing; saving twice is the same as saving once. */
export async function saveListing(
  deps: ServerDeps,
  userId: number,
  listingId: number,
): Promise<void> {
  const [listing] = await deps.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive(deps.now())));
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
  await deps.db.transaction(async (tx) => {
    await lockLiveAccount(tx, userId);
    await tx
      .insert(savedListings)
      .values({ userId, listingId })
      .onConflictDoNothing({ target: [savedListings.userId, savedListings.listingId] });
  });
}

export async function unsaveListing(
  deps: ServerDeps,
  userId: number,
  listingId: number,
): Promise<void> {
  await deps.db.delete(savedListings).where(savedBy(userId, listingId));
}

export async function savedListingsOf(deps: ServerDeps, userId: number): Promise<ListingSummary[]> {
  const now = deps.now();
  const rows = await selectListings(deps.db)
    .innerJoin(savedListings, eq(savedListings.listingId, listings.id))
    .where(and(eq(savedListings.userId, userId), isLive(now)))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.id));
  return summaries(deps.db, rows, now);
}

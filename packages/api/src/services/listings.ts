/**
 * A seller's listings changing: publishing (placed on the map, its photos stored with it), editing,
 * deleting, and purging those long ended.
 */
import { TRPCError } from '@trpc/server';
import { eq, inArray, lte } from 'drizzle-orm';
import { ZodRealError } from 'zod';

import type { Transaction } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { placeAddress } from '@yardsale/geo/gazetteer';
import type {
  ConversationClosedReason,
  ListingDetail,
  ListingInput,
  ListingLocation,
  ListingValues,
  SaleTiming,
  SessionUser,
} from '@yardsale/validators';
import { listingEndsAt, listingSchema, saleTimingIssues } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { recordEvents } from './conversation-events';
import {
  assertPhotoCount,
  imageKeys,
  removeStoredFiles,
  storeListingPhotos,
} from './listing-photos';
import { getListing, locationOf, ownedListing } from './listing-rows';
import type { StoredPoint } from './listing-rows';
import { queueListingMatch } from './saved-search-matching';
import type { ServerDeps } from './types';

const { conversations, listings, listingImages } = schema;

/**
 * Where a listing goes on the map: the seller's pin (exact), else the centre of its address's ZIP or
 * town from the offline gazetteer (approximate), else nowhere; the listing is published either way.
 */
function placeListing(values: ListingValues): StoredPoint {
  if (values.location) {
    return { ...values.location, locationExact: true };
  }
  const place = placeAddress(values.address);
  return place
    ? { latitude: place.latitude, longitude: place.longitude, locationExact: false }
    : { latitude: null, longitude: null, locationExact: false };
}

/**
 * A sale is published for the future (its date not past, its end not reached, where it takes place).
 * Refused like a form field, so the form shows the message under the date or the end time.
 */
function assertSaleAhead(deps: ServerDeps, values: ListingValues, previous?: SaleTiming) {
  const issues = saleTimingIssues(values, deps.now(), previous);
  if (issues.length === 0) return;
  // ZodRealError is the Error subclass zod throws itself; a plain ZodError would not travel as a cause.
  const cause = new ZodRealError(
    issues.map((issue) => ({ code: 'custom' as const, input: undefined, ...issue })),
  );
  throw new TRPCError({ code: 'BAD_REQUEST', message: issues[0]?.message, cause });
}

function endsAtFor(values: ListingValues, createdAt: Date): Date {
  return listingEndsAt({ ...values, createdAt });
}

/** Creates a listing and its photos together: a refused photo or a failed write leaves neither. */
export async function createListing(
  deps: ServerDeps,
  seller: SessionUser,
  input: ListingInput,
  photos: Buffer[] = [],
): Promise<number> {
  return (await publishListing(deps, seller, input, photos)).id;
}

/**
 * Creates a listing and its photos, and says where it landed on the map: `location` null tells the
 * seller the address was not found (the listing is published all the same).
 */
export async function publishListing(
  deps: ServerDeps,
  seller: SessionUser,
  input: ListingInput,
  photos: Buffer[] = [],
): Promise<{ id: number; location: ListingLocation | null }> {
  const { location: pin, ...values } = listingSchema.parse(input);
  const point = placeListing({ ...values, location: pin });
  assertSaleAhead(deps, values);
  assertPhotoCount(0, photos.length);
  const stored = await storeListingPhotos(deps, photos);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await lockLiveAccount(tx, seller.id);
      const createdAt = deps.now();
      const [created] = await tx
        .insert(listings)
        .values({
          ...values,
          ...point,
          userId: seller.id,
          createdAt,
          updatedAt: createdAt,
          endsAt: endsAtFor(values, createdAt),
        })
        .returning({ id: listings.id });
      if (!created) throw new Error('insert returned no row');
      if (stored.length > 0) {
        await tx.insert(listingImages).values(
          stored.map((photo, position) => ({
            listingId: created.id,
            imageUrl: photo.imageUrl,
            thumbnailUrl: photo.thumbnailUrl,
            width: photo.width,
            height: photo.height,
            isPrimary: position === 0,
            position,
          })),
        );
      }
      // People whose saved searches this listing matches hear of it, once it is committed: the
      // matcher takes it from this queue, so nobody's creation waits on others' searches (077).
      await queueListingMatch(tx, created.id, createdAt);
      return created.id;
    });
    deps.matching.kick();
    return { id, location: locationOf(point) };
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.flatMap((p) => p.keys),
    );
    throw err;
  }
}

export async function updateListing(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
  input: ListingInput,
): Promise<ListingDetail> {
  const { location: pin, ...values } = listingSchema.parse(input);
  const current = await ownedListing(deps.db, id, user, { allowAdmin: false });
  assertSaleAhead(deps, values, current);
  // A new pin or a new address places the listing again; otherwise its point stays as it was.
  const point =
    pin || values.address !== current.address ? placeListing({ ...values, location: pin }) : {};
  await deps.db
    .update(listings)
    .set({
      ...values,
      ...point,
      endsAt: endsAtFor(values, current.createdAt),
      updatedAt: deps.now(),
    })
    .where(eq(listings.id, id));
  return getListing(deps, id, user);
}

/**
 * Tells the people in these listings' conversations that they are going with the listing: each
 * participant who still shows the conversation hears it closed, with why. A seller deleting their own
 * listing is not told it was closed (they did it); their other open screens just drop it. Runs in the
 * deleting transaction, after the listings are locked, so no conversation starts unannounced between
 * this read and the delete. Returns whom to wake after the commit.
 */
async function closeConversationsOf(
  tx: Transaction,
  listingIds: number[],
  reason: ConversationClosedReason,
): Promise<number[]> {
  const rows = await tx
    .select({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      buyerHiddenAt: conversations.buyerHiddenAt,
      sellerHiddenAt: conversations.sellerHiddenAt,
    })
    .from(conversations)
    .where(inArray(conversations.listingId, listingIds));
  const events = rows.flatMap((c) => [
    ...(c.buyerHiddenAt
      ? []
      : [
          {
            userId: c.buyerId,
            kind: 'conversation.closed' as const,
            conversationId: c.id,
            closedReason: reason,
          },
        ]),
    ...(c.sellerHiddenAt
      ? []
      : [
          reason === 'listing.deleted'
            ? { userId: c.sellerId, kind: 'conversation.deleted' as const, conversationId: c.id }
            : {
                userId: c.sellerId,
                kind: 'conversation.closed' as const,
                conversationId: c.id,
                closedReason: reason,
              },
        ]),
  ]);
  await recordEvents(tx, events);
  return [...new Set(events.map((e) => e.userId))];
}

/**
 * Removes listings with their photos, saves and conversations in one transaction; the files go
 * after the commit, so a failure never leaves a listing pointing at missing photos. `reason` is what
 * the conversations' participants are told: deleted by the seller, or removed by the admin.
 */
export async function deleteListings(
  deps: ServerDeps,
  ids: number[],
  reason: ConversationClosedReason,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { deleted, keys, told } = await deps.db.transaction(async (tx) => {
    // Locked first: a conversation being started on one of them waits, then finds it gone.
    const locked = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.id, ids))
      .for('update');
    const lockedIds = locked.map((row) => row.id);
    if (lockedIds.length === 0) return { deleted: 0, keys: [], told: [] };
    const images = await tx
      .select({ imageUrl: listingImages.imageUrl, thumbnailUrl: listingImages.thumbnailUrl })
      .from(listingImages)
      .where(inArray(listingImages.listingId, lockedIds));
    const told = await closeConversationsOf(tx, lockedIds, reason);
    const rows = await tx
      .delete(listings)
      .where(inArray(listings.id, lockedIds))
      .returning({ id: listings.id });
    return {
      deleted: rows.length,
      keys: images.flatMap((image) => imageKeys(deps, image)),
      told,
    };
  });
  await deps.events.wake(told);
  await removeStoredFiles(deps, keys);
  return deleted;
}

export async function deleteListing(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
): Promise<void> {
  const listing = await ownedListing(deps.db, id, user, { allowAdmin: true });
  await deleteListings(
    deps,
    [id],
    listing.userId === user.id ? 'listing.deleted' : 'listing.removed',
  );
}

/**
 * Deletes listings that ended more than `purgeAfterDays` ago, as a manual delete would. Rows are
 * claimed with SKIP LOCKED, so several server instances running this at once never collide.
 */
export async function purgeEndedListings(
  deps: ServerDeps,
  purgeAfterDays: number,
  batchSize = 200,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - purgeAfterDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const { ids, keys, told } = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(lte(listings.endsAt, cutoff))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimedIds = claimed.map((r) => r.id);
      if (claimedIds.length === 0) return { ids: [], keys: [], told: [] };
      const images = await tx
        .select({ imageUrl: listingImages.imageUrl, thumbnailUrl: listingImages.thumbnailUrl })
        .from(listingImages)
        .where(inArray(listingImages.listingId, claimedIds));
      const told = await closeConversationsOf(tx, claimedIds, 'listing.ended');
      await tx.delete(listings).where(inArray(listings.id, claimedIds));
      return { ids: claimedIds, keys: images.flatMap((image) => imageKeys(deps, image)), told };
    });
    await deps.events.wake(told);
    await removeStoredFiles(deps, keys);
    total += ids.length;
    if (ids.length < batchSize) return total;
  }
}

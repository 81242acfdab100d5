import { randomUUID } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { and, asc, count, eq } from 'drizzle-orm';
import pLimit from 'p-limit';

import * as schema from '@yardsale/db/schema';
import type { ListingDetail, SessionUser } from '@yardsale/validators';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING, UI_TEXT } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { processImage } from './images';
import { getListing, ownedListing } from './listing-rows';
import type { ServerDeps } from './types';

const { listingImages } = schema;

/** Image work is CPU-bound: at most this many photos are decoded at once, whatever the traffic. */
const photoWork = pLimit(2);

interface StoredPhoto {
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** Storage keys, to remove the files if the listing is not saved after all. */
  keys: string[];
}

export function assertPhotoCount(existing: number, adding: number) {
  if (existing + adding > MAX_PHOTOS_PER_LISTING) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.tooManyPhotos });
  }
}

/**
 * Checks, resizes and stores photos: a card size and a detail size, upright, as WebP with no
 * metadata (GPS included). All are decoded before any is written, so a bad file stores nothing.
 */
export async function storeListingPhotos(
  deps: ServerDeps,
  files: Buffer[],
): Promise<StoredPhoto[]> {
  for (const file of files) {
    if (file.length > MAX_PHOTO_BYTES)
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: UI_TEXT.listing.photoTooLarge });
  }
  const processed = await Promise.all(
    files.map((file) =>
      photoWork(async () => ({
        card: await processImage(
          file,
          { width: 640, fit: 'inside' },
          UI_TEXT.listing.photoNotImage,
        ),
        detail: await processImage(
          file,
          { width: 1280, height: 1280, fit: 'inside' },
          UI_TEXT.listing.photoNotImage,
        ),
      })),
    ),
  );
  const stored: StoredPhoto[] = [];
  try {
    for (const { card, detail } of processed) {
      const base = `listings/${randomUUID()}`;
      const cardKey = `${base}-card.webp`;
      const detailKey = `${base}-detail.webp`;
      await deps.storage.put(cardKey, card.data, 'image/webp');
      stored.push({
        imageUrl: deps.storage.urlFor(detailKey),
        thumbnailUrl: deps.storage.urlFor(cardKey),
        width: detail.width,
        height: detail.height,
        keys: [cardKey, detailKey],
      });
      await deps.storage.put(detailKey, detail.data, 'image/webp');
    }
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.flatMap((p) => p.keys),
    );
    throw err;
  }
  return stored;
}

export async function removeStoredFiles(deps: ServerDeps, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((err: unknown) => {
        deps.logger.warn({ err, key }, 'could not delete a stored file');
      }),
    ),
  );
}

/** Storage keys behind a listing image's URLs. */
export function imageKeys(
  deps: ServerDeps,
  image: { imageUrl: string; thumbnailUrl: string },
): string[] {
  return [image.imageUrl, image.thumbnailUrl]
    .map((url) => deps.storage.keyFromUrl(url))
    .filter((key): key is string => key !== null);
}

export async function addListingPhotos(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
  photos: Buffer[],
): Promise<ListingDetail> {
  if (photos.length === 0)
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.photoRequired });
  await ownedListing(deps.db, id, user, { allowAdmin: false });
  const [existing] = await deps.db
    .select({ n: count() })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
  assertPhotoCount(existing?.n ?? 0, photos.length);
  const stored = await storeListingPhotos(deps, photos);
  try {
    await deps.db.transaction(async (tx) => {
      // Photos of an account being deleted would outlive it (their files are listed first).
      await lockLiveAccount(tx, user.id);
      // Counted again under the listing's lock: two uploads at once cannot pass five together.
      await ownedListing(tx, id, user, { allowAdmin: false, lock: true });
      const images = await tx
        .select({ position: listingImages.position, isPrimary: listingImages.isPrimary })
        .from(listingImages)
        .where(eq(listingImages.listingId, id));
      assertPhotoCount(images.length, stored.length);
      const nextPosition = Math.max(-1, ...images.map((i) => i.position)) + 1;
      const hasPrimary = images.some((i) => i.isPrimary);
      await tx.insert(listingImages).values(
        stored.map((photo, index) => ({
          listingId: id,
          imageUrl: photo.imageUrl,
          thumbnailUrl: photo.thumbnailUrl,
          width: photo.width,
          height: photo.height,
          isPrimary: !hasPrimary && index === 0,
          position: nextPosition + index,
        })),
      );
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.flatMap((p) => p.keys),
    );
    throw err;
  }
  return getListing(deps, id, user);
}

export async function removeListingPhoto(
  deps: ServerDeps,
  user: SessionUser,
  listingId: number,
  imageId: number,
): Promise<ListingDetail> {
  const removed = await deps.db.transaction(async (tx) => {
    await ownedListing(tx, listingId, user, { allowAdmin: false, lock: true });
    const [image] = await tx
      .delete(listingImages)
      .where(and(eq(listingImages.id, imageId), eq(listingImages.listingId, listingId)))
      .returning();
    if (!image)
      throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.photoNotInListing });
    if (image.isPrimary) {
      // The next photo in order becomes the cover.
      const [next] = await tx
        .select({ id: listingImages.id })
        .from(listingImages)
        .where(eq(listingImages.listingId, listingId))
        .orderBy(asc(listingImages.position), asc(listingImages.id))
        .limit(1);
      if (next)
        await tx
          .update(listingImages)
          .set({ isPrimary: true })
          .where(eq(listingImages.id, next.id));
    }
    return image;
  });
  await removeStoredFiles(deps, imageKeys(deps, removed));
  return getListing(deps, listingId, user);
}

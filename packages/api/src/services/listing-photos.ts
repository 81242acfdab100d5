import { randomUUID } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import pLimit from 'p-limit';

import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING, UI_TEXT } from '@yardsale/validators';

import { processImage } from './images';
import type { ServerDeps } from './types';

/** Image work is CPU-bound: at most this many photos are decoded at once, whatever the traffic. */
const photoWork = pLimit(2);

export interface StoredPhoto {
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

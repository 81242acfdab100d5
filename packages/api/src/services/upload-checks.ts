import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';

import { listingImages, listings } from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import { MAX_PHOTOS_PER_LISTING, UI_TEXT } from '@yardsale/validators';

import type { ServerDeps } from './types';

/*
 * Checks an upload can succeed before its body is read: a refused request must not cost the server
 * megabytes of reading and an image decode. The service that stores the files checks again under lock.
 */

/** Photos for a listing: it must exist, be the caller's, and have room for at least one more. */
export async function checkListingPhotoUpload(
  deps: ServerDeps,
  user: SessionUser,
  listingId: number,
): Promise<void> {
  const [listing] = await deps.db
    .select({ userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
  if (listing.userId !== user.id)
    throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.listing.onlySeller });
  const [photos] = await deps.db
    .select({ n: count() })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId));
  if ((photos?.n ?? 0) >= MAX_PHOTOS_PER_LISTING) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.tooManyPhotos });
  }
}

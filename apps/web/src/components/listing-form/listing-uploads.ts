import {
  createdListingSchema,
  listingDetailSchema,
  listingImageSchema,
} from '@yardsale/validators';
import type { ListingValues } from '@yardsale/validators';
import { z } from 'zod';

import { uploadForm } from '../../lib/upload';
import type { ListingDetail, UploadOptions } from '../../lib/upload';

/** How a refused upload's error begins (docs/product/texts.md#how-a-failed-request-reads). */
const UPLOAD_FAILURES = {
  createListing: 'Failed to create listing',
  addPhotos: 'Failed to upload photos',
} as const;

/** REST answers carry dates as ISO strings; the app works with the same Dates tRPC gives it. */
const restDate = z.coerce.date();
const restListingDetailSchema = listingDetailSchema.extend({
  endsAt: restDate,
  createdAt: restDate,
  updatedAt: restDate,
  images: z.array(listingImageSchema.extend({ createdAt: restDate })),
});

/** The listing form's fields as the multipart body names them. */
type ListingFormFields = Omit<ListingValues, 'timeZone' | 'location'>;

/** Creates the listing and its photos together (all or nothing on the server). */
export async function createListingWithPhotos(
  listing: ListingFormFields & Pick<ListingValues, 'location'>,
  timeZone: string,
  photos: readonly File[],
  options: UploadOptions,
): Promise<z.infer<typeof createdListingSchema>> {
  const body = new FormData();
  const fields: Record<keyof ListingFormFields, string | null> = {
    title: listing.title,
    description: listing.description,
    category: listing.category,
    listingType: listing.listingType,
    priceRange: listing.priceRange,
    address: listing.address,
    startDate: listing.startDate,
    endDate: listing.endDate,
    startTime: listing.startTime,
    endTime: listing.endTime,
    contactPhone: listing.contactPhone,
    contactEmail: listing.contactEmail,
  };
  // All fields as JSON in one "listing" part: the seller's pin is a pair of numbers, not text.
  const texts = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, value ?? '']),
  );
  body.append(
    'listing',
    JSON.stringify({ ...texts, timeZone, location: listing.location ?? null }),
  );
  for (const photo of photos) body.append('photos', photo, photo.name);

  const answer = await uploadForm(
    '/api/listings/create-with-photos',
    body,
    UPLOAD_FAILURES.createListing,
    options,
  );
  return createdListingSchema.parse(answer);
}

/** Adds photos to an existing listing; the server keeps the total at 5 or fewer. */
export async function uploadListingPhotos(
  listingId: number,
  photos: readonly File[],
  options: UploadOptions,
): Promise<ListingDetail> {
  const body = new FormData();
  for (const photo of photos) body.append('images', photo, photo.name);
  const answer = await uploadForm(
    `/api/listings/${listingId}/images`,
    body,
    UPLOAD_FAILURES.addPhotos,
    options,
  );
  return restListingDetailSchema.parse(answer);
}

import type { RouterOutputs } from '@yardsale/api';
import {
  createdListingSchema,
  listingDetailSchema,
  listingImageSchema,
} from '@yardsale/validators';
import type { ListingValues } from '@yardsale/validators';
import { z } from 'zod';

import { HttpError } from './api-request';

export type ListingDetail = RouterOutputs['listings']['byId'];

/** How a refused upload's error begins (spec section 8). */
export const UPLOAD_FAILURES = {
  createListing: 'Failed to create listing',
  addPhotos: 'Failed to upload photos',
} as const;

/** A refused upload: '{what failed}: {status} {body}' (spec section 8), with the server's sentence. */
export class UploadError extends HttpError {
  constructor(failure: string, status: number, body: string, statusText: string) {
    super(status, body, statusText);
    this.message = `${failure}: ${status} ${body || statusText}`;
  }
}

/** The request was cancelled by the person (Cancel Request), not refused. */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
  constructor() {
    super('The upload was cancelled.');
  }
}

export interface UploadOptions {
  /** Whole percent of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Multipart POST through XMLHttpRequest, because fetch cannot report upload progress. Same-origin,
 * so the session cookie goes with it.
 */
function postMultipart(
  url: string,
  body: FormData,
  failure: string,
  { onProgress, signal }: UploadOptions,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(failure, xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        reject(new UploadError(failure, xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(`${failure}: the connection was lost`));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelledError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/** REST answers carry dates as ISO strings; the app works with the same Dates tRPC gives it. */
const restDate = z.coerce.date();
const restListingDetailSchema = listingDetailSchema.extend({
  endsAt: restDate,
  createdAt: restDate,
  updatedAt: restDate,
  images: z.array(listingImageSchema.extend({ createdAt: restDate })),
});

/** The listing form's fields as the multipart body names them. */
type ListingFormFields = Omit<ListingValues, 'timeZone'>;

/** Creates the listing and its photos together (all or nothing on the server). */
export async function createListingWithPhotos(
  listing: ListingFormFields,
  timeZone: string,
  photos: readonly File[],
  options: UploadOptions = {},
): Promise<{ id: number }> {
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
  for (const [name, value] of Object.entries(fields)) body.append(name, value ?? '');
  body.append('timeZone', timeZone);
  for (const photo of photos) body.append('photos', photo, photo.name);

  const json = await postMultipart(
    '/api/listings/create-with-photos',
    body,
    UPLOAD_FAILURES.createListing,
    options,
  );
  return createdListingSchema.parse(json);
}

/** Adds photos to an existing listing; the server keeps the total at 5 or fewer. */
export async function uploadListingPhotos(
  listingId: number,
  photos: readonly File[],
  options: UploadOptions = {},
): Promise<ListingDetail> {
  const body = new FormData();
  for (const photo of photos) body.append('images', photo, photo.name);
  const json = await postMultipart(
    `/api/listings/${listingId}/images`,
    body,
    UPLOAD_FAILURES.addPhotos,
    options,
  );
  return restListingDetailSchema.parse(json);
}

/** The browser's IANA time zone: garage-sale times are the seller's local wall-clock times. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

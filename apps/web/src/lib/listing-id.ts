import { MESSAGES } from '@yardsale/validators';

import { errorCode } from './errors';

/** An address like /listing/abc names no listing at all. */
export class ListingNotFoundError extends Error {
  override readonly name = 'ListingNotFoundError';
  constructor() {
    super(MESSAGES.listing.notFound);
  }
}

/** The listing id in a route's path; anything but a positive whole number is not found. */
export function parseListingId(param: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== param) {
    throw new ListingNotFoundError();
  }
  return id;
}

/** Missing, deleted, or ended and shown to someone other than its owner. */
export function isListingMissing(error: unknown): boolean {
  return error instanceof ListingNotFoundError || errorCode(error) === 'NOT_FOUND';
}

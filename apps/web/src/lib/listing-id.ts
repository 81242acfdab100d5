import { errorCode } from './errors';

/**
 * An address like /listing/abc names no listing at all. The not-found screen shows the product's
 * text; this message is for logs only (the route loader that throws it loads with the first page,
 * and the product's texts are not needed there).
 */
export class ListingNotFoundError extends Error {
  override readonly name = 'ListingNotFoundError';
  constructor() {
    super('The address names no listing.');
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

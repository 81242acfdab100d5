/**
 * Rules every input shares, so nothing reaches the database that it would refuse with an error of
 * its own: ids that fit its integer columns, text without NUL characters, real calendar dates in a
 * range its date columns and our clocks handle, and page cursors read strictly.
 */
import { z } from './zod';

import { UI_TEXT } from './ui-text';

/** Ids are PostgreSQL `integer` columns: 1 to 2^31 - 1. */
export const MAX_ID = 2_147_483_647;

/** Dates the product accepts (sales, searches): years 2000 to 2100 inclusive. */
export const MIN_DATE_YEAR = 2000;
export const MAX_DATE_YEAR = 2100;

/**
 * An id from any source (JSON number, query string, path): a whole number from 1 to MAX_ID. Strings
 * are read as numbers so the REST query string and the tRPC body agree.
 */
export const idSchema = z.coerce
  .number({ error: UI_TEXT.request.invalidId })
  // One message per refused id, even when it is both fractional (or unsafe) and too large.
  .int({ error: UI_TEXT.request.invalidId, abort: true })
  .min(1, UI_TEXT.request.invalidId)
  .max(MAX_ID, UI_TEXT.request.invalidId);

/** Reads a path segment as an id, or null: digits only, no sign, no exponent, no spaces. */
export function parseIdParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** PostgreSQL text cannot hold NUL, and no person types one. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Every text input starts here: a string without NUL characters. Chain `.trim()`, `.min()` and
 * `.max()` as usual; the NUL check sees the string as sent.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, UI_TEXT.request.nulInText);

/** A real calendar date (`2025-02-30` is refused, not rolled over) written `YYYY-MM-DD`, within the product's years. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, UI_TEXT.request.dateFormat)
  .refine(isCalendarDate, UI_TEXT.request.dateInvalid);

/** A listing page's position: the last listing's creation instant and id, and whether the search was spelling-tolerant. */
export interface ListingCursor {
  createdAt: Date;
  id: number;
  fuzzy: boolean;
}

// atob and btoa rather than Buffer: these rules also run in the browser.
const toBase64Url = (binary: string) =>
  btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function fromBase64Url(encoded: string): string | null {
  try {
    return atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeListingCursor(cursor: ListingCursor): string {
  return toBase64Url(`${cursor.createdAt.toISOString()}|${cursor.id}|${cursor.fuzzy ? 'f' : 'e'}`);
}

/**
 * Reads a cursor this server made, or null: canonical base64url of `<ISO instant>|<id>|e|f`, the
 * instant within the product's years and the id a valid id. Anything else never reaches a query.
 */
export function decodeListingCursor(cursor: string): ListingCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const decoded = fromBase64Url(cursor);
  // Only the canonical spelling: no padding or stray bits that decode to the same text.
  if (decoded === null || toBase64Url(decoded) !== cursor) return null;
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z\|(\d{1,10})\|([ef])$/.exec(decoded);
  if (!match) return null;
  const instant = new Date(decoded.slice(0, 24));
  const year = Number(match[1]);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== decoded.slice(0, 24))
    return null;
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return null;
  const id = parseIdParam(match[8]);
  if (id === null) return null;
  return { createdAt: instant, id, fuzzy: match[9] === 'f' };
}

/** A report page's position: the last report's creation instant and id. */
export interface ReportCursor {
  createdAt: Date;
  id: number;
}

export function encodeReportCursor(cursor: ReportCursor): string {
  return toBase64Url(`${cursor.createdAt.toISOString()}|${cursor.id}`);
}

/**
 * Reads a report cursor this server made, or null: canonical base64url of `<ISO instant>|<id>`,
 * held to the same rules as a listing cursor.
 */
export function decodeReportCursor(cursor: string): ReportCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const decoded = fromBase64Url(cursor);
  if (decoded === null || toBase64Url(decoded) !== cursor) return null;
  // A report cursor is a listing cursor without the search mode.
  const listing = decodeListingCursor(toBase64Url(`${decoded}|e`));
  return listing && { createdAt: listing.createdAt, id: listing.id };
}

export const reportCursorSchema = z
  .string()
  .max(200, UI_TEXT.request.invalidCursor)
  .refine((v) => decodeReportCursor(v) !== null, UI_TEXT.request.invalidCursor);

/**
 * A nearest-first page's position: the last listing's distance from the search point (as the
 * database computed it, so the next page starts exactly after it) and id.
 */
export interface DistanceCursor {
  distance: number;
  id: number;
  fuzzy: boolean;
}

/** `D|` first: a nearest-first cursor never reads as a newest-first one (those start with a year). */
export function encodeDistanceCursor(cursor: DistanceCursor): string {
  return toBase64Url(`D|${String(cursor.distance)}|${cursor.id}|${cursor.fuzzy ? 'f' : 'e'}`);
}

/** Reads a nearest-first cursor this server made, or null; the distance spelt as JavaScript spells it. */
export function decodeDistanceCursor(cursor: string): DistanceCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const decoded = fromBase64Url(cursor);
  if (decoded === null || toBase64Url(decoded) !== cursor) return null;
  const match = /^D\|([0-9.e+-]{1,32})\|(\d{1,10})\|([ef])$/.exec(decoded);
  if (!match) return null;
  const spelt = match[1] ?? '';
  const distance = Number(spelt);
  if (!Number.isFinite(distance) || distance < 0 || String(distance) !== spelt) return null;
  const id = parseIdParam(match[2]);
  if (id === null) return null;
  return { distance, id, fuzzy: match[3] === 'f' };
}

/** Either order's cursor; the search's `sort` says which one it must be. */
export const listingCursorSchema = z
  .string()
  .max(200, UI_TEXT.request.invalidCursor)
  .refine(
    (v) => decodeListingCursor(v) !== null || decodeDistanceCursor(v) !== null,
    UI_TEXT.request.invalidCursor,
  );

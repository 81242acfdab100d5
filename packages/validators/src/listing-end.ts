import { DEFAULT_SALE_END_TIME, SINGLE_ITEM_LIFETIME_DAYS } from './constants';
import type { ListingType } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which a local wall-clock date and time (`YYYY-MM-DD`, `HH:MM`) happens in `timeZone`.
 * Two passes settle the offset across daylight-saving changes.
 */
export function zonedWallClockToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const naive = Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  let instant = naive - zoneOffsetMs(new Date(naive), timeZone);
  instant = naive - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface ListingTiming {
  listingType: ListingType;
  startDate?: string | null;
  endDate?: string | null;
  endTime?: string | null;
  timeZone: string;
  createdAt: Date;
}

/**
 * When a listing ends (product decisions): single items 14 days after creation; garage sales at
 * end date (or start date) plus end time (18:00 when none), in the seller's time zone.
 */
export function listingEndsAt(listing: ListingTiming): Date {
  if (listing.listingType === 'single-item' || !listing.startDate) {
    return new Date(listing.createdAt.getTime() + SINGLE_ITEM_LIFETIME_DAYS * DAY_MS);
  }
  const date = listing.endDate ?? listing.startDate;
  const time = listing.endTime ?? DEFAULT_SALE_END_TIME;
  return zonedWallClockToInstant(date, time, listing.timeZone);
}

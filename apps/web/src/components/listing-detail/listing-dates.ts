import { DEFAULT_SALE_END_TIME, SINGLE_ITEM_LIFETIME_DAYS } from '@yardsale/validators';
import type { ListingType } from '@yardsale/validators';

import { formatTime } from '../listings/listing-format';
import { calendarDay, formatDate } from '../../lib/format';

/*
 * A sale's date is the seller's calendar day ('YYYY-MM-DD'), shown as written: read at UTC midnight
 * in en-US (docs/product/data.md#entities), so no viewer's time zone can move it to another day.
 */

/** 'Saturday, July 5, 2025' */
export function formatSaleDate(date: string): string {
  return formatDate(calendarDay(date), { zone: 'utc', weekday: 'long', month: 'long', year: true });
}

/** One day, or 'Saturday, July 5 – Sunday, July 6, 2025' for a sale over several days. */
export function formatSaleDateSpan(startDate: string, endDate: string | null): string {
  if (!endDate || endDate === startDate) return formatSaleDate(startDate);
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  const first = sameYear
    ? formatDate(calendarDay(startDate), { zone: 'utc', weekday: 'long', month: 'long' })
    : formatSaleDate(startDate);
  return `${first} – ${formatSaleDate(endDate)}`;
}

interface ListingLifetime {
  listingType: ListingType;
  startDate: string | null;
  endDate: string | null;
  endTime: string | null;
  endsAt: Date;
}

/**
 * When the listing comes down, as text only (docs/product/screens.md#listing-detail): a garage sale
 * after it ends at its end time (6:00 PM when none is given), a single item 14 days after it was
 * posted.
 */
export function autoDeletionText(listing: ListingLifetime): string {
  if (listing.listingType === 'garage-sale' && listing.startDate) {
    const lastDay = listing.endDate ?? listing.startDate;
    const time = formatTime(listing.endTime ?? DEFAULT_SALE_END_TIME);
    return `This listing is deleted automatically after the sale ends: ${formatSaleDate(lastDay)} at ${time}.`;
  }
  return `Single-item listings are deleted automatically ${SINGLE_ITEM_LIFETIME_DAYS} days after they are posted. This one comes down on ${formatDate(
    listing.endsAt,
    // An instant, in the viewer's own calendar.
    { zone: 'local', weekday: 'long', month: 'long', year: true },
  )}.`;
}

import type { ListingSeller } from '@yardsale/validators';

import { calendarDay, clockText, formatDate } from '../../lib/format';

/*
 * Garage-sale dates are calendar days ('YYYY-MM-DD'). They are shown in UTC, en-US
 * (docs/product/data.md#entities): reading the day at UTC midnight keeps it the seller's day
 * whatever the viewer's time zone.
 */
function formatSaleDay(day: string): string {
  return formatDate(calendarDay(day), { zone: 'utc', weekday: 'short', month: 'short' });
}

/** 'Sat, Jul 5', or 'Sat, Jul 5 – Sun, Jul 6' for a sale over several days. */
export function formatSaleDays(startDate: string, endDate?: string | null): string {
  const start = formatSaleDay(startDate);
  if (!endDate || endDate === startDate) return start;
  return `${start} – ${formatSaleDay(endDate)}`;
}

/** '09:00' → '9:00 AM', '18:30' → '6:30 PM'. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return clockText(hours, minutes);
}

/** '9:00 AM – 2:00 PM', or just the opening time when no closing time is set. */
export function formatTimeRange(startTime: string | null, endTime: string | null): string | null {
  if (!startTime) return null;
  return endTime ? `${formatTime(startTime)} – ${formatTime(endTime)}` : formatTime(startTime);
}

/** Cards name the seller by first name and last initial: 'Maria G.'. */
export function sellerShortName(seller: Pick<ListingSeller, 'firstName' | 'lastName'>): string {
  const initial = seller.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${seller.firstName} ${initial}.` : seller.firstName;
}

/**
 * How far a listing is from the viewer's location: '0.4 mi', '2.3 mi', '18.0 mi'. Null when the listing was not measured (no location set, or the
 * listing's address could not be placed).
 */
export function formatDistance(miles: number | null | undefined): string | null {
  if (typeof miles !== 'number' || !Number.isFinite(miles) || miles < 0) return null;
  if (miles < 0.1) return '< 0.1 mi';
  return `${miles.toFixed(1)} mi`;
}

import type { ListingType } from './constants';
import { listingEndsAt } from './listing-end';
import { UI_TEXT } from './ui-text';

const M = UI_TEXT.listing;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface SaleIssue {
  path: ['startDate' | 'endDate' | 'endTime'];
  message: string;
}

interface SaleFields {
  listingType?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  startTime?: unknown;
  endTime?: unknown;
}

const text = (v: unknown, pattern: RegExp): string | null =>
  typeof v === 'string' && pattern.test(v) ? v : null;

/**
 * A sale cannot end before it starts: the end date is not before the start date, and on a one-day sale
 * the end time comes after the start time. Values that are missing or malformed are left to their own
 * field's message.
 */
export function saleOrderIssues(v: SaleFields): SaleIssue[] {
  if (v.listingType !== 'garage-sale') return [];
  const startDate = text(v.startDate, DATE);
  const endDate = text(v.endDate, DATE);
  const startTime = text(v.startTime, TIME);
  const endTime = text(v.endTime, TIME);
  if (startDate && endDate && endDate < startDate) {
    return [{ path: ['endDate'], message: M.endDateBeforeStart }];
  }
  const oneDay = !endDate || endDate === startDate;
  if (oneDay && startTime && endTime && endTime <= startTime) {
    return [{ path: ['endTime'], message: M.endTimeBeforeStart }];
  }
  return [];
}

/** The calendar date (`YYYY-MM-DD`) it is at `now` in `timeZone`. */
export function dateInZone(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface SaleTiming {
  listingType: ListingType;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
}

const sameTiming = (a: SaleTiming, b: SaleTiming) =>
  a.listingType === b.listingType &&
  a.startDate === b.startDate &&
  a.endDate === b.endDate &&
  a.startTime === b.startTime &&
  a.endTime === b.endTime &&
  a.timeZone === b.timeZone;

/**
 * A sale is published for the future: its date is not already past where it takes place (the seller's
 * time zone), and it has not already ended. An edit that keeps the sale's dates and times as they were
 * (`previous`) is not checked again, so a seller can still fix the description of a sale under way.
 */
export function saleTimingIssues(
  values: SaleTiming,
  now: Date,
  previous?: SaleTiming | null,
): SaleIssue[] {
  if (values.listingType !== 'garage-sale' || !values.startDate) return [];
  if (previous && sameTiming(values, previous)) return [];
  if (values.startDate < dateInZone(now, values.timeZone)) {
    return [{ path: ['startDate'], message: M.dateInPast }];
  }
  // Any creation moment will do: a garage sale's end does not depend on it.
  if (listingEndsAt({ ...values, createdAt: now }).getTime() <= now.getTime()) {
    return [{ path: ['endTime'], message: M.saleAlreadyOver }];
  }
  return [];
}

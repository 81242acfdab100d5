/**
 * The times of a Saturday route, read in the sales' own time zone: a sale's hours are the seller's
 * wall clock where the sale is (docs/product/rules.md), so the departure, every arrival and every
 * opening and closing are planned and shown on that clock, whatever zone the buyer's device is in.
 */
import { DEFAULT_SALE_END_TIME, zonedWallClockToInstant } from '@yardsale/validators';

/** A route left with no departure set leaves at this hour on the sale day, when sales open. */
const DEFAULT_DEPARTURE_TIME = '08:00';

/** What the trip reads of a listing: its days, hours and the zone they are in. */
export interface SaleWhen {
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
}

/**
 * The zone the trip is planned in: the one most of the dated sales are in (ties: the first picked).
 * Null when no picked sale has dates (single items open any day): the device's own clock then.
 */
export function tripTimeZone(sales: readonly SaleWhen[]): string | null {
  const counts = new Map<string, number>();
  for (const sale of sales) {
    if (!sale.startDate) continue;
    counts.set(sale.timeZone, (counts.get(sale.timeZone) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [zone, count] of counts) {
    if (count > bestCount) {
      best = zone;
      bestCount = count;
    }
  }
  return best;
}

/** The device's own zone, as the browser or Node reports it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock at `instant` in `timeZone`: 'YYYY-MM-DD' and 'HH:MM' (24-hour). */
export function wallClockAt(instant: number, timeZone: string): { day: string; time: string } {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** The instant `day` ('YYYY-MM-DD') at `time` ('HH:MM') happens in `timeZone`. */
function instantAt(day: string, time: string, timeZone: string): number {
  return zonedWallClockToInstant(day, time, timeZone).getTime();
}

/** Whether the sale is on `day` ('YYYY-MM-DD'); a listing without dates is open any day. */
export function isOpenOn(sale: SaleWhen, day: string): boolean {
  if (!sale.startDate) return true;
  return sale.startDate <= day && day <= (sale.endDate ?? sale.startDate);
}

/**
 * The sale's opening and closing instants on `day`, on its own clock: its start time (none: open
 * from the start of the trip) and its end time (none: 6:00 PM, as listings end).
 */
export function openingWindow(
  sale: SaleWhen,
  day: string,
): { opensAt: number | null; closesAt: number | null } {
  if (!sale.startDate) return { opensAt: null, closesAt: null };
  return {
    opensAt: sale.startTime ? instantAt(day, sale.startTime, sale.timeZone) : null,
    closesAt: instantAt(day, sale.endTime ?? DEFAULT_SALE_END_TIME, sale.timeZone),
  };
}

/** The first day from `today` on which one of the sales is on, or null when none is ahead. */
function firstSaleDay(sales: readonly SaleWhen[], today: string): string | null {
  let first: string | null = null;
  for (const sale of sales) {
    if (!sale.startDate) continue;
    const last = sale.endDate ?? sale.startDate;
    if (last < today) continue;
    const day = sale.startDate > today ? sale.startDate : today;
    if (first === null || day < first) first = day;
  }
  return first;
}

/** Now, or 8:00 AM in `timeZone` on the first sale day there when that is later. */
export function defaultDeparture(
  sales: readonly SaleWhen[],
  now: number,
  timeZone: string,
): number {
  const today = wallClockAt(now, timeZone).day;
  const day = firstSaleDay(sales, today) ?? today;
  return Math.max(now, instantAt(day, DEFAULT_DEPARTURE_TIME, timeZone));
}

/** The value of an `<input type="datetime-local">` for an instant, on the trip's clock. */
export function toWallClockInput(instant: number, timeZone: string): string {
  const { day, time } = wallClockAt(instant, timeZone);
  return `${day}T${time}`;
}

/** The instant a `datetime-local` value names on the trip's clock, or null when it is incomplete. */
export function fromWallClockInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const ms = instantAt(match[1], match[2], timeZone);
  return Number.isFinite(ms) ? ms : null;
}

/** Whether a clock in `a` reads differently from one in `b` at `instant` (a different UTC offset). */
export function clocksDiffer(a: string, b: string, instant: number): boolean {
  const left = wallClockAt(instant, a);
  const right = wallClockAt(instant, b);
  return left.day !== right.day || left.time !== right.time;
}

import type { RouteStop } from '@yardsale/geo/route';
import type { ListingSummary } from '@yardsale/validators';
import { DEFAULT_SALE_END_TIME, zonedWallClockToInstant } from '@yardsale/validators';

import { formatClock } from '../../lib/format';
import { calendarDate } from '../live-sales/sale-days';

/** A route left with no date set leaves at this hour on the sale day, when sales open. */
const DEFAULT_DEPARTURE_HOUR = 8;

type SaleWhen = Pick<
  ListingSummary,
  'startDate' | 'endDate' | 'startTime' | 'endTime' | 'timeZone'
>;

/** Whether the sale is on `day` ('YYYY-MM-DD'); a listing without dates is open any day. */
function isOpenOn(sale: SaleWhen, day: string): boolean {
  if (!sale.startDate) return true;
  return sale.startDate <= day && day <= (sale.endDate ?? sale.startDate);
}

/**
 * The sale's opening and closing instants on `day`, in the seller's time zone: its start time
 * (none: open from the start of the trip) and its end time (none: 6:00 PM, as listings end).
 */
function openingWindow(
  sale: SaleWhen,
  day: string,
): { opensAt: number | null; closesAt: number | null } {
  if (!sale.startDate) return { opensAt: null, closesAt: null };
  const opensAt = sale.startTime
    ? zonedWallClockToInstant(day, sale.startTime, sale.timeZone).getTime()
    : null;
  const closesAt = zonedWallClockToInstant(
    day,
    sale.endTime ?? DEFAULT_SALE_END_TIME,
    sale.timeZone,
  ).getTime();
  return { opensAt, closesAt };
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

/** Local midnight-based instant for `day` at `hour`:00 on this device. */
function localInstant(day: string, hour: number): number {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d, hour, 0).getTime();
}

/** Now, or 8:00 AM on the first sale day when that is later. */
export function defaultDeparture(sales: readonly SaleWhen[], now: Date): number {
  const today = calendarDate(now);
  const day = firstSaleDay(sales, today) ?? today;
  return Math.max(now.getTime(), localInstant(day, DEFAULT_DEPARTURE_HOUR));
}

/** The value of an `<input type="datetime-local">` for an instant, on this device's clock. */
export function toLocalInputValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${calendarDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a `datetime-local` value names on this device, or null when it is incomplete. */
export function fromLocalInputValue(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined)
    return null;
  const ms = new Date(y, mo - 1, d, h, mi).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The stops the planner takes, for the sales on the travel day that have a place on the map. */
export function routeStopsFor(
  sales: readonly ListingSummary[],
  day: string,
): { stops: RouteStop[]; notThatDay: ListingSummary[]; unplaced: ListingSummary[] } {
  const stops: RouteStop[] = [];
  const notThatDay: ListingSummary[] = [];
  const unplaced: ListingSummary[] = [];
  for (const sale of sales) {
    if (!sale.location) unplaced.push(sale);
    else if (!isOpenOn(sale, day)) notThatDay.push(sale);
    else
      stops.push({
        id: sale.id,
        title: sale.title,
        latitude: sale.location.latitude,
        longitude: sale.location.longitude,
        ...openingWindow(sale, day),
      });
  }
  return { stops, notThatDay, unplaced };
}

/** "Arrives after it closes at 1:00 PM", "Opens at 9:00 AM: about 20 min wait". */
export function stopWarning(
  warning: 'early' | 'late' | null,
  stop: RouteStop,
  waitMinutes: number,
): string | null {
  if (warning === 'late' && stop.closesAt !== null)
    return `Arrives after it closes at ${formatClock(new Date(stop.closesAt))}`;
  if (warning === 'early' && stop.opensAt !== null)
    return `Opens at ${formatClock(new Date(stop.opensAt))}: about ${formatWait(waitMinutes)} wait`;
  return null;
}

/** '20 min', '1 h 5 min'. */
function formatWait(minutes: number): string {
  const rounded = Math.max(1, Math.round(minutes));
  if (rounded < 60) return `${String(rounded)} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
}

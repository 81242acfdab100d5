import { isOpenOn, openingWindow } from '@yardsale/geo/route';
import type { RouteStop } from '@yardsale/geo/route';
import type { ListingSummary } from '@yardsale/validators';

import { LOCALE } from '../../lib/format';
import { formatTimeRange } from '../listings/listing-format';

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of day at `instant` on the trip's clock, '9:05 AM' (with a plain space before AM/PM,
 * as lib/format.ts writes it).
 */
export function tripClock(instant: number, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit' });
    clockFormats.set(timeZone, format);
  }
  return format.format(new Date(instant)).replace(/\u202f/g, ' ');
}

/** 'Central Time (CT)': the zone's everyday name, then its short one when it has a different one. */
export function zoneName(timeZone: string, instant: number): string {
  const name = (style: 'longGeneric' | 'shortGeneric') =>
    new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: style })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  // Intl names it 'GMT+00:00'; people know it as UTC.
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const long = name('longGeneric');
  const short = name('shortGeneric');
  return short === long ? long : `${long} (${short})`;
}

/**
 * A sale's hours as the trip shows them: as the seller wrote them when the sale is on the trip's
 * clock, else its opening and closing on `day` read on the trip's clock.
 */
export function saleHours(sale: ListingSummary, day: string, timeZone: string): string | null {
  if (sale.timeZone === timeZone) return formatTimeRange(sale.startTime, sale.endTime);
  const window = openingWindow(sale, day);
  if (!sale.startTime || window.opensAt === null) return null;
  const opens = tripClock(window.opensAt, timeZone);
  return sale.endTime && window.closesAt !== null
    ? `${opens} – ${tripClock(window.closesAt, timeZone)}`
    : opens;
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

/** "Arrives after it closes at 1:00 PM", "Opens at 9:00 AM: about 20 min wait", on the trip's clock. */
export function stopWarning(
  warning: 'early' | 'late' | null,
  stop: RouteStop,
  waitMinutes: number,
  timeZone: string,
): string | null {
  if (warning === 'late' && stop.closesAt !== null)
    return `Arrives after it closes at ${tripClock(stop.closesAt, timeZone)}`;
  if (warning === 'early' && stop.opensAt !== null)
    return `Opens at ${tripClock(stop.opensAt, timeZone)}: about ${formatWait(waitMinutes)} wait`;
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

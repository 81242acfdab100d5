/**
 * The days Live Sales Now shows, in the viewer's own calendar
 * (docs/product/rules.md#live-sales-now): today, and a weekend that is yesterday..today on a
 * Sunday, today..tomorrow on a Saturday, otherwise the coming Saturday and Sunday. Dates are
 * 'YYYY-MM-DD', as listings store them.
 */

export interface SaleDays {
  today: string;
  weekend: { from: string; to: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SUNDAY = 0;
const SATURDAY = 6;

/** The calendar date at `now` in `timeZone`; the viewer's own zone when none is given. */
export function calendarDate(now: Date, timeZone?: string): string {
  if (timeZone === undefined) {
    // The viewer's own zone is the Date's local one: no Intl formatter to set up (lib/format.ts).
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function weekendAround(today: string): SaleDays['weekend'] {
  const weekday = weekdayOf(today);
  if (weekday === SUNDAY) return { from: addDays(today, -1), to: today };
  const saturday = addDays(today, SATURDAY - weekday);
  return { from: saturday, to: addDays(saturday, 1) };
}

export function saleDays(now: Date, timeZone?: string): SaleDays {
  const today = calendarDate(now, timeZone);
  return { today, weekend: weekendAround(today) };
}

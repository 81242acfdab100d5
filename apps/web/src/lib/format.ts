/*
 * Dates, times and counts in the app's one language (en-US), by the browser's Intl formatters.
 * The first Intl object a page creates loads the browser's locale data (tens of milliseconds on a
 * phone, in one piece), so nothing here is created when the module loads: each formatter is made
 * the first time something on screen needs it, then reused. A page that shows no date or count
 * never pays for it.
 */

export const LOCALE = 'en-US';

export interface DateFormat {
  /**
   * 'utc' reads the calendar day at UTC (a sale's 'YYYY-MM-DD' day, the same for every viewer);
   * 'local' reads it in the viewer's own time zone (an instant such as when something was posted).
   */
  zone: 'utc' | 'local';
  weekday?: 'long' | 'short';
  month: 'long' | 'short';
  /** Without a day: 'July 2025'. */
  day?: boolean;
  year?: boolean;
  /** Followed by the time of day: 'Jul 5, 2025, 9:05 AM'. */
  time?: boolean;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(format: DateFormat): Intl.DateTimeFormat {
  const key = `${format.zone}|${format.weekday ?? ''}|${format.month}|${String(format.day !== false)}|${String(format.year === true)}|${String(format.time === true)}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      ...(format.zone === 'utc' ? { timeZone: 'UTC' } : {}),
      ...(format.weekday ? { weekday: format.weekday } : {}),
      month: format.month,
      ...(format.day === false ? {} : { day: 'numeric' }),
      ...(format.year ? { year: 'numeric' } : {}),
      ...(format.time ? { hour: 'numeric', minute: '2-digit' } : {}),
    });
    dateFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * Intl puts a narrow no-break space before AM/PM; the app's texts use a plain one
 * (docs/product/texts.md), which reads the same and matches what people type when searching a page.
 */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

/** 'Saturday, July 5, 2025', 'Sat, Jul 5', 'Jul 5, 2025', 'July 2025', 'Jul 5, 2025, 9:05 AM'. */
export function formatDate(date: Date, format: DateFormat): string {
  return plainSpaces(dateTimeFormat(format).format(date));
}

const clockFormats = new Map<'utc' | 'local', Intl.DateTimeFormat>();

/** The time of day, '9:05 AM'. */
export function formatClock(date: Date, zone: 'utc' | 'local' = 'local'): string {
  let formatter = clockFormats.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
      hour: 'numeric',
      minute: '2-digit',
    });
    clockFormats.set(zone, formatter);
  }
  return plainSpaces(formatter.format(date));
}

/** 0-23 hours and minutes (a sale's opening time, the same for every viewer) as '9:05 AM'. */
export function clockText(hours: number, minutes: number): string {
  return formatClock(new Date(Date.UTC(1970, 0, 1, hours, minutes)), 'utc');
}

/** A 'YYYY-MM-DD' calendar day as the instant it starts at UTC, for formatDate's 'utc' zone. */
export function calendarDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

let countFormat: Intl.NumberFormat | undefined;

/** '1234' → '1,234'. Counts are whole and never negative. */
export function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
  return countFormat.format(Math.trunc(value));
}

/*
 * Dates and counts in the app's one language (en-US), written out by hand. The browser's Intl
 * formatters give the same text, but the first one a page creates loads the browser's locale data:
 * 20 to 60 ms measured on a desktop core, several times that on a phone, in one uninterruptible
 * piece while the page is starting. Tests hold these to Intl's output.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

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

/**
 * 'Saturday, July 5, 2025', 'Sat, Jul 5', 'Jul 5, 2025', 'July 2025': the text en-US Intl gives for
 * the same options.
 */
export function formatDate(date: Date, format: DateFormat): string {
  const utc = format.zone === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const monthName = MONTHS[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
  const month = format.month === 'long' ? monthName : monthName.slice(0, 3);
  if (format.day === false) return format.year ? `${month} ${year}` : month;

  let text = `${month} ${utc ? date.getUTCDate() : date.getDate()}`;
  if (format.year) text += `, ${year}`;
  if (format.weekday) {
    const weekdayName = WEEKDAYS[utc ? date.getUTCDay() : date.getDay()] ?? '';
    text = `${format.weekday === 'long' ? weekdayName : weekdayName.slice(0, 3)}, ${text}`;
  }
  if (format.time) text += `, ${formatClock(date, format.zone)}`;
  return text;
}

/** The time of day, '9:05 AM' (Intl puts a narrow space before AM/PM; a plain one reads the same). */
export function formatClock(date: Date, zone: 'utc' | 'local' = 'local'): string {
  return zone === 'utc'
    ? clockText(date.getUTCHours(), date.getUTCMinutes())
    : clockText(date.getHours(), date.getMinutes());
}

/** 0-23 hours and minutes as '9:05 AM'. */
export function clockText(hours: number, minutes: number): string {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A 'YYYY-MM-DD' calendar day as the instant it starts at UTC, for formatDate's 'utc' zone. */
export function calendarDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** '1234' → '1,234'. Counts are whole and never negative. */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/*
 * How long ago something happened, by the browser's Intl. Apart from format.ts so that only the
 * screens that show it (the bell's list) download it.
 */

import { LOCALE } from './format';

/** Each unit after seconds, and how many of the one before it make one. */
const RELATIVE_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 365.25 / 12 / 7],
  ['year', 12],
];

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** How long ago (or until): 'just now', '5 minutes ago', 'yesterday', 'last week', '2 years ago'. */
export function formatRelative(date: Date, now: Date = new Date()): string {
  let value = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(value) < 60) return 'just now';
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [next, size] of RELATIVE_UNITS) {
    if (Math.abs(value) < size) break;
    value /= size;
    unit = next;
  }
  relativeFormat ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
  return relativeFormat.format(Math.round(value), unit);
}

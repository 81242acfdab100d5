import { describe, expect, it } from 'vitest';

import { calendarDay, formatClock, formatCount, formatDate } from './format';
import type { DateFormat } from './format';

/** Every day of two years (a leap year among them) and a few instants around midnight. */
const DAYS = Array.from(
  { length: 731 },
  (_, i) => new Date(Date.UTC(2027, 11, 1) + i * 86_400_000),
);
const INSTANTS = [
  ...DAYS.filter((_, i) => i % 7 === 0).map((d) => new Date(d.getTime() + 23.5 * 3_600_000)),
  new Date('2026-01-01T00:30:00Z'),
  new Date('2025-12-31T23:59:59Z'),
];

function intl(format: DateFormat): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    ...(format.zone === 'utc' ? { timeZone: 'UTC' } : {}),
    ...(format.weekday ? { weekday: format.weekday } : {}),
    month: format.month,
    ...(format.day === false ? {} : { day: 'numeric' }),
    ...(format.year ? { year: 'numeric' } : {}),
    ...(format.time ? { hour: 'numeric', minute: '2-digit' } : {}),
  });
}

/** Intl writes a narrow no-break space before AM/PM; the app writes a plain one. */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

describe('formatDate', () => {
  const formats: DateFormat[] = [
    { zone: 'utc', weekday: 'long', month: 'long', year: true },
    { zone: 'utc', weekday: 'long', month: 'long' },
    { zone: 'utc', weekday: 'short', month: 'short' },
    { zone: 'local', weekday: 'long', month: 'long', year: true },
    { zone: 'local', month: 'long', year: true },
    { zone: 'local', month: 'short', year: true },
    { zone: 'local', month: 'short' },
    { zone: 'local', month: 'long', day: false, year: true },
    { zone: 'local', month: 'short', year: true, time: true },
    { zone: 'local', month: 'short', time: true },
  ];

  it.each(formats)('writes what en-US Intl writes: %o', (format) => {
    const reference = intl(format);
    for (const date of [...DAYS, ...INSTANTS]) {
      expect(formatDate(date, format)).toBe(plainSpaces(reference.format(date)));
    }
  });

  it('keeps a sale day on its calendar day', () => {
    expect(
      formatDate(calendarDay('2025-07-05'), {
        zone: 'utc',
        weekday: 'long',
        month: 'long',
        year: true,
      }),
    ).toBe('Saturday, July 5, 2025');
    expect(
      formatDate(calendarDay('2025-09-06'), { zone: 'utc', weekday: 'short', month: 'short' }),
    ).toBe('Sat, Sep 6');
  });
});

describe('formatClock', () => {
  it('writes the time of day as en-US Intl does', () => {
    const reference = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const date = new Date(2026, 10, 21, 0, minute);
      expect(formatClock(date)).toBe(plainSpaces(reference.format(date)));
    }
    expect(formatClock(new Date(2026, 10, 21, 0, 5))).toBe('12:05 AM');
    expect(formatClock(new Date(2026, 10, 21, 12, 0))).toBe('12:00 PM');
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    }
  });
});

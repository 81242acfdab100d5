import { describe, expect, it } from 'vitest';

import {
  formatDistance,
  formatSaleDays,
  formatTime,
  formatTimeRange,
  sellerShortName,
} from './listing-format';

describe('formatSaleDays', () => {
  it('shows the calendar day as written, in en-US', () => {
    expect(formatSaleDays('2025-07-05')).toBe('Sat, Jul 5');
  });

  it('joins the first and last day of a sale over several days', () => {
    expect(formatSaleDays('2025-07-05', '2025-07-06')).toBe('Sat, Jul 5 – Sun, Jul 6');
  });

  it('shows one day when the end date repeats the start', () => {
    expect(formatSaleDays('2025-12-31', '2025-12-31')).toBe('Wed, Dec 31');
  });
});

describe('formatTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['07:05', '7:05 AM'],
    ['09:00', '9:00 AM'],
    ['12:00', '12:00 PM'],
    ['18:30', '6:30 PM'],
    ['23:59', '11:59 PM'],
  ])('reads %s as %s', (time, shown) => {
    expect(formatTime(time)).toBe(shown);
  });

  it('shows the opening and closing time together', () => {
    expect(formatTimeRange('09:00', '14:00')).toBe('9:00 AM – 2:00 PM');
    expect(formatTimeRange('09:00', null)).toBe('9:00 AM');
    expect(formatTimeRange(null, null)).toBeNull();
  });
});

describe('sellerShortName', () => {
  it('keeps the first name and the last initial', () => {
    expect(sellerShortName({ firstName: 'Maria', lastName: 'Gonzalez' })).toBe('Maria G.');
    expect(sellerShortName({ firstName: 'James', lastName: "O'Connor" })).toBe('James O.');
  });

  it('leaves out the initial when there is no last name', () => {
    expect(sellerShortName({ firstName: 'Cher', lastName: ' ' })).toBe('Cher');
  });
});

describe('formatDistance', () => {
  it('shows miles to a tenth', () => {
    expect(formatDistance(2.34)).toBe('2.3 mi');
    expect(formatDistance(0.46)).toBe('0.5 mi');
    expect(formatDistance(18)).toBe('18.0 mi');
    expect(formatDistance(0.02)).toBe('< 0.1 mi');
  });

  it('shows nothing for a listing that was not measured', () => {
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(undefined)).toBeNull();
    expect(formatDistance(Number.NaN)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { addDays, calendarDate, saleDays, weekendAround } from './sale-days';

describe('weekendAround', () => {
  // 2025-07-02 is a Wednesday.
  it.each([
    ['Monday', '2025-06-30', '2025-07-05', '2025-07-06'],
    ['Wednesday', '2025-07-02', '2025-07-05', '2025-07-06'],
    ['Friday', '2025-07-04', '2025-07-05', '2025-07-06'],
    ['Saturday', '2025-07-05', '2025-07-05', '2025-07-06'],
    ['Sunday', '2025-07-06', '2025-07-05', '2025-07-06'],
  ])('on a %s (%s) the weekend is %s to %s', (_day, today, from, to) => {
    expect(weekendAround(today)).toEqual({ from, to });
  });

  it('crosses month and year ends', () => {
    expect(weekendAround('2025-12-29')).toEqual({ from: '2026-01-03', to: '2026-01-04' });
    expect(weekendAround('2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-03-01' });
  });
});

describe('calendarDate', () => {
  it("is the viewer's own date, not the UTC one", () => {
    const lateEveningInChicago = new Date('2025-07-06T03:30:00Z');
    expect(calendarDate(lateEveningInChicago, 'America/Chicago')).toBe('2025-07-05');
    expect(calendarDate(lateEveningInChicago, 'UTC')).toBe('2025-07-06');
    expect(calendarDate(lateEveningInChicago, 'Asia/Tokyo')).toBe('2025-07-06');
    // Without a zone: the viewer's own, as the browser's formatter reads it.
    for (const hour of [0, 5, 11, 17, 23]) {
      const instant = new Date(Date.UTC(2025, 11, 31, hour, 30));
      expect(calendarDate(instant)).toBe(
        new Intl.DateTimeFormat('en-CA', {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(instant),
      );
    }
  });
});

describe('saleDays', () => {
  it('uses the local date for today and the weekend', () => {
    // Saturday evening in Chicago is already Sunday in UTC.
    const now = new Date('2025-07-06T03:30:00Z');
    expect(saleDays(now, 'America/Chicago')).toEqual({
      today: '2025-07-05',
      weekend: { from: '2025-07-05', to: '2025-07-06' },
    });
    expect(saleDays(now, 'UTC')).toEqual({
      today: '2025-07-06',
      weekend: { from: '2025-07-05', to: '2025-07-06' },
    });
  });

  it('keeps calendar days across a daylight-saving change', () => {
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(saleDays(new Date('2025-03-09T12:00:00Z'), 'America/Chicago').today).toBe('2025-03-09');
  });
});

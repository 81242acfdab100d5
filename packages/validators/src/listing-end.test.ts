import { describe, expect, it } from 'vitest';

import { DEFAULT_SALE_END_TIME, SINGLE_ITEM_LIFETIME_DAYS } from './constants';
import { isValidTimeZone, listingEndsAt, zonedWallClockToInstant } from './listing-end';
import type { ListingTiming } from './listing-end';

const createdAt = new Date('2025-07-01T10:15:00.000Z');

function sale(fields: Partial<ListingTiming>): ListingTiming {
  return { listingType: 'garage-sale', timeZone: 'UTC', createdAt, ...fields };
}

const iso = (d: Date) => d.toISOString();

describe('listingEndsAt: single items', () => {
  it('ends 14 days after creation', () => {
    expect(SINGLE_ITEM_LIFETIME_DAYS).toBe(14);
    expect(iso(listingEndsAt({ listingType: 'single-item', timeZone: 'UTC', createdAt }))).toBe(
      '2025-07-15T10:15:00.000Z',
    );
  });

  it('ignores any dates, times and zone it carries', () => {
    const ends = listingEndsAt({
      listingType: 'single-item',
      startDate: '2025-07-02',
      endDate: '2025-07-03',
      endTime: '12:00',
      timeZone: 'America/New_York',
      createdAt,
    });
    expect(iso(ends)).toBe('2025-07-15T10:15:00.000Z');
  });

  it('is exactly 14 × 24 hours even across a DST change', () => {
    const beforeSpring = new Date('2025-03-01T17:00:00.000Z');
    const ends = listingEndsAt({
      listingType: 'single-item',
      timeZone: 'America/New_York',
      createdAt: beforeSpring,
    });
    expect(ends.getTime() - beforeSpring.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
  });
});

describe('listingEndsAt: garage sales', () => {
  it('ends at the start date plus end time in UTC', () => {
    expect(iso(listingEndsAt(sale({ startDate: '2025-07-05', endTime: '14:00' })))).toBe(
      '2025-07-05T14:00:00.000Z',
    );
  });

  it('ends at 18:00 local time when there is no end time', () => {
    expect(DEFAULT_SALE_END_TIME).toBe('18:00');
    expect(iso(listingEndsAt(sale({ startDate: '2025-07-05', endTime: null })))).toBe(
      '2025-07-05T18:00:00.000Z',
    );
    expect(
      iso(listingEndsAt(sale({ startDate: '2025-07-05', timeZone: 'America/New_York' }))),
    ).toBe('2025-07-05T22:00:00.000Z');
  });

  it('uses the end date when there is one, else the start date', () => {
    const base = { startDate: '2025-07-05', endTime: '15:00', timeZone: 'America/New_York' };
    expect(iso(listingEndsAt(sale({ ...base, endDate: '2025-07-06' })))).toBe(
      '2025-07-06T19:00:00.000Z',
    );
    expect(iso(listingEndsAt(sale({ ...base, endDate: null })))).toBe('2025-07-05T19:00:00.000Z');
  });

  it('falls back to 14 days after creation when a garage sale has no start date', () => {
    expect(iso(listingEndsAt(sale({ startDate: null, endTime: '14:00' })))).toBe(
      '2025-07-15T10:15:00.000Z',
    );
  });

  describe('America/New_York across DST', () => {
    const ny = (startDate: string, endTime: string | null, endDate?: string) =>
      iso(
        listingEndsAt(
          sale({ startDate, endDate: endDate ?? null, endTime, timeZone: 'America/New_York' }),
        ),
      );

    it('spring forward, 2025-03-09: EST the day before, EDT on the day', () => {
      expect(ny('2025-03-08', '18:00')).toBe('2025-03-08T23:00:00.000Z');
      expect(ny('2025-03-09', '18:00')).toBe('2025-03-09T22:00:00.000Z');
      expect(ny('2025-03-09', null)).toBe('2025-03-09T22:00:00.000Z');
    });

    it('spring forward, 2025-03-09: just before and after the 02:00 jump', () => {
      expect(ny('2025-03-09', '01:30')).toBe('2025-03-09T06:30:00.000Z');
      expect(ny('2025-03-09', '03:30')).toBe('2025-03-09T07:30:00.000Z');
    });

    it('a weekend sale that starts before and ends after the spring change', () => {
      expect(ny('2025-03-08', '17:00', '2025-03-09')).toBe('2025-03-09T21:00:00.000Z');
    });

    it('fall back, 2025-11-02: EDT the day before, EST on the day', () => {
      expect(ny('2025-11-01', '18:00')).toBe('2025-11-01T22:00:00.000Z');
      expect(ny('2025-11-02', '18:00')).toBe('2025-11-02T23:00:00.000Z');
      expect(ny('2025-11-02', null)).toBe('2025-11-02T23:00:00.000Z');
    });

    it('fall back, 2025-11-02: before and after the repeated hour', () => {
      expect(ny('2025-11-02', '00:30')).toBe('2025-11-02T04:30:00.000Z');
      expect(ny('2025-11-02', '03:00')).toBe('2025-11-02T08:00:00.000Z');
    });
  });

  describe('zones east of UTC', () => {
    const at = (timeZone: string, startDate: string, endTime: string | null) =>
      iso(listingEndsAt(sale({ startDate, endTime, timeZone })));

    it('Europe/Berlin: CET in winter, CEST in summer', () => {
      expect(at('Europe/Berlin', '2025-01-11', '18:00')).toBe('2025-01-11T17:00:00.000Z');
      expect(at('Europe/Berlin', '2025-07-05', null)).toBe('2025-07-05T16:00:00.000Z');
    });

    it('Europe/Berlin across its own DST changes (2025-03-30, 2025-10-26)', () => {
      expect(at('Europe/Berlin', '2025-03-29', '18:00')).toBe('2025-03-29T17:00:00.000Z');
      expect(at('Europe/Berlin', '2025-03-30', '18:00')).toBe('2025-03-30T16:00:00.000Z');
      expect(at('Europe/Berlin', '2025-10-25', '18:00')).toBe('2025-10-25T16:00:00.000Z');
      expect(at('Europe/Berlin', '2025-10-26', '18:00')).toBe('2025-10-26T17:00:00.000Z');
    });

    it('Asia/Kolkata: a half-hour offset, and a local time that is still the previous UTC day', () => {
      expect(at('Asia/Kolkata', '2025-07-05', '18:00')).toBe('2025-07-05T12:30:00.000Z');
      expect(at('Asia/Kolkata', '2025-07-05', null)).toBe('2025-07-05T12:30:00.000Z');
      expect(at('Asia/Kolkata', '2025-07-05', '02:00')).toBe('2025-07-04T20:30:00.000Z');
    });

    it('Asia/Tokyo: early morning local is the previous UTC day', () => {
      expect(at('Asia/Tokyo', '2025-07-05', '01:00')).toBe('2025-07-04T16:00:00.000Z');
    });

    it('Pacific/Auckland: southern-hemisphere DST (ends 2025-04-06)', () => {
      expect(at('Pacific/Auckland', '2025-01-11', '18:00')).toBe('2025-01-11T05:00:00.000Z');
      expect(at('Pacific/Auckland', '2025-04-06', '18:00')).toBe('2025-04-06T06:00:00.000Z');
    });
  });
});

describe('zonedWallClockToInstant', () => {
  it('converts midnight and the last minute of the day', () => {
    expect(iso(zonedWallClockToInstant('2025-07-05', '00:00', 'America/Los_Angeles'))).toBe(
      '2025-07-05T07:00:00.000Z',
    );
    expect(iso(zonedWallClockToInstant('2025-12-31', '23:59', 'Europe/Berlin'))).toBe(
      '2025-12-31T22:59:00.000Z',
    );
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and UTC, refuses made-up ones', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata']) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

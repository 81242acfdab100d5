import { describe, expect, it } from 'vitest';

import { listingSchema } from './listing';
import { UI_TEXT } from './ui-text';
import { dateInZone, saleTimingIssues } from './sale-timing';
import type { SaleTiming } from './sale-timing';
import { issuesOf } from './test-helpers';

const M = UI_TEXT.listing;

const garageSale = {
  title: 'Big family sale',
  category: 'Multi-Family',
  listingType: 'garage-sale',
  priceRange: 'Under $25',
  address: '4 Maple Avenue',
  startDate: '2031-07-05',
  startTime: '08:00',
  endTime: '14:00',
  timeZone: 'America/New_York',
} as const;

describe('listingSchema: a sale ends after it starts', () => {
  it('refuses a one-day sale from 14:00 to 09:00 under the end time', () => {
    expect(
      issuesOf(listingSchema, { ...garageSale, startTime: '14:00', endTime: '09:00' }),
    ).toEqual([{ path: 'endTime', message: M.endTimeBeforeStart }]);
  });

  it('refuses a sale that ends the minute it starts', () => {
    expect(
      issuesOf(listingSchema, { ...garageSale, startTime: '09:00', endTime: '09:00' }),
    ).toEqual([{ path: 'endTime', message: M.endTimeBeforeStart }]);
  });

  it('treats an end date equal to the start date as a one-day sale', () => {
    expect(
      issuesOf(listingSchema, {
        ...garageSale,
        endDate: garageSale.startDate,
        startTime: '15:00',
        endTime: '10:00',
      }),
    ).toEqual([{ path: 'endTime', message: M.endTimeBeforeStart }]);
  });

  it('accepts a weekend sale whose last day closes earlier than the first day opens', () => {
    expect(
      issuesOf(listingSchema, {
        ...garageSale,
        endDate: '2031-07-06',
        startTime: '15:00',
        endTime: '10:00',
      }),
    ).toEqual([]);
  });

  it('refuses an end date before the start date under the end date', () => {
    expect(issuesOf(listingSchema, { ...garageSale, endDate: '2031-07-04' })).toEqual([
      { path: 'endDate', message: M.endDateBeforeStart },
    ]);
  });

  it('leaves single items alone, whatever times they were sent with', () => {
    expect(
      issuesOf(listingSchema, {
        ...garageSale,
        listingType: 'single-item',
        startTime: '14:00',
        endTime: '09:00',
      }),
    ).toEqual([]);
  });
});

describe('saleTimingIssues: a sale is published for the future, in its own time zone', () => {
  const sale = (overrides: Partial<SaleTiming> = {}): SaleTiming => ({
    listingType: 'garage-sale',
    startDate: '2026-06-06',
    endDate: null,
    startTime: '08:00',
    endTime: '14:00',
    timeZone: 'America/Chicago',
    ...overrides,
  });

  it('knows the date where the sale is, not in UTC', () => {
    // 03:00 UTC on 6 June is still the evening of 5 June in Chicago.
    const now = new Date('2026-06-06T03:00:00Z');
    expect(dateInZone(now, 'America/Chicago')).toBe('2026-06-05');
    expect(dateInZone(now, 'UTC')).toBe('2026-06-06');
  });

  it('refuses a start date already past under the date', () => {
    const now = new Date('2026-06-07T15:00:00Z');
    expect(saleTimingIssues(sale(), now)).toEqual([{ path: ['startDate'], message: M.dateInPast }]);
  });

  it('accepts a sale later today in the seller’s zone even when it is already tomorrow in UTC', () => {
    // 02:00 UTC on 6 June is 21:00 on 5 June in Chicago: a sale on 5 June until 22:00 is still ahead.
    const now = new Date('2026-06-06T02:00:00Z');
    expect(saleTimingIssues(sale({ startDate: '2026-06-05', endTime: '22:00' }), now)).toEqual([]);
  });

  it('refuses a sale today that is already over under the end time', () => {
    // 20:00 UTC is 15:00 in Chicago (CDT): a sale until 14:00 has ended.
    const now = new Date('2026-06-06T20:00:00Z');
    expect(saleTimingIssues(sale(), now)).toEqual([
      { path: ['endTime'], message: M.saleAlreadyOver },
    ]);
    expect(saleTimingIssues(sale({ endTime: '16:00' }), now)).toEqual([]);
  });

  it('does not check an edit that keeps the dates and times, and checks one that changes them', () => {
    const now = new Date('2026-06-07T15:00:00Z');
    expect(saleTimingIssues(sale(), now, sale())).toEqual([]);
    expect(saleTimingIssues(sale({ startTime: '09:00' }), now, sale())).toEqual([
      { path: ['startDate'], message: M.dateInPast },
    ]);
  });

  it('has nothing to say about single items', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(saleTimingIssues(sale({ listingType: 'single-item' }), now)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';

import { autoDeletionText, formatSaleDate, formatSaleDateSpan } from './listing-dates';

const sale = {
  listingType: 'garage-sale',
  startDate: '2025-07-05',
  endDate: null,
  endTime: '14:00',
  endsAt: new Date('2025-07-05T19:00:00Z'),
} as const;

describe('formatSaleDate', () => {
  it('shows the seller’s calendar day in long en-US form', () => {
    expect(formatSaleDate('2025-07-05')).toBe('Saturday, July 5, 2025');
  });

  it('keeps the day on the first and last of the year, whatever the viewer’s zone', () => {
    expect(formatSaleDate('2025-01-01')).toBe('Wednesday, January 1, 2025');
    expect(formatSaleDate('2025-12-31')).toBe('Wednesday, December 31, 2025');
  });
});

describe('formatSaleDateSpan', () => {
  it('shows one day when there is no last day, or it is the same day', () => {
    expect(formatSaleDateSpan('2025-07-05', null)).toBe('Saturday, July 5, 2025');
    expect(formatSaleDateSpan('2025-07-05', '2025-07-05')).toBe('Saturday, July 5, 2025');
  });

  it('names the year once for a weekend sale', () => {
    expect(formatSaleDateSpan('2025-07-05', '2025-07-06')).toBe(
      'Saturday, July 5 – Sunday, July 6, 2025',
    );
  });

  it('names both years when the sale runs over New Year', () => {
    expect(formatSaleDateSpan('2025-12-31', '2026-01-01')).toBe(
      'Wednesday, December 31, 2025 – Thursday, January 1, 2026',
    );
  });
});

describe('autoDeletionText', () => {
  it('gives a garage sale’s last day and end time', () => {
    expect(autoDeletionText(sale)).toBe(
      'This listing is deleted automatically after the sale ends: Saturday, July 5, 2025 at 2:00 PM.',
    );
  });

  it('uses the last day of a sale over several days', () => {
    expect(autoDeletionText({ ...sale, endDate: '2025-07-06' })).toContain(
      'Sunday, July 6, 2025 at 2:00 PM',
    );
  });

  it('shows 6:00 PM when the sale has no end time', () => {
    expect(autoDeletionText({ ...sale, endTime: null })).toContain('at 6:00 PM.');
  });

  it('gives a single item 14 days', () => {
    const text = autoDeletionText({
      listingType: 'single-item',
      startDate: null,
      endDate: null,
      endTime: null,
      endsAt: new Date('2025-07-15T12:00:00Z'),
    });
    expect(text).toMatch(/^Single-item listings are deleted automatically 14 days after/);
    expect(text).toContain('July 15, 2025');
  });
});

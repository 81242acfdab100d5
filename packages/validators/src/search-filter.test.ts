import { describe, expect, it } from 'vitest';

import { listingSearchQuerySchema, listingSearchSchema, salesBetweenSchema } from './listing';
import { savedSearchInputSchema } from './notifications';
import { issuesOf, parseOk } from './test-helpers';

/** A place and a radius, which a saved search needs together; everything else varies per case. */
const place = { near: { latitude: 51.5, longitude: -0.12 }, radiusMiles: 5 };
const FILTER_KEYS = ['search', 'category', 'listingType', 'near', 'radiusMiles'] as const;

function filterOf(values: Record<string, unknown>) {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, values[key]]));
}

describe('one search filter for browsing and saved searches', () => {
  it.each([
    { search: '  oak table ', category: 'Books', listingType: 'single-item', ...place },
    { search: 'lamp', category: '', ...place },
    { search: 'chairs', category: 'Furniture', listingType: 'garage-sale', ...place },
    { search: 'tv', near: { latitude: -90, longitude: 180 }, radiusMiles: '250' },
  ])('reads %j the same way', (input) => {
    const browsed = parseOk(listingSearchSchema, input);
    const saved = parseOk(savedSearchInputSchema, input);
    expect(filterOf(saved)).toEqual(filterOf(browsed));
  });

  it.each([
    ['search', { search: 'x'.repeat(201), ...place }],
    ['search', { search: 'nul\u0000', ...place }],
    ['category', { category: 'Boats', ...place }],
    ['listingType', { listingType: 'car', ...place }],
    ['near.latitude', { near: { latitude: 91, longitude: 0 }, radiusMiles: 5 }],
    ['near.longitude', { near: { latitude: 0, longitude: -181 }, radiusMiles: 5 }],
    ['radiusMiles', { search: 'lamp', near: place.near, radiusMiles: 251 }],
    ['radiusMiles', { search: 'lamp', near: place.near, radiusMiles: 0 }],
  ])('refuses a bad %s with the same message', (path, input) => {
    const browsed = issuesOf(listingSearchSchema, input).filter((i) => i.path === path);
    const saved = issuesOf(savedSearchInputSchema, input).filter((i) => i.path === path);
    expect(browsed).not.toEqual([]);
    expect(saved).toEqual(browsed);
  });

  it('keeps the saved words a string when none were typed, where browsing leaves them out', () => {
    const input = { category: 'Furniture' };
    expect(parseOk(savedSearchInputSchema, input).search).toBe('');
    expect(parseOk(listingSearchSchema, input).search).toBeUndefined();
  });

  it('reads the query-string search and the sales calendar by the same field rules', () => {
    const input = { search: ' lamp ', category: 'Books', radiusMiles: '5' };
    const query = parseOk(listingSearchQuerySchema, { ...input, near: '51.5,-0.12' });
    const calendar = parseOk(salesBetweenSchema, {
      ...input,
      near: place.near,
      from: '2026-01-01',
      to: '2026-01-02',
    });
    for (const values of [query, calendar]) {
      expect(values).toMatchObject({
        search: 'lamp',
        category: 'Books & Media',
        radiusMiles: 5,
        near: place.near,
      });
    }
  });
});

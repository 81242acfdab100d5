import { describe, expect, it } from 'vitest';

import { ListingNotFoundError, isListingMissing, parseListingId } from './listing-id';

describe('parseListingId', () => {
  it('reads a positive whole number', () => {
    expect(parseListingId('42')).toBe(42);
  });

  it.each(['0', '-3', '1.5', 'abc', '', '007', '1e3', '99999999999999999999'])(
    'treats %j as no listing at all',
    (param) => {
      expect(() => parseListingId(param)).toThrow(ListingNotFoundError);
    },
  );
});

describe('isListingMissing', () => {
  it('recognises an address that names no listing', () => {
    expect(isListingMissing(new ListingNotFoundError())).toBe(true);
    expect(isListingMissing(new Error('Network down'))).toBe(false);
  });
});

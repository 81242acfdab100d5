import { describe, expect, it } from 'vitest';

import { oneOf, positiveInteger, text, textUpTo } from './search-params';

describe('search parameter readers', () => {
  it('keeps an allowed word and drops anything else', () => {
    expect(oneOf(['items', 'sales'] as const, 'sales')).toBe('sales');
    expect(oneOf(['items', 'sales'] as const, 'SALES')).toBeUndefined();
    expect(oneOf(['items', 'sales'] as const, 3)).toBeUndefined();
  });

  it('keeps text within its limit', () => {
    expect(textUpTo(3, 'abc')).toBe('abc');
    expect(textUpTo(3, 'abcd')).toBeUndefined();
    expect(text(42)).toBeUndefined();
    expect(text('/home')).toBe('/home');
  });

  it.each([
    [7, 7],
    ['7', 7],
    ['0', undefined],
    [-2, undefined],
    [1.5, undefined],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j', (value, expected) => {
    expect(positiveInteger(value)).toBe(expected);
  });
});

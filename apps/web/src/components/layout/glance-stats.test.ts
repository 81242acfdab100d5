import { describe, expect, it } from 'vitest';

import { formatCount } from './glance-stats';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    }
  });
});

import { describe, expect, it } from 'vitest';

import { formatRelative } from './relative-time';

describe('formatRelative', () => {
  const now = new Date('2026-03-14T12:00:00Z');
  const ago = (seconds: number) => formatRelative(new Date(now.getTime() - seconds * 1000), now);

  it('says how long ago, in the largest whole unit', () => {
    expect(ago(5)).toBe('just now');
    expect(ago(59)).toBe('just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(5 * 60)).toBe('5 minutes ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(86_400)).toBe('yesterday');
    expect(ago(3 * 86_400)).toBe('3 days ago');
    expect(ago(7 * 86_400)).toBe('last week');
    expect(ago(21 * 86_400)).toBe('3 weeks ago');
    expect(ago(90 * 86_400)).toBe('3 months ago');
    expect(ago(800 * 86_400)).toBe('2 years ago');
  });

  it('reads a time still to come as such (a clock a little behind the server’s)', () => {
    expect(ago(-30)).toBe('just now');
    expect(ago(-2 * 3600)).toBe('in 2 hours');
  });
});

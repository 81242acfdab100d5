import { afterEach, describe, expect, it, vi } from 'vitest';

import { testServiceUrl } from '../test/testing';

describe('suites that need PostgreSQL or Redis', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const none = { TEST_DATABASE_URL: undefined, TEST_REDIS_URL: undefined };

  it('run with the configured service', () => {
    expect(
      testServiceUrl('TEST_REDIS_URL', '"an example suite"', {
        ...none,
        TEST_REDIS_URL: 'redis://127.0.0.1:6379',
        ci: true,
      }),
    ).toBe('redis://127.0.0.1:6379');
  });

  it('are skipped locally without it, saying once which suite and which variable would run it', () => {
    const said = vi.spyOn(console, 'error');
    const local = { ...none, ci: false };
    expect(testServiceUrl('TEST_DATABASE_URL', '"an example suite"', local)).toBeUndefined();
    expect(testServiceUrl('TEST_DATABASE_URL', '"an example suite"', local)).toBeUndefined();
    expect(said.mock.calls).toEqual([
      ['SKIPPED "an example suite" (runs when TEST_DATABASE_URL is set)'],
    ]);
  });

  it('fail in CI without it instead of being skipped', () => {
    expect(() =>
      testServiceUrl('TEST_REDIS_URL', '"an example suite"', { ...none, ci: true }),
    ).toThrow(
      'CI=true but TEST_REDIS_URL is not set: "an example suite" must run in CI, not be skipped.',
    );
  });
});

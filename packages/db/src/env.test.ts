import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { DEFAULT_ADMIN_EMAIL, readDatabaseEnv, readTestDatabaseUrl, readTestServices } from './env';

describe('environment', () => {
  it('defaults to the embedded database under data/ at the repository root', () => {
    const env = readDatabaseEnv({});
    const repoData = fileURLToPath(new URL('../../../data', import.meta.url));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir).toBe(repoData);
    expect(env.pgliteDir).toBe(path.join(repoData, 'pglite'));
    expect(env.uploadsDir).toBe(path.join(repoData, 'uploads'));
    expect(env.adminEmail).toBe(DEFAULT_ADMIN_EMAIL);
    expect(env.adminPassword).toBeUndefined();
  });

  it('treats empty values as unset and normalises the admin e-mail', () => {
    const env = readDatabaseEnv({
      DATABASE_URL: '',
      ADMIN_EMAIL: ' Boss@Example.COM ',
      DATA_DIR: '/srv/yardsale',
    });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.adminEmail).toBe('boss@example.com');
    expect(env.pgliteDir).toBe('/srv/yardsale/pglite');
  });

  it('names the variable that is wrong', () => {
    expect(() => readDatabaseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readDatabaseEnv({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
    expect(() => readDatabaseEnv({ ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => readTestDatabaseUrl({ TEST_DATABASE_URL: 'localhost:5432' })).toThrow(
      /TEST_DATABASE_URL/,
    );
    expect(
      readTestDatabaseUrl({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }),
    ).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('reads the services test suites may use, and whether the run is CI', () => {
    expect(readTestServices({})).toEqual({
      TEST_DATABASE_URL: undefined,
      TEST_REDIS_URL: undefined,
      ci: false,
    });
    expect(
      readTestServices({
        CI: 'true',
        TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        TEST_REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toEqual({
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      TEST_REDIS_URL: 'redis://127.0.0.1:6379',
      ci: true,
    });
    expect(readTestServices({ CI: 'false', TEST_REDIS_URL: '' }).ci).toBe(false);
    expect(() => readTestServices({ TEST_REDIS_URL: '127.0.0.1:6379' })).toThrow(/TEST_REDIS_URL/);
  });
});

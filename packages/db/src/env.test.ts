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

  it('stores photos in the local folder unless S3_BUCKET names a bucket', () => {
    expect(readDatabaseEnv({ DATA_DIR: '/srv/yardsale' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/yardsale/uploads',
    });
    const s3 = {
      S3_BUCKET: 'yardsale-photos',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    };
    expect(readDatabaseEnv(s3).storage).toEqual({
      kind: 's3',
      bucket: 'yardsale-photos',
      region: 'eu-west-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
    expect(
      readDatabaseEnv({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toMatchObject({ kind: 's3', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('says what a bucket is missing, and refuses S3 settings without a bucket', () => {
    const message = (source: Record<string, string>) => {
      try {
        readDatabaseEnv(source);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      throw new Error('expected the configuration to be refused');
    };
    const bucketOnly = message({ S3_BUCKET: 'yardsale-photos' });
    expect(bucketOnly).toMatch(/S3_REGION: is required with S3_BUCKET/);
    expect(bucketOnly).toMatch(/S3_ACCESS_KEY_ID: is required with S3_BUCKET/);
    expect(bucketOnly).toMatch(/S3_SECRET_ACCESS_KEY: is required with S3_BUCKET/);
    expect(
      message({ S3_BUCKET: 'yardsale-photos', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key' }),
    ).toMatch(/^Invalid configuration:\n {2}S3_SECRET_ACCESS_KEY: is required with S3_BUCKET/);
    expect(message({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1' })).toMatch(
      /S3_BUCKET: is required when S3_ENDPOINT, S3_REGION are set/,
    );
    expect(message({ S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(message({ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT/);
    expect(message({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    // Blank values count as unset, as for every variable.
    expect(readDatabaseEnv({ S3_BUCKET: ' ', S3_REGION: '' }).storage.kind).toBe('local');
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

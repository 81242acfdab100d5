import path from 'node:path';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, parseEnvironment } from '@yardsale/validators';
import { z } from 'zod';

import type { StorageConfig } from './storage';

import { locate } from './location';

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

export const DEFAULT_ADMIN_EMAIL = 'admin@yardsale.local';

/** `data/` at the repository root: the server, `db:migrate` and `db:seed` agree on it wherever they run from. */
const DEFAULT_DATA_DIR = locate(import.meta.url, {
  fromSource: '../../../data', // from packages/db/src
  fromBundle: '../../../data', // from apps/server/dist
});

/**
 * The variables of the database, its first admin and photo storage, with their defaults: the server's
 * configuration extends this schema, so each is defined once. Check a parse with `checkStorageEnv` too
 * (a refinement, since an object schema with refinements can no longer be extended).
 */
export const databaseEnvSchema = z.object({
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be the store's http(s) URL, like http://127.0.0.1:9000 (leave unset for AWS)",
    })
    .optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

type DatabaseEnvValues = z.output<typeof databaseEnvSchema>;

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * Photos go to a bucket only when S3_BUCKET is set, and then it needs its region and credentials; S3
 * settings without a bucket are refused rather than silently writing photos to the local folder.
 */
export function checkStorageEnv(env: DatabaseEnvValues, ctx: z.RefinementCtx): void {
  if (!env.S3_BUCKET) {
    const stray = S3_SETTINGS.filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `is required when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set: without it photos are stored in the local folder`,
      });
    }
    return;
  }
  const required: [keyof DatabaseEnvValues, string][] = [
    ['S3_REGION', "the bucket's region (any value, e.g. us-east-1, for MinIO and similar stores)"],
    ['S3_ACCESS_KEY_ID', 'the access key the server signs its requests with'],
    ['S3_SECRET_ACCESS_KEY', 'the secret of S3_ACCESS_KEY_ID'],
  ];
  for (const [name, what] of required) {
    if (!env[name]) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required with S3_BUCKET: ${what}`,
      });
    }
  }
}

interface DatabaseEnv {
  /** PostgreSQL URL; without it the embedded database in `pgliteDir` is used. */
  databaseUrl: string | undefined;
  /** Absolute; `DATA_DIR` resolved from the working directory, else `data/` at the repository root. */
  dataDir: string;
  pgliteDir: string;
  uploadsDir: string;
  adminEmail: string;
  adminPassword: string | undefined;
  /** Where photos go: `uploadsDir`, or the bucket when S3_BUCKET is set. */
  storage: StorageConfig;
}

/**
 * The process environment. The one place any package reads it (the ESLint rule on `process.env`):
 * the server's configuration and the database tools alike.
 */
export function processEnvironment(): Record<string, string | undefined> {
  // eslint-disable-next-line no-restricted-properties -- this module is the one reader of the environment
  return process.env;
}

function storageFrom(env: DatabaseEnvValues, uploadsDir: string): StorageConfig {
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET) return { kind: 'local', dir: uploadsDir };
  if (!S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET needs S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind: 's3',
    bucket: S3_BUCKET,
    region: S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** What the parsed database variables mean: the folders resolved, the photo storage chosen. */
export function databaseEnvFrom(env: DatabaseEnvValues): DatabaseEnv {
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR;
  const uploadsDir = path.join(dataDir, 'uploads');
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    storage: storageFrom(env, uploadsDir),
  };
}

export function readDatabaseEnv(
  source: Record<string, string | undefined> = processEnvironment(),
): DatabaseEnv {
  return databaseEnvFrom(parseEnvironment(databaseEnvSchema.superRefine(checkStorageEnv), source));
}

const testServicesSchema = z.object({
  TEST_DATABASE_URL: postgresUrl.optional(),
  TEST_REDIS_URL: z
    .string()
    .trim()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  CI: z.string().trim().optional(),
});

export interface TestServices {
  TEST_DATABASE_URL: string | undefined;
  TEST_REDIS_URL: string | undefined;
  /** CI=true (or 1): every suite must run there, none may be skipped for a missing service. */
  ci: boolean;
}

/** The services test suites may use besides the embedded database, and whether this run is CI. */
export function readTestServices(
  source: Record<string, string | undefined> = processEnvironment(),
): TestServices {
  const env = parseEnvironment(testServicesSchema, source);
  return {
    TEST_DATABASE_URL: env.TEST_DATABASE_URL,
    TEST_REDIS_URL: env.TEST_REDIS_URL,
    ci: env.CI === 'true' || env.CI === '1',
  };
}

/** The server that test databases are created on, if any (TEST_DATABASE_URL). */
export function readTestDatabaseUrl(
  source: Record<string, string | undefined> = processEnvironment(),
): string | undefined {
  return parseEnvironment(testServicesSchema.pick({ TEST_DATABASE_URL: true }), source)
    .TEST_DATABASE_URL;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, parseEnvironment } from '@yardsale/validators';
import { z } from 'zod';

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

export const DEFAULT_ADMIN_EMAIL = 'admin@yardsale.local';

/** `data/` at the repository root: the server, `db:migrate` and `db:seed` agree on it wherever they run from. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/**
 * The variables of the database and its first admin, with their defaults: the server's configuration
 * extends this schema, so each is defined once.
 */
export const databaseEnvSchema = z.object({
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
});

export interface DatabaseEnv {
  /** PostgreSQL URL; without it the embedded database in `pgliteDir` is used. */
  databaseUrl: string | undefined;
  /** Absolute; `DATA_DIR` resolved from the working directory, else `data/` at the repository root. */
  dataDir: string;
  pgliteDir: string;
  uploadsDir: string;
  adminEmail: string;
  adminPassword: string | undefined;
}

/**
 * The process environment. The one place any package reads it (the ESLint rule on `process.env`):
 * the server's configuration and the database tools alike.
 */
export function processEnvironment(): Record<string, string | undefined> {
  // eslint-disable-next-line no-restricted-properties -- this module is the one reader of the environment
  return process.env;
}

/** What the parsed database variables mean: the folders resolved. */
export function databaseEnvFrom(env: z.output<typeof databaseEnvSchema>): DatabaseEnv {
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR;
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
  };
}

export function readDatabaseEnv(
  source: Record<string, string | undefined> = processEnvironment(),
): DatabaseEnv {
  return databaseEnvFrom(parseEnvironment(databaseEnvSchema, source));
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

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@yardsale/validators';
import { z } from 'zod';

/** An unset variable and an empty one (`DATABASE_URL=` in a .env file) mean the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

const databaseEnvSchema = z.object({
  DATABASE_URL: optional(postgresUrl),
  DATA_DIR: optional(z.string().trim()),
  ADMIN_EMAIL: optional(z.string().trim().toLowerCase().pipe(z.email())),
  ADMIN_PASSWORD: optional(z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)),
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

export const DEFAULT_ADMIN_EMAIL = 'admin@yardsale.local';

/** `data/` at the repository root: the server, `db:migrate` and `db:seed` agree on it wherever they run from. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

function readEnv(): NodeJS.ProcessEnv {
  // eslint-disable-next-line no-restricted-properties -- this module is the one reader of the environment
  return process.env;
}

/** Throws one message naming every bad variable, so a misconfigured start stops with a clear reason. */
function parse<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.output<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment: ${problems.join('; ')}`);
}

export function readDatabaseEnv(source: NodeJS.ProcessEnv = readEnv()): DatabaseEnv {
  const env = parse(databaseEnvSchema, source);
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR;
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    adminEmail: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
  };
}

const testServicesSchema = z.object({
  TEST_DATABASE_URL: optional(postgresUrl),
  TEST_REDIS_URL: optional(
    z
      .string()
      .trim()
      .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL'),
  ),
  CI: optional(z.string().trim()),
});

export interface TestServices {
  TEST_DATABASE_URL: string | undefined;
  TEST_REDIS_URL: string | undefined;
  /** CI=true (or 1): every suite must run there, none may be skipped for a missing service. */
  ci: boolean;
}

/** The services test suites may use besides the embedded database, and whether this run is CI. */
export function readTestServices(source: NodeJS.ProcessEnv = readEnv()): TestServices {
  const env = parse(testServicesSchema, source);
  return {
    TEST_DATABASE_URL: env.TEST_DATABASE_URL,
    TEST_REDIS_URL: env.TEST_REDIS_URL,
    ci: env.CI === 'true' || env.CI === '1',
  };
}

/** The server that test databases are created on, if any (TEST_DATABASE_URL). */
export function readTestDatabaseUrl(source: NodeJS.ProcessEnv = readEnv()): string | undefined {
  return parse(z.object({ TEST_DATABASE_URL: optional(postgresUrl) }), source).TEST_DATABASE_URL;
}

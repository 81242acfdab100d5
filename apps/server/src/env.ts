import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

import { DEFAULT_DATA_DIR } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  ADMIN_EMAIL: z.email().transform((v) => v.toLowerCase()).default('admin@yardsale.local'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  APP_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin like https://yardsale.example' })
    .transform((v) => new URL(v).origin)
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Env = z.output<typeof envSchema>;

export interface ServerConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  /** Where the app is served from; when unset, requests must come from the Host they were sent to. */
  appOrigin: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Behind a proxy, the client address comes from X-Forwarded-For; otherwise that header is ignored. */
  trustProxy: boolean;
  /** The built web app to serve (apps/web/dist unless set). */
  webDistDir: string;
}

/** Reads and checks configuration once; a bad value stops the start with the variable's name. */
export function readConfig(source: Record<string, string | undefined>): ServerConfig {
  const e = parseEnvironment(envSchema, source);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appOrigin: e.APP_ORIGIN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
  };
}

export function readProcessConfig(): ServerConfig {
  // eslint-disable-next-line no-restricted-properties -- the one place configuration is read
  return readConfig(process.env);
}

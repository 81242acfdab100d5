import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

import { databaseEnvFrom, databaseEnvSchema, processEnvironment } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const port = z.coerce.number().int().min(0).max(65535);

/** proxy-addr's names for reserved ranges, which Fastify accepts in a trustProxy list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || bits === undefined || rest.length > 0 || !/^\d{1,3}$/.test(bits))
    return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hop is the client: false (the connection's address), a number of proxies in front,
 * or the proxies' addresses. Never "true": Fastify would take the left-most value, which the client writes.
 */
function readTrustProxy(value: string, ctx: z.RefinementCtx): number | string | false {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true is refused: it takes the client address from the left-most X-Forwarded-For value, which any client can write. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  if (entries.every(isAddressOrRange)) return entries.join(',');
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, the number of proxies in front of the server (e.g. 1), or their addresses and CIDR ranges separated by commas (e.g. 10.0.0.0/8,192.168.0.1)',
  });
  return z.NEVER;
}

/** The server's variables, on top of the database's own (DATABASE_URL, DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD). */
const envSchema = databaseEnvSchema.extend({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  APP_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin like https://yardsale.example' })
    .transform((v) => new URL(v).origin)
    .optional(),
  TRUST_PROXY: z.string().default('false').transform(readTrustProxy),
  SEED_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
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
  /**
   * Behind proxies, which X-Forwarded-For hop is the client (a count of proxies, or their addresses);
   * false ignores that header.
   */
  trustProxy: number | string | false;
  /**
   * Demo neighbours, listings and conversations on a fresh database (decision 030): by default only in
   * development on the embedded database; refused in production.
   */
  seedDemo: boolean;
  /** The built web app to serve (apps/web/dist unless set). */
  webDistDir: string;
}

/** Reads and checks configuration once; a bad value stops the start with the variable's name. */
export function readConfig(source: Record<string, string | undefined>): ServerConfig {
  const e = parseEnvironment(
    envSchema.superRefine((v, ctx) => {
      if (v.NODE_ENV === 'production' && v.SEED_DEMO === 'true') {
        ctx.addIssue({
          code: 'custom',
          path: ['SEED_DEMO'],
          message:
            'true is refused in production: demo accounts share a published password. Run `pnpm db:seed` against a database on purpose instead',
        });
      }
    }),
    source,
  );
  const database = databaseEnvFrom(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    redisUrl: e.REDIS_URL,
    adminEmail: database.adminEmail,
    adminPassword: database.adminPassword,
    appOrigin: e.APP_ORIGIN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO
      ? e.SEED_DEMO === 'true'
      : e.NODE_ENV === 'development' && !e.DATABASE_URL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
  };
}

export function readProcessConfig(): ServerConfig {
  return readConfig(processEnvironment());
}

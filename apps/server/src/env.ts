import { isIP } from 'node:net';
import path from 'node:path';

import { z } from 'zod';

import {
  checkStorageEnv,
  databaseEnvFrom,
  databaseEnvSchema,
  locate,
  processEnvironment,
} from '@yardsale/db';
import type { StorageConfig } from '@yardsale/db';
import { DEFAULT_MAP_TILES, parseEnvironment } from '@yardsale/validators';

const DEFAULT_WEB_DIST_DIR = locate(import.meta.url, {
  fromSource: '../../web/dist', // from apps/server/src
  fromBundle: '../../web/dist', // from apps/server/dist
});

const port = z.coerce.number().int().min(0).max(65535);

/** The sender of the product's mail unless MAIL_FROM names another. */
const DEFAULT_MAIL_FROM = 'YardSale <no-reply@yardsale.local>';

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

/** A map tile URL template: http(s), with the {z}, {x} and {y} a map fills in. */
const tileUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http(s) URL like https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  })
  .refine(
    (v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)),
    'must contain {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  );

/**
 * The server's variables, on top of the database's own (DATABASE_URL, DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD,
 * and the photo storage's S3_*).
 */
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
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (it guards /metrics)')
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  MAP_TILE_URL: tileUrl.default(DEFAULT_MAP_TILES.tileUrl),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default(DEFAULT_MAP_TILES.attribution),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default(DEFAULT_MAIL_FROM),
  // Web push's VAPID key pair (base64url: a 65-byte public point, a 32-byte private scalar).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
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
  /** The Bearer token /metrics requires; unset, /metrics is off (decision 058). */
  metricsToken: string | undefined;
  /** After SIGTERM or SIGINT, how long the stop may take before the process exits with 1 anyway. */
  shutdownTimeoutMs: number;
  /** After SIGTERM or SIGINT, how long /readyz answers 503 while requests are still served. */
  shutdownDelayMs: number;
  /** Where photos go: `<dataDir>/uploads`, or the bucket S3_BUCKET names (decision 057). */
  storage: StorageConfig;
  /** The map's tiles (MAP_TILE_URL) and the credit their provider requires (MAP_TILE_ATTRIBUTION). */
  mapTiles: { tileUrl: string; attribution: string };
  /**
   * How mail leaves: through SMTP_URL when set; otherwise, outside production, into
   * `<dataDir>/outbox` as .eml files; in production without it, not at all.
   */
  mail: { smtpUrl: string | undefined; outboxDir: string | undefined; from: string };
  /**
   * Web push's VAPID identity: the configured key pair, or, outside production without one, a pair
   * generated once into `<dataDir>/vapid-keys.json`; in production without one, push is off.
   */
  push: {
    keys: { publicKey: string; privateKey: string } | undefined;
    keysFile: string | undefined;
    subject: string;
  };
}

/** Reads and checks configuration once; a bad value stops the start with the variable's name. */
export function readConfig(source: Record<string, string | undefined>): ServerConfig {
  const e = parseEnvironment(
    envSchema.superRefine((v, ctx) => {
      checkStorageEnv(v, ctx);
      if (v.SHUTDOWN_DELAY_MS >= v.SHUTDOWN_TIMEOUT_MS) {
        ctx.addIssue({
          code: 'custom',
          path: ['SHUTDOWN_DELAY_MS'],
          message: 'must be shorter than SHUTDOWN_TIMEOUT_MS, or the stop never gets to drain',
        });
      }
      if (Boolean(v.VAPID_PUBLIC_KEY) !== Boolean(v.VAPID_PRIVATE_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: [v.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
          message:
            'must be set together with its other half (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
        });
      }
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
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    storage: database.storage,
    mapTiles: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    mail: {
      smtpUrl: e.SMTP_URL,
      outboxDir:
        e.SMTP_URL || e.NODE_ENV === 'production'
          ? undefined
          : path.join(database.dataDir, 'outbox'),
      from: e.MAIL_FROM,
    },
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      keysFile:
        e.VAPID_PUBLIC_KEY || e.NODE_ENV === 'production'
          ? undefined
          : path.join(database.dataDir, 'vapid-keys.json'),
      subject: e.VAPID_SUBJECT ?? `mailto:${database.adminEmail}`,
    },
  };
}

export function readProcessConfig(): ServerConfig {
  return readConfig(processEnvironment());
}

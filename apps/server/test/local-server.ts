import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createServerDeps, startSavedSearchMatcher } from '@yardsale/api';
import type { EventBus, Logger, PushSender, RateLimitSettings } from '@yardsale/api';
import type { Database, FileStorage } from '@yardsale/db';
import { createLocalStorage, sql } from '@yardsale/db';

import { buildApp } from '../src/app';
import { localMailbox } from './local-mailbox';
import type { LocalMailbox } from './local-mailbox';
import type { App, AppOptions } from '../src/app';
import type { LiveSocketLimits } from '../src/websocket';

export interface LocalServer extends App {
  url: string;
  origin: string;
  /** The temp folder photos go to, unless another storage was given. */
  uploadsDir: string;
  /** Every mail the server sent (see localMailbox). */
  mailbox: LocalMailbox;
  /** Stops the server and its event bus and removes its uploads; the database stays open. */
  stop(): Promise<void>;
}

/**
 * The real server on a free loopback port over a given database, uploads in a temp folder: what
 * tests and benchmarks run against.
 */
export async function startLocalServer(options: {
  db: Database;
  logger: Logger;
  adminEmail: string;
  events?: EventBus;
  rateLimits?: Partial<RateLimitSettings>;
  /** Photos here instead of the temp folder, e.g. a bucket several instances share. */
  storage?: FileStorage;
  wrapStorage?: (storage: FileStorage) => FileStorage;
  webDistDir?: string | null;
  /** As the server's TRUST_PROXY setting (off by default). */
  trustProxy?: number | string | false;
  /** The server's clock, for tests that move time. */
  now?: () => Date;
  socketLimits?: Partial<LiveSocketLimits>;
  /** Open connections one client address may hold (see connection-limits.ts). */
  connectionsPerAddress?: number;
  /** How long an answer given before the body was read waits for the rest of it (see unread-body.ts). */
  unreadBodyWaitMs?: number;
  /** /readyz and /metrics settings: a database check that fails, the metrics token, the readiness grace. */
  operations?: Partial<Pick<AppOptions, 'healthCheck' | 'metricsToken' | 'readinessGraceMs'>>;
  /** A real logger writing here at this level, used by the API too (otherwise `logger` and no request logs). */
  logTo?: { stream: NodeJS.WritableStream; level: string };
  /** False: verification links stay unopened in the mailbox until a test opens them. */
  openVerificationLinks?: boolean;
  /** Sends web push; off (null) unless given. */
  push?: PushSender | null;
  /**
   * The API's production rules (push endpoints must resolve to public addresses); the HTTP side
   * stays as in development, plain http without Secure cookies.
   */
  production?: boolean;
  /** How push endpoints' hosts resolve, instead of the system's DNS. */
  resolveHost?: Parameters<typeof createServerDeps>[0]['resolveHost'];
}): Promise<LocalServer> {
  const mailbox = localMailbox({ openVerificationLinks: options.openVerificationLinks ?? true });
  const root = mkdtempSync(path.join(os.tmpdir(), 'yardsale-server-'));
  const uploadsDir = path.join(root, 'uploads');
  mkdirSync(uploadsDir);
  const storage = options.storage ?? createLocalStorage(uploadsDir);
  const server = await buildApp({
    createDeps: (appLogger) =>
      createServerDeps({
        db: options.db,
        storage: options.wrapStorage ? options.wrapStorage(storage) : storage,
        logger: options.logTo ? appLogger : options.logger,
        events: options.events,
        rateLimits: options.rateLimits,
        now: options.now,
        mail: mailbox,
        push: options.push ?? null,
        resolveHost: options.resolveHost,
        config: {
          adminEmail: options.adminEmail,
          secureCookies: false,
          production: options.production ?? false,
        },
      }),
    healthCheck: async () => {
      await options.db.execute(sql`select 1`);
    },
    webDistDir: options.webDistDir ?? null,
    appOrigin: undefined,
    logLevel: options.logTo?.level ?? 'silent',
    logStream: options.logTo?.stream,
    production: false,
    trustProxy: options.trustProxy ?? false,
    socketLimits: options.socketLimits,
    connectionsPerAddress: options.connectionsPerAddress,
    unreadBodyWaitMs: options.unreadBodyWaitMs,
    ...options.operations,
  });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  mailbox.attach(url);
  // As every instance does: new listings are matched against the saved searches once committed.
  const matcher = startSavedSearchMatcher(server.deps);
  return {
    ...server,
    url,
    origin: url,
    uploadsDir,
    mailbox,
    async stop() {
      await server.close();
      await matcher.stop();
      await server.deps.events.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

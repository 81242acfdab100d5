import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createPostgresEventBus } from '@yardsale/api';
import type { RateLimitSettings } from '@yardsale/api';
import { recordingLogger } from '@yardsale/api/testing';
import type { FileStorage } from '@yardsale/db';
import { createDatabase } from '@yardsale/db';
import { createTestDatabase } from '@yardsale/db/testing';

import { startLocalServer } from './local-server';
import type { LocalServer } from './local-server';
import type { LiveSocketLimits } from '../src/websocket';

export const TEST_ADMIN_EMAIL = 'admin@yardsale.test';

export interface TestServer extends LocalServer {
  logger: ReturnType<typeof recordingLogger>;
}

/** A real server on a free port over a fresh database, with a tiny built web app to serve. */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  options: {
    /** Photos here instead of a temp folder, e.g. a bucket several instances share. */
    storage?: FileStorage;
    wrapStorage?: (storage: FileStorage) => FileStorage;
    /** Join an existing PostgreSQL database as another instance, events through LISTEN/NOTIFY. */
    joinDatabaseUrl?: string;
    /** E.g. generous limits, so a test reaches the procedures instead of 429s. */
    rateLimits?: Partial<RateLimitSettings>;
    /** The server's clock: a test moves it instead of sleeping. */
    now?: () => Date;
    trustProxy?: number | string | false;
    socketLimits?: Partial<LiveSocketLimits>;
    /** Open connections one client address may hold (see connection-limits.ts). */
    connectionsPerAddress?: number;
    /** /readyz and /metrics settings (see startLocalServer). */
    operations?: Parameters<typeof startLocalServer>[0]['operations'];
    /** False: sign-ups stay unverified until a test opens the link in `mailbox`. */
    openVerificationLinks?: boolean;
    /** Push, production rules and DNS for push endpoints (see startLocalServer). */
    push?: Parameters<typeof startLocalServer>[0]['push'];
    production?: boolean;
    resolveHost?: Parameters<typeof startLocalServer>[0]['resolveHost'];
  } = {},
): Promise<TestServer> {
  const handle = options.joinDatabaseUrl
    ? await createDatabase({ databaseUrl: options.joinDatabaseUrl, maxConnections: 4 })
    : await createTestDatabase(kind);
  const events =
    options.joinDatabaseUrl && handle.sql ? await createPostgresEventBus(handle.sql) : undefined;
  const webDistDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-web-'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>YardSale</title><div id="app"></div>',
  );
  // What a build also holds: a hashed script, the service worker and the manifest.
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'assets', 'index-Bx7Qk2aZ.js'), 'console.log("app");');
  writeFileSync(path.join(webDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDistDir, 'manifest.webmanifest'), '{"name":"YardSale"}');
  const logger = recordingLogger();
  const server = await startLocalServer({
    db: handle.db,
    logger,
    events,
    adminEmail: TEST_ADMIN_EMAIL,
    storage: options.storage,
    wrapStorage: options.wrapStorage,
    rateLimits: options.rateLimits,
    now: options.now,
    trustProxy: options.trustProxy,
    socketLimits: options.socketLimits,
    connectionsPerAddress: options.connectionsPerAddress,
    operations: options.operations,
    openVerificationLinks: options.openVerificationLinks,
    push: options.push,
    production: options.production,
    resolveHost: options.resolveHost,
    webDistDir,
  });
  return {
    ...server,
    logger,
    async stop() {
      await server.stop();
      await handle.close();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

/** A JSON request from the app's own origin, as the web app sends it: status, parsed body and the cookie set. */
export async function sendJson(
  server: { url: string; origin: string },
  url: string,
  body: unknown,
  cookie = '',
  method = 'POST',
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown>,
    cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
}

/**
 * Two server instances on one fresh PostgreSQL database, their events through LISTEN/NOTIFY; each with
 * its own photo folder unless given one storage to share (a bucket).
 */
export async function startTwoInstances(options: { storage?: FileStorage } = {}): Promise<{
  first: TestServer;
  second: TestServer;
  stop(): Promise<void>;
}> {
  const database = await createTestDatabase('postgres');
  const join = { joinDatabaseUrl: database.databaseUrl, storage: options.storage };
  const first = await startTestServer('postgres', join);
  const second = await startTestServer('postgres', join);
  return {
    first,
    second,
    async stop() {
      await first.stop();
      await second.stop();
      await database.close();
    },
  };
}

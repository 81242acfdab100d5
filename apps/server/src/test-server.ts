import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createApiServices, createPostgresEventBus } from '@yardsale/api';
import { recordingLogger } from '@yardsale/api/testing';
import type { FileStorage } from '@yardsale/db';
import { createDatabase, createLocalStorage, sql } from '@yardsale/db';
import { createTestDatabase } from '@yardsale/db/testing';

import { buildApp } from './app';
import type { App } from './app';

export const TEST_ADMIN_EMAIL = 'admin@yardsale.test';

export interface TestServer extends App {
  url: string;
  origin: string;
  uploadsDir: string;
  logger: ReturnType<typeof recordingLogger>;
  stop(): Promise<void>;
}

/** A real server on a free port over a fresh database, with a tiny built web app to serve. */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  options: {
    wrapStorage?: (storage: FileStorage) => FileStorage;
    /** Join an existing PostgreSQL database as another instance, events through LISTEN/NOTIFY. */
    joinDatabaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const handle = options.joinDatabaseUrl
    ? await createDatabase({ databaseUrl: options.joinDatabaseUrl, maxConnections: 4 })
    : await createTestDatabase(kind);
  const events = options.joinDatabaseUrl && handle.sql ? await createPostgresEventBus(handle.sql) : undefined;
  const root = mkdtempSync(path.join(os.tmpdir(), 'yardsale-server-'));
  const uploadsDir = path.join(root, 'uploads');
  const webDistDir = path.join(root, 'web');
  mkdirSync(uploadsDir);
  mkdirSync(webDistDir);
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>YardSale</title><div id="app"></div>');
  const logger = recordingLogger();
  const storage = createLocalStorage(uploadsDir);
  const server = await buildApp({
    createServices: () =>
      createApiServices({
        db: handle.db,
        storage: options.wrapStorage ? options.wrapStorage(storage) : storage,
        logger,
        events,
        config: { adminEmail: TEST_ADMIN_EMAIL, secureCookies: false },
      }),
    healthCheck: async () => {
      await handle.db.execute(sql`select 1`);
    },
    uploadsDir,
    webDistDir,
    appOrigin: undefined,
    logLevel: 'silent',
    production: false,
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...server,
    url: address,
    origin: address,
    uploadsDir,
    logger,
    async stop() {
      await server.close();
      await server.services.events.close();
      await handle.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

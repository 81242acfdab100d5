import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { Redis } from 'ioredis';

import { createApiServices, createPostgresEventBus, ensureAdminRole, purgeEndedListings } from '@yardsale/api';
import { createDatabase, createLocalStorage, migrateDatabase, sql } from '@yardsale/db';
import { seedDatabase } from '@yardsale/db/seed';
import { ENDED_LISTING_PURGE_DAYS } from '@yardsale/validators';

import { buildApp } from './app';
import { readProcessConfig } from './env';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  let config;
  try {
    config = readProcessConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const handle = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(handle);
  const storage = createLocalStorage(uploadsDir);
  // Several instances on one PostgreSQL hear each other's events through LISTEN/NOTIFY.
  const events = handle.sql ? await createPostgresEventBus(handle.sql) : undefined;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;

  const server = await buildApp({
    createServices: (logger) =>
      createApiServices({
        db: handle.db,
        storage,
        logger,
        redis,
        events,
        config: { adminEmail: config.adminEmail, secureCookies: config.env === 'production' },
      }),
    healthCheck: async () => {
      await handle.db.execute(sql`select 1`);
    },
    uploadsDir,
    webDistDir: config.webDistDir,
    appOrigin: config.appOrigin,
    logLevel: config.logLevel,
    production: config.env === 'production',
    trustProxy: config.trustProxy,
  });
  const log = server.app.log;

  const seeded = await seedDatabase(handle.db, {
    storage,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log: (line) => log.info(line),
  });
  if (seeded.seeded && seeded.adminPassword && !config.adminPassword) {
    // Printed once, on the first start, so the operator can sign in as the admin.
    console.log(`\nAdmin account: ${config.adminEmail} / ${seeded.adminPassword} (set ADMIN_PASSWORD to choose it)\n`);
  }
  await ensureAdminRole(server.services);

  // Ended listings are already hidden by every query; this only clears them out a week later.
  const purge = async () => {
    try {
      const removed = await purgeEndedListings(server.services, ENDED_LISTING_PURGE_DAYS);
      if (removed > 0) log.info({ removed }, 'purged ended listings');
    } catch (err) {
      log.error({ err }, 'purging ended listings failed');
    }
  };
  await purge();
  const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  purgeTimer.unref();

  await server.app.listen({ port: config.port, host: config.host });
  const shown = config.appOrigin ?? `http://localhost:${config.port}`;
  console.log(`YardSale is running at ${shown} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      clearInterval(purgeTimer);
      await server.close();
      await server.services.events.close();
      await redis?.quit();
      await handle.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();

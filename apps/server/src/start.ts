import path from 'node:path';

import { Redis } from 'ioredis';

import {
  createMailer,
  createPushSender,
  createServerDeps,
  createPostgresEventBus,
  ensureAdminRole,
  pruneEvents,
  purgeEndedListings,
  queueDailyDigests,
  startOutboxWorker,
  startSavedSearchMatcher,
} from '@yardsale/api';
import { createDatabase, migrateDatabase, openStorage, sql } from '@yardsale/db';
import type { DatabaseHandle } from '@yardsale/db';
import { seedAccounts, seedDatabase } from '@yardsale/db/seed';
import { ENDED_LISTING_PURGE_DAYS, USER_EVENT_RETENTION_DAYS } from '@yardsale/validators';

import { buildApp } from './app';
import { loadVapidKeys } from './push-keys';
import type { App } from './app';
import type { ServerConfig } from './env';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Digests are looked for hourly; each person gets at most one a day. */
const DIGEST_INTERVAL_MS = 60 * 60 * 1000;

export interface StartedServer {
  server: App;
  handle: DatabaseHandle;
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Drains requests and websockets, then closes the event bus, Redis and the database. */
  stop(): Promise<void>;
}

/**
 * The server's start: database, migrations, the accounts every installation needs, demo content only when
 * configured (decision 030), the admin role (decision 029), the purge job, then listening.
 */
export async function startServer(
  config: ServerConfig,
  options: {
    /** Where the one-time admin password line goes (standard output unless set). */
    print?: (line: string) => void;
    /** Where people open the app when APP_ORIGIN is unset (`pnpm dev`: Vite's port). */
    defaultOrigin?: string;
  } = {},
): Promise<StartedServer> {
  const print = options.print ?? ((line: string) => console.log(line));
  const handle = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(handle);
  // The local folder, or the bucket: every instance on one bucket serves every photo (decision 057).
  const storage = await openStorage(config.storage);
  // Several instances on one PostgreSQL hear each other's events through LISTEN/NOTIFY.
  const events = handle.sql ? await createPostgresEventBus(handle.sql) : undefined;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;

  // Made once in development and kept in the data folder; off in production without VAPID_* keys.
  const vapid = await loadVapidKeys(config.push);

  const server = await buildApp({
    createDeps: (logger) =>
      createServerDeps({
        db: handle.db,
        storage,
        logger,
        redis,
        events,
        mail: createMailer({ ...config.mail, logger }),
        push: vapid ? createPushSender(vapid) : null,
        config: {
          adminEmail: config.adminEmail,
          secureCookies: config.env === 'production',
          // Push endpoints must then resolve to public addresses only (decision 073).
          production: config.env === 'production',
          mapTiles: config.mapTiles,
          // Mailed links open the site where people reach it.
          linkOrigin:
            config.appOrigin ?? options.defaultOrigin ?? `http://localhost:${String(config.port)}`,
        },
      }),
    healthCheck: async () => {
      await handle.db.execute(sql`select 1`);
    },
    webDistDir: config.webDistDir,
    appOrigin: config.appOrigin,
    logLevel: config.logLevel,
    prettyLogs: config.env === 'development',
    production: config.env === 'production',
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    poolSize: handle.sql?.options.max,
    readinessGraceMs: config.shutdownDelayMs,
  });
  const log = server.app.log;
  if (server.deps.mail.mode === 'off') {
    // Said loudly: sign-up verification and password resets cannot reach anyone.
    log.error(
      'Mail is off: SMTP_URL is not set. Features that send mail say they are unavailable until it is',
    );
  } else if (server.deps.mail.mode === 'outbox') {
    log.info(
      { outbox: config.mail.outboxDir },
      'No SMTP_URL: mail is written to the outbox folder',
    );
  }

  if (!vapid) {
    log.error(
      'Push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set. Notifications reach people by e-mail and in the app only',
    );
  }

  const admin = config.adminPassword ? { adminPassword: config.adminPassword } : {};
  // Demo content goes only into an empty database, and only when configured; never in production.
  const demo = config.seedDemo
    ? await seedDatabase(handle.db, {
        storage,
        adminEmail: config.adminEmail,
        ...admin,
        log: (line) => log.info(line),
      })
    : { seeded: false };
  const accounts = await seedAccounts(handle.db, { adminEmail: config.adminEmail, ...admin });
  const generated = demo.adminPassword ?? accounts.adminPassword;
  if (generated) {
    // Printed once, on the start that created the admin, so the operator can sign in.
    print(
      `\nAdmin account: ${config.adminEmail} / ${generated} (set ADMIN_PASSWORD to choose it)\n`,
    );
  }
  const role = await ensureAdminRole(server.deps);
  if (role === 'other-admin') {
    log.warn(
      'ADMIN_EMAIL names an account that is not the admin: the database already has an admin, and the address does not move the role (decision 029)',
    );
  }

  // Ended listings are already hidden by every query; this only clears them out a week later.
  // Live events older than a week are only there for a client catching up; they go too (decision 054).
  const purge = async () => {
    try {
      const removed = await server.metrics.timeJob('purge', () =>
        purgeEndedListings(server.deps, ENDED_LISTING_PURGE_DAYS),
      );
      if (removed > 0) log.info({ removed }, 'purged ended listings');
    } catch (err) {
      log.error({ err }, 'purging ended listings failed');
    }
    try {
      const pruned = await server.metrics.timeJob('prune', () =>
        pruneEvents(server.deps, USER_EVENT_RETENTION_DAYS),
      );
      if (pruned > 0) log.info({ pruned }, 'pruned old live events');
    } catch (err) {
      log.error({ err }, 'pruning old live events failed');
    }
    // Ended sessions never validate; their rows only take room (a session is ended when next used).
    try {
      await server.metrics.timeJob('sessions', () => server.deps.sessions.deleteExpired());
    } catch (err) {
      log.error({ err }, 'deleting ended sessions failed');
    }
  };
  await purge();
  const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  purgeTimer.unref();

  // Pushes and mails written with their events go out from here; every instance runs a worker and
  // they share the rows (decision 073). Digests are claimed per person and day, so any instance's
  // hourly run may write them and none writes one twice.
  const outbox = startOutboxWorker(server.deps);
  // New listings are matched against the saved searches after their creation commits, by whichever
  // instance claims them first (decision 077).
  const matcher = startSavedSearchMatcher(server.deps, {
    onBatch: (result) => {
      if (result.failed > 0) log.warn(result, 'saved-search matching batch');
    },
  });
  const digests = async () => {
    try {
      const queued = await server.metrics.timeJob('digests', () => queueDailyDigests(server.deps));
      if (queued > 0) {
        log.info({ queued }, 'queued daily digests');
        server.deps.outbox.kick();
      }
    } catch (err) {
      log.error({ err }, 'queueing daily digests failed');
    }
  };
  await digests();
  const digestTimer = setInterval(() => void digests(), DIGEST_INTERVAL_MS);
  digestTimer.unref();

  const url = await server.app.listen({ port: config.port, host: config.host });
  return {
    server,
    handle,
    url,
    async stop() {
      clearInterval(purgeTimer);
      clearInterval(digestTimer);
      await server.close();
      await matcher.stop();
      await outbox.stop();
      await server.deps.events.close();
      await redis?.quit();
      await handle.close();
      storage.close();
    },
  };
}

/**
 * The server half of the messaging benchmark (bench/messages.ts starts it as a child process, so
 * its CPU and event loop are the server's alone): opens a fresh database, seeds the pairs, starts
 * the real server with raised rate limits, and answers over IPC.
 *
 *   argv: <PostgreSQL server URL or ""> <pairs>
 *   sends: ready { url, pairs, description, kind } | problem { text } | loop { p99Ms, maxMs }
 *   takes: loop-start | loop-stop | stop
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { createPostgresEventBus } from '@yardsale/api';
import type { EventBus, Logger } from '@yardsale/api';
import { hashPassword } from '@yardsale/db';
import type { DatabaseHandle } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

import { startLocalServer } from '../test/local-server';

import { openBenchDatabase } from './lib/database';
import { BENCH_ADMIN_EMAIL, HIGH_LIMIT, sessionCookie } from './lib/server';

/** Raised so that the benchmark measures delivery, not the limits. */
export const RAISED_LIMITS = {
  messagesByAccount: HIGH_LIMIT,
  registerByClient: HIGH_LIMIT,
  listingCreateByAccount: HIGH_LIMIT,
  listingCreateByClient: HIGH_LIMIT,
  loginByClient: HIGH_LIMIT,
};

export type ServerMessage =
  | {
      type: 'ready';
      url: string;
      pairs: Pair[];
      description: string;
      kind: 'pglite' | 'postgres';
      raisedLimits: string[];
    }
  | { type: 'problem'; text: string }
  | { type: 'loop'; p99Ms: number; maxMs: number };
export type ParentMessage = 'loop-start' | 'loop-stop' | 'stop';

function report(message: ServerMessage) {
  process.send?.(message);
}

// ---------------------------------------------------------------------------------------------------------
// Database and server

interface BenchDatabase {
  handle: DatabaseHandle;
  events: EventBus | undefined;
  description: string;
  dispose(): Promise<void>;
}

/** On PostgreSQL, with LISTEN/NOTIFY wake-ups as the product runs there. */
async function openDatabaseWithEvents(serverUrl: string | undefined): Promise<BenchDatabase> {
  const database = await openBenchDatabase(serverUrl);
  const { handle, scratch } = database;
  if (!scratch) {
    return {
      handle,
      events: undefined,
      description: 'PGlite (embedded, in the server process), in-process event bus',
      dispose: () => database.dispose(),
    };
  }
  let events: EventBus;
  try {
    if (!handle.sql) throw new Error('PostgreSQL handle without a client');
    events = await createPostgresEventBus(handle.sql);
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return {
    handle,
    events,
    description: `PostgreSQL (database ${scratch.name}), LISTEN/NOTIFY event bus`,
    async dispose() {
      try {
        await events.close();
      } finally {
        await database.dispose();
      }
    },
  };
}

const ipcLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj, msg) =>
    report({
      type: 'problem',
      text: `server error: ${msg ?? ''} ${JSON.stringify(obj).slice(0, 300)}`,
    }),
};

function startServer(database: BenchDatabase) {
  return startLocalServer({
    db: database.handle.db,
    logger: ipcLogger,
    events: database.events,
    rateLimits: RAISED_LIMITS,
    // As behind the production proxy: each person's address comes in X-Forwarded-For, so the
    // server tells a thousand neighbours apart although they all connect from 127.0.0.1.
    trustProxy: 1,
    adminEmail: BENCH_ADMIN_EMAIL,
  });
}
type Server = Awaited<ReturnType<typeof startServer>>;

// ---------------------------------------------------------------------------------------------------------
// People

export interface Person {
  id: number;
  cookie: string;
  /** The address this person's requests come from, sent as X-Forwarded-For. */
  address: string;
}
export interface Pair {
  index: number;
  buyer: Person;
  seller: Person;
  conversationId: number;
}

/** Users, sessions, listings and conversations straight into the database: N sign-ups would take minutes. */
async function seedPairs(server: Server, count: number): Promise<Pair[]> {
  const { db } = server.deps;
  const passwordHash = await hashPassword('neighbour-password');
  const now = new Date();
  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: count * 2 }, (_, i) => ({
        email: `neighbour${i}@messages.bench`,
        firstName: `Neighbour${i}`,
        lastName: 'Bench',
        passwordHash,
        termsAcceptedAt: now,
      })),
    )
    .returning({ id: schema.users.id });
  const withCookies: Person[] = [];
  for (let i = 0; i < people.length; i += 100) {
    const batch = await Promise.all(
      people.slice(i, i + 100).map(async ({ id }, j) => {
        const n = i + j;
        return {
          id,
          cookie: await sessionCookie(server.deps, id),
          address: `10.${Math.floor(n / 256) % 256}.${n % 256}.${1 + Math.floor(n / 65_536)}`,
        };
      }),
    );
    withCookies.push(...batch);
  }
  const sellers = withCookies.slice(0, count);
  const buyers = withCookies.slice(count);
  const listingRows = await db
    .insert(schema.listings)
    .values(
      sellers.map((s, i) => ({
        userId: s.id,
        title: `Oak bookshelf ${i}`,
        category: 'Furniture' as const,
        listingType: 'single-item' as const,
        priceRange: 'Under $25' as const,
        address: `${i} Elm Street`,
        endsAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
      })),
    )
    .returning({ id: schema.listings.id, userId: schema.listings.userId });
  const conversationRows = await db
    .insert(schema.conversations)
    .values(
      listingRows.map((l, i) => ({
        listingId: l.id,
        sellerId: l.userId,
        buyerId: buyers[i]?.id ?? 0,
      })),
    )
    .returning({ id: schema.conversations.id, sellerId: schema.conversations.sellerId });
  return conversationRows.map((c, i) => {
    const seller = sellers[i];
    const buyer = buyers[i];
    if (!seller || !buyer || seller.id !== c.sellerId) throw new Error('seed rows out of order');
    return { index: i, buyer, seller, conversationId: c.id };
  });
}

// ---------------------------------------------------------------------------------------------------------

async function serve() {
  const [, , serverUrl = '', pairCount = '0'] = process.argv;
  const database = await openDatabaseWithEvents(serverUrl || undefined);
  let server: Server | undefined;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      try {
        await server?.stop();
      } finally {
        await database.dispose();
      }
    })());
  process.on('message', (message: ParentMessage) => {
    if (message === 'loop-start') {
      loop.reset();
      loop.enable();
    } else if (message === 'loop-stop') {
      loop.disable();
      report({ type: 'loop', p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 });
    } else {
      void stop().finally(() => process.exit(0));
    }
  });
  // Ctrl-C reaches both processes: clean up here too.
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  process.once('disconnect', () => void stop().finally(() => process.exit(1)));
  try {
    server = await startServer(database);
    const pairs = await seedPairs(server, Number(pairCount));
    report({
      type: 'ready',
      url: server.url,
      pairs,
      description: database.description,
      kind: database.handle.kind,
      raisedLimits: Object.keys(RAISED_LIMITS),
    });
  } catch (error) {
    report({
      type: 'problem',
      text: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    await stop();
    process.exit(1);
  }
}

void serve();

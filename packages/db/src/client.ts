import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import { locate } from './location';
import * as schema from './schema';

/** The drizzle database both drivers (postgres.js and PGlite) satisfy; code above this package uses only this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either a database or a transaction: what functions that only run queries should accept. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** The embedded database, when `kind` is 'pglite'. */
  pglite?: PGlite;
  /** The postgres.js pool, when `kind` is 'postgres' (e.g. for LISTEN/NOTIFY). */
  sql?: postgres.Sql;
}

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL; when set, postgres.js is used and the other options are ignored. */
  databaseUrl?: string;
  /** Folder for the embedded database; created if missing. */
  dataDir?: string;
  /** Embedded database in memory (nothing kept after close). */
  inMemory?: boolean;
  /** postgres.js pool size (default 10; at least 2, because migrations hold one connection for their lock). */
  maxConnections?: number;
  /** Start the embedded database from a dump made by `PGlite.dumpDataDir` (used to clone test databases). */
  loadDataDir?: Blob | File;
  /** Called with every statement drizzle sends (tests count statements with it). */
  onQuery?: (query: string) => void;
}

const DEFAULT_MAX_CONNECTIONS = 10;

/** Extensions the migrations need; PGlite loads them only when registered. */
export const pgliteExtensions = { pg_trgm, fuzzystrmatch, cube, earthdistance };

/** packages/db/drizzle; the server's build copies it to apps/server/dist/drizzle. */
export const migrationsFolder = locate(import.meta.url, {
  fromSource: '../drizzle',
  fromBundle: './drizzle',
});

export async function createDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      max: Math.max(2, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS),
      // "already exists, skipping" notices from idempotent DDL are not worth a console line each.
      onnotice: () => undefined,
    });
    const db = drizzlePostgres({
      client: preparingStatements(sql),
      schema,
      casing: 'snake_case',
      logger: queryLogger(options),
    });
    return { db, kind: 'postgres', sql, close: () => sql.end({ timeout: 5 }) };
  }

  if (!options.dataDir && !options.inMemory) {
    throw new Error('createDatabase needs a databaseUrl, a dataDir or inMemory: true');
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({
    client: pglite,
    schema,
    casing: 'snake_case',
    logger: queryLogger(options),
  });
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

function queryLogger(options: CreateDatabaseOptions) {
  const onQuery = options.onQuery;
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

// Any constant works; it only has to be the same for every instance of the server.
const MIGRATION_LOCK_KEY = 7_267_311;

/**
 * The postgres.js pool as drizzle should see it: every statement prepared. drizzle asks postgres.js
 * for an unnamed statement unless a query is `.prepare()`d by name, and postgres.js sends an unnamed
 * statement with parameters in two round trips (describe, then run) and PostgreSQL parses it each
 * time. Prepared, a statement is described and parsed once per connection, then runs in one round
 * trip. postgres.js keeps them per connection, which it replaces every 30-60 minutes.
 */
function preparingStatements<Client extends postgres.Sql | postgres.TransactionSql>(
  client: Client,
): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key === 'unsafe') {
        return (
          query: string,
          parameters?: postgres.ParameterOrJSON<never>[],
          options?: postgres.UnsafeQueryOptions,
        ) => target.unsafe(query, parameters, { ...options, prepare: true });
      }
      // A transaction's or savepoint's own client prepares its statements too.
      if ((key === 'begin' || key === 'savepoint') && typeof value === 'function') {
        return (...args: unknown[]): unknown => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const result: unknown = Reflect.apply(value, target, [
            ...args,
            (tx: postgres.TransactionSql) => callback(preparingStatements(tx)),
          ]);
          return result;
        };
      }
      return value;
    },
  });
}

/**
 * Applies the committed migrations (packages/db/drizzle). On PostgreSQL a session advisory lock makes
 * several server instances starting at once apply them one after another instead of colliding.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.pglite) {
    await migratePglite(drizzlePglite({ client: handle.pglite, casing: 'snake_case' }), {
      migrationsFolder,
    });
    return;
  }
  const sql = handle.sql;
  if (!sql)
    throw new Error('migrateDatabase: the handle has neither a PGlite nor a postgres.js client');
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(drizzlePostgres({ client: sql, casing: 'snake_case' }), {
        migrationsFolder,
      });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    lock.release();
  }
}

/**
 * Runs a raw query and returns its rows. The two drivers shape raw results differently (postgres.js: an
 * array; PGlite: `{ rows }`), so `db.execute` alone is typed `unknown` on the shared `Database` type.
 * The row type is the caller's claim about the query's columns; drizzle does not check raw SQL.
 */
export async function executeRows<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as Row[];
  if (
    typeof result === 'object' &&
    result !== null &&
    'rows' in result &&
    Array.isArray(result.rows)
  ) {
    return result.rows as Row[];
  }
  throw new Error('Unexpected result shape from db.execute');
}

/**
 * A query built once per database and kept for its lifetime: drizzle then writes its SQL once instead
 * of on every call, and postgres.js keeps it as a named statement on each connection, so PostgreSQL
 * parses and plans it once too (PGlite runs the kept text). Values travel as `sql.placeholder`s;
 * nothing of a result is kept. A prepared query runs outside any transaction: build it on a database.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase, executeRows, migrateDatabase, migrationsFolder } from './client';
import type { Database } from './client';
import { listings, users } from './schema';
import { insertListing, insertUser } from '../test/rows';
import { createTestDatabase, describeWithService, testDatabaseKinds } from '../test/testing';
import type { TestDatabase } from '../test/testing';

/** Every committed migration, as drizzle-kit's journal lists them. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.each(testDatabaseKinds())('%s database', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('starts migrated and empty, with the trigram extension', async () => {
    expect(handle.kind).toBe(kind);
    expect(await db.select().from(users)).toEqual([]);
    const extensions = await executeRows<{ extname: string }>(
      db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toEqual([{ extname: 'pg_trgm' }]);
    const applied = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
  });

  it('applying the migrations again changes nothing', async () => {
    await migrateDatabase(handle);
    const applied = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
  });

  it('finds listings by full text and, with trigrams, despite typos', async () => {
    const seller = await insertUser(db);
    const id = await insertListing(db, seller, {
      title: 'Vintage Typewriter',
      description: 'A working Smith-Corona from 1962 with a new ribbon.',
      category: 'Antiques',
    });
    const fullText = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        sql`${listings.searchVector} @@ websearch_to_tsquery('english', 'typewriters ribbon')`,
      );
    expect(fullText.map((r) => r.id)).toContain(id);
    const typo = await db
      .select({ id: listings.id })
      .from(listings)
      .where(sql`'typewritr' <% ${listings.searchText}`);
    expect(typo.map((r) => r.id)).toContain(id);
    const [row] = await db
      .select({ searchText: listings.searchText })
      .from(listings)
      .where(eq(listings.id, id));
    expect(row?.searchText).toBe(
      'vintage typewriter antiques a working smith-corona from 1962 with a new ribbon.',
    );
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    const before = await db.select({ n: count() }).from(users);
    await expect(
      db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ email: 'rolled-back@example.com', firstName: 'R', lastName: 'B' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.select().from(users).where(eq(users.email, 'rolled-back@example.com'))).toEqual(
      [],
    );
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email: 'committed@example.com', firstName: 'C', lastName: 'T' })
        .returning({ id: users.id });
      return row?.id;
    });
    expect(id).toBeTypeOf('number');
    const after = await db.select({ n: count() }).from(users);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
  });

  it('gives each test database its own data', async () => {
    const other = await createTestDatabase(kind);
    try {
      expect(await other.db.select().from(users)).toEqual([]);
      expect(other.storageDir).not.toBe(handle.storageDir);
    } finally {
      await other.close();
    }
  });
});

describe('embedded database in a folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yardsale-pglite-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its data across close and reopen', async () => {
    const dataDir = path.join(dir, 'nested', 'pglite');
    const first = await createDatabase({ dataDir });
    await migrateDatabase(first);
    await first.db
      .insert(users)
      .values({ email: 'kept@example.com', firstName: 'Kept', lastName: 'Around' });
    await first.close();

    const second = await createDatabase({ dataDir });
    try {
      await migrateDatabase(second);
      const rows = await second.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await second.close();
    }
  });

  it('needs a place to keep its data', async () => {
    await expect(createDatabase({})).rejects.toThrow(/databaseUrl, a dataDir or inMemory/);
  });
});

describeWithService('TEST_DATABASE_URL', 'PostgreSQL statements', (serverUrl) => {
  it('are prepared, in transactions and savepoints too, so each runs in one round trip', async () => {
    const handle = await createDatabase({ databaseUrl: serverUrl, maxConnections: 2 });
    try {
      // A transaction keeps to one connection, whose prepared statements PostgreSQL lists.
      const prepared = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${41}::int + 1 as answer`);
        await tx.transaction((inner) => inner.execute(sql`select ${2}::int * 2 as twice`));
        return executeRows<{ statement: string }>(
          tx,
          sql`select statement from pg_prepared_statements`,
        );
      });
      expect(prepared.map((row) => row.statement)).toEqual(
        expect.arrayContaining(['select $1::int + 1 as answer', 'select $1::int * 2 as twice']),
      );
    } finally {
      await handle.close();
    }
  });
});

describeWithService('TEST_DATABASE_URL', 'PostgreSQL transactions under load', (serverUrl) => {
  it('keep their connection to themselves when the pipeline is full', async () => {
    // Every query fills the pipeline at once, so each BEGIN lands at its boundary; postgres.js
    // 3.4.9 then sent BEGIN without reserving the connection (UNSAFE_TRANSACTION, or worse, other
    // queries running inside the transaction). Our patch of the driver reserves it first.
    // max_pipeline is an option of postgres.js that its types do not list.
    const options = { max: 2, max_pipeline: 0, onnotice: () => undefined };
    const sql = postgres(serverUrl, options);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? sql.begin(async (tx) => {
                const [row] = await tx<{ xid: string }[]>`select txid_current()::text as xid`;
                const [again] = await tx<{ xid: string }[]>`select txid_current()::text as xid`;
                return row?.xid === again?.xid ? 'one transaction' : 'split';
              })
            : sql`select pg_sleep(0.01)`.then(() => 'query'),
        ),
      );
      expect(results.filter((r) => r === 'one transaction')).toHaveLength(10);
      expect(results.filter((r) => r === 'query')).toHaveLength(10);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

describeWithService(
  'TEST_DATABASE_URL',
  'PostgreSQL migrations from several servers at once',
  (serverUrl) => {
    it('apply once when two instances start together', async () => {
      const name = `yardsale_test_concurrent_${Date.now()}`;
      const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const a = await createDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
      const b = await createDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
      try {
        await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
        const applied = await executeRows<{ n: number }>(
          a.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
      } finally {
        await a.close();
        await b.close();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    });
  },
);

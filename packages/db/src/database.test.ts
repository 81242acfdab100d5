import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { and, count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase, executeRows, migrateDatabase, migrationsFolder } from './client';
import type { Database } from './client';
import {
  conversations,
  listingImages,
  listings,
  messages,
  reports,
  reviews,
  savedListings,
  sessions,
  users,
} from './schema';
import { createTestDatabase, describeWithService, testDatabaseKinds } from '../test/testing';
import type { TestDatabase } from '../test/testing';

/** Every committed migration, as drizzle-kit's journal lists them. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

let emailCounter = 0;

async function insertUser(db: Database, firstName = 'Sam'): Promise<number> {
  emailCounter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${emailCounter}@example.com`,
      passwordHash: 'x',
      firstName,
      lastName: 'Tester',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  return row.id;
}

async function insertListing(
  db: Database,
  userId: number,
  values: {
    title?: string;
    description?: string;
    category?: (typeof listings.$inferInsert)['category'];
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(listings)
    .values({
      userId,
      title: values.title ?? 'Oak bookshelf',
      description: values.description ?? 'Five shelves, solid wood.',
      category: values.category ?? 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '1 Main Street',
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('no listing row');
  return row.id;
}

/** The PostgreSQL error code behind a failed drizzle query (drizzle wraps driver errors in `cause`). */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      if ('code' in current && typeof current.code === 'string') return current.code;
      current = current.cause;
    }
    return 'unknown error without a code';
  }
  return undefined;
}

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

  it('keeps e-mail addresses unique', async () => {
    await db.insert(users).values({ email: 'dup@example.com', firstName: 'A', lastName: 'B' });
    expect(
      await errorCode(
        db.insert(users).values({ email: 'dup@example.com', firstName: 'C', lastName: 'D' }),
      ),
    ).toBe('23505');
  });

  it('keeps one save per user and listing', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const listingId = await insertListing(db, seller);
    await db.insert(savedListings).values({ userId: buyer, listingId });
    expect(await errorCode(db.insert(savedListings).values({ userId: buyer, listingId }))).toBe(
      '23505',
    );
    await db.insert(savedListings).values({ userId: seller, listingId });
    const [saves] = await db
      .select({ n: count() })
      .from(savedListings)
      .where(eq(savedListings.listingId, listingId));
    expect(saves?.n).toBe(2);
  });

  it('deleting a listing removes its images, saves, conversations and messages, and keeps reviews', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const listingId = await insertListing(db, seller);
    await db.insert(listingImages).values({
      listingId,
      imageUrl: '/uploads/listings/a-detail.webp',
      thumbnailUrl: '/uploads/listings/a-card.webp',
      isPrimary: true,
    });
    await db.insert(savedListings).values({ userId: buyer, listingId });
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId, buyerId: buyer, sellerId: seller })
      .returning();
    if (!conversation) throw new Error('no conversation');
    await db
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: buyer, content: 'Still available?' });
    const [review] = await db
      .insert(reviews)
      .values({ reviewerId: buyer, revieweeId: seller, listingId, rating: 5 })
      .returning();
    const [report] = await db
      .insert(reports)
      .values({
        reporterId: buyer,
        reportedUserId: seller,
        listingId,
        category: 'other',
        description: 'Asked for payment up front.',
      })
      .returning();
    if (!review || !report) throw new Error('no review or report');

    await db.delete(listings).where(eq(listings.id, listingId));

    expect(
      await db.select().from(listingImages).where(eq(listingImages.listingId, listingId)),
    ).toEqual([]);
    expect(
      await db.select().from(savedListings).where(eq(savedListings.listingId, listingId)),
    ).toEqual([]);
    expect(
      await db.select().from(conversations).where(eq(conversations.id, conversation.id)),
    ).toEqual([]);
    expect(
      await db.select().from(messages).where(eq(messages.conversationId, conversation.id)),
    ).toEqual([]);
    const [keptReview] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(keptReview?.listingId).toBeNull();
    expect(keptReview?.rating).toBe(5);
    const [keptReport] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(keptReport?.listingId).toBeNull();
  });

  it('deleting a user removes their sessions and listings', async () => {
    const userId = await insertUser(db);
    const listingId = await insertListing(db, userId);
    await db
      .insert(sessions)
      .values({ id: 'a'.repeat(64), userId, expiresAt: new Date(Date.now() + 60_000) });
    await db.delete(users).where(eq(users.id, userId));
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(listings).where(eq(listings.id, listingId))).toEqual([]);
  });

  it('refuses ratings outside 1 to 5 and a second review of the same listing', async () => {
    const reviewer = await insertUser(db);
    const reviewee = await insertUser(db);
    const listingId = await insertListing(db, reviewee);
    for (const rating of [0, 6]) {
      expect(
        await errorCode(
          db.insert(reviews).values({ reviewerId: reviewer, revieweeId: reviewee, rating }),
        ),
      ).toBe('23514');
    }
    await db
      .insert(reviews)
      .values({ reviewerId: reviewer, revieweeId: reviewee, listingId, rating: 4 });
    expect(
      await errorCode(
        db
          .insert(reviews)
          .values({ reviewerId: reviewer, revieweeId: reviewee, listingId, rating: 2 }),
      ),
    ).toBe('23505');
  });

  it('allows one pending report per reporter, user and listing', async () => {
    const reporter = await insertUser(db);
    const reported = await insertUser(db);
    const listingId = await insertListing(db, reported);
    const report = (listing: number | null) =>
      db.insert(reports).values({
        reporterId: reporter,
        reportedUserId: reported,
        listingId: listing,
        category: 'scammer',
        description: 'Asked me to pay with gift cards.',
      });
    await report(null);
    expect(await errorCode(report(null))).toBe('23505');
    await report(listingId);
    expect(await errorCode(report(listingId))).toBe('23505');
    // Once the first is handled, a new pending report may be filed.
    await db
      .update(reports)
      .set({ status: 'dismissed' })
      .where(and(eq(reports.reporterId, reporter), eq(reports.listingId, listingId)));
    await report(listingId);
  });

  it('keeps one conversation per listing and buyer, and one announcement conversation per user', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const system = await insertUser(db, 'System');
    const listingId = await insertListing(db, seller);
    await db.insert(conversations).values({ listingId, buyerId: buyer, sellerId: seller });
    expect(
      await errorCode(
        db.insert(conversations).values({ listingId, buyerId: buyer, sellerId: seller }),
      ),
    ).toBe('23505');
    await db
      .insert(conversations)
      .values({ listingId: null, buyerId: buyer, sellerId: system, isAnnouncement: true });
    expect(
      await errorCode(
        db
          .insert(conversations)
          .values({ listingId: null, buyerId: buyer, sellerId: system, isAnnouncement: true }),
      ),
    ).toBe('23505');
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

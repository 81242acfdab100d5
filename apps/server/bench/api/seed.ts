/**
 * The API benchmark's database: 60 sellers, 300 listings with photo rows, and 50 signed-in
 * neighbours, each with a conversation with a different seller.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createServerDeps } from '@yardsale/api';
import {
  createDatabase,
  createLocalStorage,
  hashPassword,
  migrateDatabase,
  sql,
} from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

import { serverVersion } from '../lib/database';
import { createListingGenerator, sellerRows } from '../lib/listing-content';
import { randomSource } from '../lib/random';
import { createScratchDatabase } from '../lib/scratch-database';
import { seedListingPhotos } from '../lib/seed-listings';
import { BENCH_ADMIN_EMAIL, sessionCookie, silentLogger } from '../lib/server';

const SELLERS = 60;
/** Neighbours sending messages at once, one per connection by default. */
const SENDERS = 50;
const LISTINGS = 300;

/** A signed-in neighbour with a conversation of their own. */
export interface Sender {
  cookie: string;
  conversationId: number;
}

export interface Seeded {
  cookie: string;
  /** The first is the neighbour above; each has a different seller on the other side. */
  senders: Sender[];
  listingId: number;
}

/** A seeded database on the server at `serverUrl`, closed here: the servers under test open their own. */
export async function openApiDatabase(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl);
  const drop = () => scratch.drop();
  try {
    const handle = await createDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
    try {
      await migrateDatabase(handle);
      const version = await serverVersion(handle.db);
      const seeded = await seed(handle.db);
      await handle.db.execute(sql`vacuum analyze`);
      return {
        url: scratch.url,
        description: `PostgreSQL ${version} (database ${scratch.name})`,
        seeded,
        drop,
      };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

async function seed(db: Database): Promise<Seeded> {
  const now = new Date();
  const random = randomSource(20_261_124);
  const passwordHash = await hashPassword('neighbour-password');
  const sellers = await db
    .insert(schema.users)
    .values(
      sellerRows(SELLERS, random).map((s) => ({
        email: s.email,
        firstName: s.first_name,
        lastName: s.last_name,
        passwordHash,
        termsAcceptedAt: now,
      })),
    )
    .returning({ id: schema.users.id });
  const nextListing = createListingGenerator({ now, sellerIds: sellers.map((s) => s.id), random });
  const listingRows = Array.from({ length: LISTINGS }, nextListing).map((r) => ({
    userId: r.user_id,
    title: r.title,
    description: r.description,
    category: r.category,
    listingType: r.listing_type,
    priceRange: r.price_range,
    address: r.address,
    startDate: r.start_date,
    endDate: r.end_date,
    startTime: r.start_time,
    endTime: r.end_time,
    timeZone: r.time_zone,
    // Every listing still running, so the first page is full and the detail is visible.
    endsAt: new Date(Math.max(Date.parse(r.ends_at), now.getTime() + 7 * 24 * 3600_000)),
    createdAt: new Date(r.created_at),
  }));
  const listings = await db
    .insert(schema.listings)
    .values(listingRows)
    .returning({ id: schema.listings.id, userId: schema.listings.userId });
  await seedListingPhotos(db);

  const [viewer] = await db
    .insert(schema.users)
    .values({
      email: 'neighbour@api.bench',
      firstName: 'Robin',
      lastName: 'Neighbour',
      passwordHash,
      termsAcceptedAt: now,
    })
    .returning({ id: schema.users.id });
  // A listing with three photos, as a detail page typically shows.
  const listing = listings.find((l) => (l.id * 7) % 5 === 3);
  if (!viewer || !listing) throw new Error('seeding returned no rows');
  const buyers = await db
    .insert(schema.users)
    .values(
      Array.from({ length: SENDERS - 1 }, (_, i) => ({
        email: `buyer${i}@api.bench`,
        firstName: `Buyer${i}`,
        lastName: 'Neighbour',
        passwordHash,
        termsAcceptedAt: now,
      })),
    )
    .returning({ id: schema.users.id });
  // One listing per seller, so that no two senders write to the same seller's events.
  const bySeller = new Map<number, number>([[listing.userId, listing.id]]);
  for (const l of listings) if (!bySeller.has(l.userId)) bySeller.set(l.userId, l.id);
  const topics = [...bySeller.entries()].map(([sellerId, listingId]) => ({ sellerId, listingId }));
  const conversations = await db
    .insert(schema.conversations)
    .values(
      [viewer, ...buyers].map((buyer, i) => {
        const topic = topics[i % topics.length] ?? {
          sellerId: listing.userId,
          listingId: listing.id,
        };
        return { listingId: topic.listingId, sellerId: topic.sellerId, buyerId: buyer.id };
      }),
    )
    .returning({ id: schema.conversations.id, buyerId: schema.conversations.buyerId });

  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-bench-api-'));
  try {
    const deps = createServerDeps({
      db,
      storage: createLocalStorage(storageDir),
      config: { adminEmail: BENCH_ADMIN_EMAIL, secureCookies: false },
      logger: silentLogger,
    });
    const senders: Sender[] = [];
    for (const c of conversations) {
      senders.push({ cookie: await sessionCookie(deps, c.buyerId), conversationId: c.id });
    }
    await deps.events.close();
    const first = senders[0];
    if (!first) throw new Error('seeding returned no conversation');
    return { cookie: first.cookie, senders, listingId: listing.id };
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
  }
}

/**
 * The saved-search benchmark's two databases, seeded alike, each with a matcher as a server runs
 * it, and the seller who creates listings in both through the procedure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  createCaller,
  createServerDeps,
  createTRPCContext,
  startSavedSearchMatcher,
} from '@yardsale/api';
import type { SavedSearchMatcher, ServerDeps } from '@yardsale/api';
import { createLocalStorage, executeRows, sql, users } from '@yardsale/db';
import type { Database } from '@yardsale/db';
import type { ListingInput } from '@yardsale/validators';

import { openBenchDatabase } from '../lib/database';
import type { BenchDatabase } from '../lib/database';
import { createListingGenerator, newListingInput } from '../lib/listing-content';
import { randomSource } from '../lib/random';
import { seedBenchListings } from '../lib/seed-listings';
import { BENCH_ADMIN_EMAIL, benchLogger, sessionCookie } from '../lib/server';
import { aroundTown } from '../lib/towns';

export interface BenchSide {
  label: string;
  database: BenchDatabase;
  deps: ServerDeps;
  /** Matches each new listing after its creation commits, as every server instance does. */
  matcher: SavedSearchMatcher;
  uploadsDir: string;
  sellerCookie: string;
  searcherIds: number[];
}

/** The same listings and people in every database (a fixed seed). */
async function seedMarketplace(db: Database, listingCount: number, people: number, now: Date) {
  const { passwordHash } = await seedBenchListings(db, {
    count: listingCount,
    now,
    seed: 20_250_705,
    place: (random) => aroundTown(random, 6),
  });
  await db.execute(sql`
    insert into users (email, first_name, last_name, password_hash, terms_accepted_at,
                       email_verified_at)
    select 'searcher.' || g || '@neighbours.example', 'Sam', 'Searcher ' || g, ${passwordHash},
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from generate_series(1, ${people}) as g`);
  const [seller] = await db
    .insert(users)
    .values({
      email: 'seller@neighbours.example',
      firstName: 'Sol',
      lastName: 'Seller',
      passwordHash,
      termsAcceptedAt: now,
      emailVerifiedAt: now,
    })
    .returning({ id: users.id });
  if (!seller) throw new Error('no seller');
  const searchers = await executeRows<{ id: number }>(
    db,
    sql`select id from users where email like 'searcher.%' order by id`,
  );
  return { sellerId: seller.id, searcherIds: searchers.map((r) => r.id) };
}

/** A seeded database on the PostgreSQL server at `serverUrl`; added to `opened` as soon as it exists. */
export async function openSide(
  label: string,
  serverUrl: string,
  seed: { listings: number; people: number; keep: boolean },
  now: Date,
  opened: BenchSide[],
): Promise<BenchSide> {
  const database = await openBenchDatabase(serverUrl, { keep: seed.keep });
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-bench-uploads-'));
  const deps = createServerDeps({
    db: database.handle.db,
    storage: createLocalStorage(uploadsDir),
    config: { adminEmail: BENCH_ADMIN_EMAIL, secureCookies: false },
    logger: benchLogger,
    // One seller creates every listing, from one address.
    rateLimits: {
      listingCreateByAccount: { points: 1_000_000, durationSeconds: 60 },
      listingCreateByClient: { points: 1_000_000, durationSeconds: 60 },
    },
  });
  const side: BenchSide = {
    label,
    database,
    deps,
    matcher: startSavedSearchMatcher(deps),
    uploadsDir,
    sellerCookie: '',
    searcherIds: [],
  };
  opened.push(side);
  const seeded = await seedMarketplace(database.handle.db, seed.listings, seed.people, now);
  side.sellerCookie = await sessionCookie(deps, seeded.sellerId);
  side.searcherIds = seeded.searcherIds;
  return side;
}

/** Stops the matcher, then drops (unless kept) and closes the database. */
export async function closeSide(side: BenchSide) {
  try {
    await side.matcher.stop();
  } finally {
    await side.database.dispose();
    rmSync(side.uploadsDir, { recursive: true, force: true });
  }
}

export async function callerFor(deps: ServerDeps, cookie: string) {
  const ctx = await createTRPCContext(deps, {
    cookieHeader: cookie,
    clientIp: '203.0.113.7',
    setHeader: () => undefined,
  });
  return createCaller(ctx);
}

export function newListings(count: number, now: Date): ListingInput[] {
  const random = randomSource(20_250_707);
  const next = createListingGenerator({ now, sellerIds: [0], random });
  return Array.from({ length: count }, () => ({
    ...newListingInput(next(), now),
    location: aroundTown(random, 6),
  }));
}

export async function createListing(side: BenchSide, input: ListingInput) {
  const started = performance.now();
  const caller = await callerFor(side.deps, side.sellerCookie);
  const { id } = await caller.listings.create(input);
  return { id, ms: performance.now() - started };
}

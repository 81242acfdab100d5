/**
 * Search benchmark: how fast a neighbour's search answers once the marketplace holds 100,000 listings
 * (or, with BENCH_LISTINGS=1000000, a million).
 *
 *   pnpm bench:search                       # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:search   # PostgreSQL
 *
 * It creates a fresh database (PGlite in a temp folder, or a randomly named database on the
 * BENCH_DATABASE_URL server, dropped at the end) and migrates it; seeds 300 sellers and 100,000
 * listings composed from per-category vocabularies, in every category and both listing types,
 * created over the past 14 days, about one in ten already ended, with photo rows; runs VACUUM ANALYZE;
 * starts the real server in-process on a free port and signs up through POST /api/register. Then,
 * after a warm-up, it sends searches one after another through GET /api/listings: single words,
 * misspellings, partial words, things nobody sells, two-word phrases, a word within a category,
 * category browsing, the listing-type filter, the plain newest-first browse, and pages 2 and 3
 * through nextCursor.
 *
 * Per query type and overall it prints the count, p50/p95/max round-trip time as the client sees it
 * (request sent to body received), listings per page, and whether every listing returned is still
 * running, matches the filters and comes newest first without repeats, and that a plain word's results all
 * mention it (a search for "sofa" shows sofas, not a guitar with a soft case). Target: p95 under 20 ms for
 * every query type (at a million listings on PostgreSQL; at 100,000 on PGlite, under 40 ms).
 * The exit code is 1 when a request fails or a result breaks those rules.
 *
 * Then the distance case: every listing gets a point, clustered around 330 towns across the United
 * States (3,000 listings per town at a million, spread like a town and its suburbs: about half within
 * 5 miles of the centre), and the marketplace grows to BENCH_DISTANCE_LISTINGS (default 1,000,000) by
 * copying listings on the server (INSERT ... SELECT generate_series). It measures "within 10 miles" of
 * a town, newest first and nearest first, "within 10 miles + a word", nearest first without a radius
 * and page 2 of nearest first, checking that every listing returned is within the radius, and nearest
 * first in order. Same target.
 *
 * Optional: BENCH_LISTINGS (default 100000), BENCH_REPEAT (measured queries per type, default 40),
 * BENCH_DISTANCE_LISTINGS (default 1000000; 0 skips the distance case),
 * BENCH_KEEP_DATABASE=1 (keep the database for EXPLAIN ANALYZE afterwards; its location is printed).
 */
import { z } from 'zod';

import { executeRows, processEnvironment, sql } from '@yardsale/db';
import type { Database, DatabaseHandle } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

import { startLocalServer } from '../test/local-server';
import type { LocalServer } from '../test/local-server';
import { postgresUrl } from './lib/config';
import { openBenchDatabase, serverVersion } from './lib/database';
import type { BenchDatabase } from './lib/database';
import { count as n, seconds } from './lib/format';
import { cpuCount, loadAverage } from './lib/machine';
import { describeFailure, runBench } from './lib/run';
import { seedBenchListings, seedListingPhotos } from './lib/seed-listings';
import { BENCH_ADMIN_EMAIL, benchLogger } from './lib/server';
import { PAGE_SIZE, QueryFailure, createClient, signUp } from './search/client';
import { distanceCase } from './search/distance';
import { QUERY_TYPES } from './search/queries';
import { TARGET_P95_MS, printNotes, printResults } from './search/report';
import { runOnce, runType } from './search/runs';
import type { TypeResult } from './search/runs';

const configSchema = z.object({
  BENCH_DATABASE_URL: postgresUrl().optional(),
  BENCH_LISTINGS: z.coerce.number().int().min(1000).max(1_000_000).default(100_000),
  BENCH_REPEAT: z.coerce.number().int().min(1).max(1000).default(40),
  BENCH_DISTANCE_LISTINGS: z.coerce.number().int().min(0).max(2_000_000).default(1_000_000),
  BENCH_KEEP_DATABASE: z.enum(['0', '1']).default('0'),
});

function readBenchConfig() {
  const config = parseEnvironment(configSchema, processEnvironment());
  return {
    serverUrl: config.BENCH_DATABASE_URL,
    listingCount: config.BENCH_LISTINGS,
    repeat: config.BENCH_REPEAT,
    distanceListings: config.BENCH_DISTANCE_LISTINGS,
    keepDatabase: config.BENCH_KEEP_DATABASE === '1',
  };
}

async function seedListings(db: Database, count: number, now: Date) {
  const { sellerCount } = await seedBenchListings(db, { count, now, seed: 20_250_703 });
  await seedListingPhotos(db);
  return sellerCount;
}

function startServer(handle: DatabaseHandle) {
  return startLocalServer({ db: handle.db, logger: benchLogger, adminEmail: BENCH_ADMIN_EMAIL });
}

async function describeDatabase(database: BenchDatabase) {
  if (database.dataDir) return `PGlite (embedded) in ${database.dataDir}`;
  return `PostgreSQL ${await serverVersion(database.handle.db)} (database ${database.scratch?.name ?? '?'})`;
}

async function main() {
  const config = readBenchConfig();
  let opening: Promise<BenchDatabase> | undefined;
  let server: LocalServer | undefined;
  await runBench({
    describeFailure: (error) =>
      error instanceof QueryFailure ? `Query failed: ${error.message}` : describeFailure(error),
    async cleanUp() {
      try {
        await server?.stop();
      } finally {
        const database = await opening?.catch(() => undefined);
        await database?.dispose();
      }
    },
    async run() {
      opening = openBenchDatabase(config.serverUrl, { keep: config.keepDatabase });
      const database = await opening;
      const { db } = database.handle;
      console.log(`Database: ${await describeDatabase(database)}`);
      console.log(`Seeding ${n(config.listingCount)} listings...`);
      const now = new Date();
      const seedStarted = performance.now();
      const sellers = await seedListings(db, config.listingCount, now);
      const seedMs = performance.now() - seedStarted;
      const vacuumStarted = performance.now();
      // Where autovacuum would have got to by the time this many listings piled up; done now so that it does
      // not start in the middle of the measurements on PostgreSQL (PGlite has no autovacuum).
      await db.execute(sql`vacuum (analyze)`);
      const vacuumMs = performance.now() - vacuumStarted;
      const [counts = { total: 0, ended: 0, sales: 0, photos: 0 }] = await executeRows<{
        total: number;
        ended: number;
        sales: number;
        photos: number;
      }>(
        db,
        sql`select count(*)::int as total,
                   count(*) filter (where ends_at <= ${now.toISOString()}::timestamptz)::int as ended,
                   count(*) filter (where listing_type = 'garage-sale')::int as sales,
                   (select count(*)::int from listing_images) as photos
            from listings`,
      );
      console.log(
        `Seeded ${n(counts.total)} listings (${n(counts.ended)} already ended, ${n(counts.sales)} garage ` +
          `sales, ${n(counts.photos)} photo rows) from ${sellers} sellers in ${seconds(seedMs)}; ` +
          `VACUUM ANALYZE ${seconds(vacuumMs)}`,
      );

      server = await startServer(database.handle);
      const list = createClient(server.url, await signUp(server.url));

      const warmupStarted = performance.now();
      for (const type of QUERY_TYPES) {
        for (const params of type.variants) await runOnce(list, type, params);
      }
      console.log(`Warm-up: every query once in ${seconds(performance.now() - warmupStarted)}\n`);

      // Other work on the machine shows up in the percentiles: say how busy it was.
      const loadBefore = loadAverage();
      const results: TypeResult[] = [];
      for (const type of QUERY_TYPES) results.push(await runType(list, type, config.repeat));
      const loadAfter = loadAverage();

      console.log(
        `GET /api/listings, ${PAGE_SIZE} per page, ${database.handle.kind}, ${n(counts.total)} listings ` +
          `(times in ms, client-side round trip):\n`,
      );
      printResults(results);
      console.log(
        `\n${cpuCount()} CPUs; load average (1 min) ${loadBefore.toFixed(1)} before the ` +
          `measurements, ${loadAfter.toFixed(1)} after`,
      );
      printNotes(results, TARGET_P95_MS[database.handle.kind]);
      if (config.distanceListings > 0) {
        results.push(...(await distanceCase(db, list, config.distanceListings, config.repeat)));
      }
      const failedQueries = results.some((r) => r.errors.length > 0);
      if (failedQueries) console.error('Some queries failed (see above).');
      const brokeRules = results.some((r) => r.ended > 0 || r.problems.length > 0);
      if (brokeRules) console.error('Some results broke the search rules (see above).');
      return !failedQueries && !brokeRules;
    },
  });
}

void main();

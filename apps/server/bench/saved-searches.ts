/**
 * Saved-search benchmark: what matching a new listing against 100,000 saved searches adds to
 * listings.create (docs/decisions/074; target: under 20 ms at p95). The matching runs after the
 * creation commits, in each database's matcher as on a server (decision 077): the bench also says
 * how long a listing waited for its matches. `BENCH_HOSTILE=1` runs the hostile mode instead
 * (saved-searches/hostile.ts: 200 searches made to be expensive, on PGlite and PostgreSQL).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:saved-searches
 *
 * It creates two fresh databases on that server (randomly named, dropped at the end) and seeds both
 * alike: 20,000 listings composed from the search benchmark's vocabularies (lib/listing-words.ts), placed
 * around 330 towns, 25,000 people with verified addresses (alerts need one) and a verified seller. Into one it saves 100,000 searches: each kind
 * of search is saved once through the savedSearches.create procedure, so its words are read as the
 * product reads them, then copied to other people with filters of their own. The mix: 80% have 1-3
 * words (item names, brands, a sale's goods, parts of words, misspellings, things nobody lists here),
 * a fifth of those with the item's category; 10% a category only; 10% a place only, some with a type.
 * 95% of those with words or a category have a place too (the browse screen saves the place it shows),
 * a radius of 5 to 50 miles around one of the towns; 5% are paused. The
 * other database has none. After VACUUM ANALYZE, the seller creates listings through the
 * listings.create procedure (a request's context, then the call), each listing in both databases,
 * alternating which goes first so that both see the same machine. Listings are composed from the same
 * vocabularies and placed around a town.
 *
 * It prints p50/p95/max of listings.create with and without the searches, the added p50 and p95, how
 * many searches each listing matched and how many people it notified, the CPU model and the load
 * average. The exit code is 1 when the added p95 is 20 ms or more, or a creation fails.
 *
 * Optional: BENCH_SAVED_SEARCHES (default 100000), BENCH_LISTINGS (listings already there, default
 * 20000), BENCH_CREATES (measured creations in each database, default 500), BENCH_PLACE_SHARE (of
 * searches with words or a category, the share with a place; default 0.95: fewer places, more matches
 * per listing), BENCH_KEEP_DATABASE=1 (keep both databases for EXPLAIN ANALYZE; their URLs are
 * printed).
 */
import { z } from 'zod';

import { executeRows, processEnvironment, sql } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

import { postgresUrl } from './lib/config';
import { serverVersion } from './lib/database';
import { count as n, seconds } from './lib/format';
import { cpuCount, cpuModel } from './lib/machine';
import { runBench } from './lib/run';
import { TARGET_ADDED_P95_MS, createInBoth, reportCreations } from './saved-searches/creations';
import { runHostileBench } from './saved-searches/hostile';
import { saveCopies } from './saved-searches/save';
import { closeSide, openSide } from './saved-searches/sides';
import type { BenchSide } from './saved-searches/sides';

const configSchema = z.object({
  BENCH_DATABASE_URL: postgresUrl('this benchmark runs on PostgreSQL'),
  BENCH_SAVED_SEARCHES: z.coerce.number().int().min(1000).max(1_000_000).default(100_000),
  BENCH_LISTINGS: z.coerce.number().int().min(1000).max(1_000_000).default(20_000),
  BENCH_CREATES: z.coerce.number().int().min(10).max(10_000).default(500),
  BENCH_PLACE_SHARE: z.coerce.number().min(0).max(1).default(0.95),
  BENCH_KEEP_DATABASE: z.enum(['0', '1']).default('0'),
});

const SEARCHES_PER_PERSON = 4;

const hostileSchema = z.object({
  BENCH_HOSTILE: z.enum(['0', '1']).default('0'),
  BENCH_DATABASE_URL: postgresUrl().optional(),
  BENCH_LISTINGS: z.coerce.number().int().min(100).max(1_000_000).default(2000),
  BENCH_CREATES: z.coerce.number().int().min(10).max(10_000).default(200),
});

async function main() {
  const hostile = parseEnvironment(hostileSchema, processEnvironment());
  if (hostile.BENCH_HOSTILE === '1') {
    const ok = await runHostileBench({
      databaseUrl: hostile.BENCH_DATABASE_URL,
      listings: hostile.BENCH_LISTINGS,
      creates: hostile.BENCH_CREATES,
    });
    console.log(`Machine: ${String(cpuCount())} × ${cpuModel()}.`);
    process.exit(ok ? 0 : 1);
  }
  const config = parseEnvironment(configSchema, processEnvironment());
  const people = Math.ceil(config.BENCH_SAVED_SEARCHES / SEARCHES_PER_PERSON);
  const seed = {
    listings: config.BENCH_LISTINGS,
    people,
    keep: config.BENCH_KEEP_DATABASE === '1',
  };
  const now = new Date();
  const sides: BenchSide[] = [];
  await runBench({
    async cleanUp() {
      for (const side of sides) await closeSide(side);
    },
    async run() {
      console.log(
        `Seeding two databases alike: ${n(config.BENCH_LISTINGS)} listings, ` +
          `${n(people)} people...`,
      );
      const seedStarted = performance.now();
      const none = await openSide('none', config.BENCH_DATABASE_URL, seed, now, sides);
      const full = await openSide(
        n(config.BENCH_SAVED_SEARCHES),
        config.BENCH_DATABASE_URL,
        seed,
        now,
        sides,
      );
      console.log(
        `PostgreSQL ${await serverVersion(full.database.handle.db)} (databases ` +
          `${none.database.scratch?.name ?? '?'} without ` +
          `saved searches, ${full.database.scratch?.name ?? '?'} with them), seeded in ${seconds(performance.now() - seedStarted)}`,
      );

      const savingStarted = performance.now();
      const saved = await saveCopies(
        full,
        config.BENCH_SAVED_SEARCHES,
        config.BENCH_PLACE_SHARE,
        now,
      );
      const savingMs = performance.now() - savingStarted;
      const vacuumStarted = performance.now();
      // Where autovacuum would have got to; done now so that it does not start during the measurements.
      for (const side of sides) await side.database.handle.db.execute(sql`vacuum (analyze)`);
      const [counts] = await executeRows<{ searches: number; words: number }>(
        full.database.handle.db,
        sql`select (select count(*)::int from saved_searches) as searches,
                     (select count(*)::int from saved_search_words) as words`,
      );
      const { mix } = saved;
      console.log(
        `Saved ${n(counts?.searches ?? 0)} searches (${n(counts?.words ?? 0)} words): ${n(saved.kinds)} ` +
          `kinds through savedSearches.create, then copied, in ${seconds(savingMs)}; ` +
          `VACUUM ANALYZE ${seconds(performance.now() - vacuumStarted)}.\n` +
          `Of the copies: ${n(mix.words[1] ?? 0)} with 1 word, ${n(mix.words[2] ?? 0)} with 2, ` +
          `${n(mix.words[3] ?? 0)} with 3 or more, ${n(mix.words[0] ?? 0)} with only stop words or ` +
          `none left; ${n(mix.categoryOnly)} a category only, ${n(mix.placeOnly)} a place only; ` +
          `${n(mix.withPlace)} with a place and radius; ${n(mix.paused)} paused.`,
      );

      const created = await createInBoth(none, full, config.BENCH_CREATES, now);
      const addedP95 = await reportCreations(none, full, created);
      if (addedP95 >= TARGET_ADDED_P95_MS) {
        console.error(`Over the target: matching adds ${addedP95.toFixed(1)} ms at p95.`);
        return false;
      }
      return true;
    },
  });
}

void main();

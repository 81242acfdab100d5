/**
 * The measurement: the seller creates the same listings in both databases, alternating which goes
 * first, and the report of what the saved searches added and what each listing matched.
 */
import { executeRows, sql } from '@yardsale/db';

import { printTable } from '../lib/format';
import { cpuCount, cpuModel, loadAverage } from '../lib/machine';
import { percentile } from '../lib/stats';
import { createListing, newListings } from './sides';
import type { BenchSide } from './sides';

export const TARGET_ADDED_P95_MS = 20;
const WARM_UP_CREATES = 20;

const load = () => loadAverage().toFixed(2);

/** Creates `creates` listings in each database after a warm-up, and waits until all are matched. */
export async function createInBoth(none: BenchSide, full: BenchSide, creates: number, now: Date) {
  const inputs = newListings(WARM_UP_CREATES + creates, now);
  const times: Record<string, number[]> = { [none.label]: [], [full.label]: [] };
  const measured: number[] = [];
  const loadBefore = load();
  for (const [i, input] of inputs.entries()) {
    // Alternating which database goes first, so that neither always follows the other.
    const order = i % 2 === 0 ? [none, full] : [full, none];
    for (const side of order) {
      const { id, ms } = await createListing(side, input);
      if (i < WARM_UP_CREATES) continue;
      times[side.label]?.push(ms);
      if (side === full) measured.push(id);
    }
  }
  const loadAfter = load();
  // The matcher takes each listing once its creation commits (decision 077): wait for the last.
  for (const side of [none, full]) {
    for (;;) {
      const [waiting] = await executeRows<{ n: number }>(
        side.database.handle.db,
        sql`select count(*)::int as n from listing_match_queue`,
      );
      if ((waiting?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { times, measured, loadBefore, loadAfter };
}

/** Prints the table and what each listing matched; answers what the searches added at p95. */
export async function reportCreations(
  none: BenchSide,
  full: BenchSide,
  created: Awaited<ReturnType<typeof createInBoth>>,
) {
  const { times, measured, loadBefore, loadAfter } = created;
  const matches = await executeRows<{
    matches: number;
    people: number;
    outbox: number;
    delay: number | null;
  }>(
    full.database.handle.db,
    sql`select (select count(*)::int from saved_search_matches m where m.listing_id = l.id) as matches,
               (select count(*)::int from notifications b where b.listing_id = l.id) as people,
               (select count(*)::int from notification_outbox o
                where o.payload->>'listingId' = l.id::text) as outbox,
               (select extract(epoch from min(m.created_at) - x.created_at) * 1000
                from saved_search_matches m, listings x
                where m.listing_id = l.id and x.id = l.id group by x.created_at)::float8 as delay
        from unnest(${`{${measured.join(',')}}`}::int[]) as l(id)`,
  );
  const delays = matches.flatMap((m) => (m.delay === null ? [] : [m.delay]));

  const without = times[none.label] ?? [];
  const withSearches = times[full.label] ?? [];
  const row = (label: string, values: number[]) => [
    label,
    String(values.length),
    percentile(values, 0.5).toFixed(1),
    percentile(values, 0.95).toFixed(1),
    Math.max(...values).toFixed(1),
  ];
  console.log(
    `\nlistings.create through the procedure (context and call, in-process), ms, after ` +
      `${WARM_UP_CREATES} warm-up creations in each:\n`,
  );
  printTable(
    ['saved searches', 'count', 'p50 ms', 'p95 ms', 'max ms'],
    [row('none', without), row(full.label, withSearches)],
  );
  const addedP50 = percentile(withSearches, 0.5) - percentile(without, 0.5);
  const addedP95 = percentile(withSearches, 0.95) - percentile(without, 0.95);
  const of = (key: 'matches' | 'people' | 'outbox') => matches.map((m) => m[key]);
  console.log(
    `\nAdded to listings.create by the saved searches (matched after it commits): p50 ${addedP50.toFixed(1)} ms, p95 ${addedP95.toFixed(1)} ms ` +
      `(target under ${TARGET_ADDED_P95_MS} ms at p95).\n` +
      `Per new listing: searches matched p50 ${percentile(of('matches'), 0.5)}, ` +
      `p95 ${percentile(of('matches'), 0.95)}, max ${Math.max(...of('matches'))}; ` +
      `people notified p50 ${percentile(of('people'), 0.5)}, p95 ${percentile(of('people'), 0.95)}, ` +
      `max ${Math.max(...of('people'))}; outbox rows p50 ${percentile(of('outbox'), 0.5)}, ` +
      `max ${Math.max(...of('outbox'))}.\n` +
      `Matched after the creation commits: from a listing's creation to its matches p50 ` +
      `${percentile(delays, 0.5).toFixed(0)} ms, p95 ${percentile(delays, 0.95).toFixed(0)} ms, ` +
      `max ${Math.max(...delays).toFixed(0)} ms; ` +
      `${matches.filter((m) => m.matches === 0).length} of ` +
      `${matches.length} matched none.`,
  );
  console.log(
    `Machine: ${cpuCount()} × ${cpuModel()}; load average (1 min) ${loadBefore} before ` +
      `the measurements, ${loadAfter} after.`,
  );
  return addedP95;
}

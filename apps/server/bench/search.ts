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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import type { Logger } from '@yardsale/api';
import {
  createDatabase,
  executeRows,
  migrateDatabase,
  processEnvironment,
  sql,
} from '@yardsale/db';
import type { Database, DatabaseHandle } from '@yardsale/db';
import { CATEGORIES, LISTING_TYPES, parseEnvironment } from '@yardsale/validators';

import { startLocalServer } from '../test/local-server';
import { createScratchDatabase } from './scratch-database';
import { seedBenchListings } from './seed-listings';
import { percentile } from './stats';

const configSchema = z.object({
  BENCH_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
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

/** Each query type stops repeating after this much measured time, so a slow build still finishes in minutes. */
const TYPE_TIME_BUDGET_MS = 20_000;
const PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------
// Database

interface BenchDatabase {
  handle: DatabaseHandle;
  description: string;
  /** Closes it and, unless kept, removes it. */
  dispose(): Promise<void>;
}

async function openBenchDatabase(
  serverUrl: string | undefined,
  keep: boolean,
): Promise<BenchDatabase> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-bench-pglite-'));
    const remove = () => rmSync(dataDir, { recursive: true, force: true });
    let handle: DatabaseHandle | undefined;
    try {
      handle = await createDatabase({ dataDir });
      await migrateDatabase(handle);
    } catch (error) {
      await handle?.close();
      remove();
      throw error;
    }
    const opened = handle;
    return {
      handle: opened,
      description: `PGlite (embedded) in ${dataDir}`,
      async dispose() {
        await opened.close();
        if (keep) console.log(`Kept the embedded database in ${dataDir}`);
        else remove();
      },
    };
  }

  const scratch = await createScratchDatabase(serverUrl);
  const drop = () => scratch.drop(keep);
  let handle: DatabaseHandle | undefined;
  try {
    handle = await createDatabase({ databaseUrl: scratch.url });
    await migrateDatabase(handle);
  } catch (error) {
    await handle?.close();
    await drop();
    throw error;
  }
  const opened = handle;
  const [version] = await executeRows<{ server_version: string }>(
    opened.db,
    sql`show server_version`,
  );
  return {
    handle: opened,
    description: `PostgreSQL ${version?.server_version ?? '?'} (database ${scratch.name})`,
    async dispose() {
      // Dropping first ends a query still running after Ctrl-C at once, instead of waiting for it.
      try {
        await drop();
      } finally {
        await opened.close();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Seeding

async function seedListings(db: Database, count: number, now: Date) {
  const { sellerCount } = await seedBenchListings(db, { count, now, seed: 20_250_703 });
  // Photo rows (no files: nothing fetches them), 0 to 4 per listing, 2 on average: every page reads them.
  await db.execute(sql`
    insert into listing_images (listing_id, image_url, thumbnail_url, is_primary, position, width, height)
    select l.id,
           '/uploads/listings/' || md5(l.id || '-' || n) || '-detail.webp',
           '/uploads/listings/' || md5(l.id || '-' || n) || '-card.webp',
           n = 0, n, 1280, 960
    from listings l cross join lateral generate_series(0, (l.id * 7) % 5 - 1) as n`);
  return sellerCount;
}

/** Towns the distance case clusters listings around; their centres come from TOWN_CENTRE_SQL. */
const TOWN_COUNT = 330;
/** Spread of a town's listings (standard deviation of each axis): half lie within about 5 miles. */
const TOWN_SPREAD_MILES = 4.2;
const MILES_PER_DEGREE_LATITUDE = 69.1;

/**
 * A town's centre from its number, the same in SQL and here: scattered over the lower 48 states
 * (latitudes 30..47, longitudes -121..-75), from a fixed hash so every run has the same towns.
 */
const townFraction = (town: number, salt: number) => {
  const x = Math.sin(town * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
function townCentre(town: number) {
  return {
    latitude: 30 + 17 * townFraction(town, 1),
    longitude: -121 + 46 * townFraction(town, 2),
  };
}
const townFractionSql = (town: string, salt: number) =>
  `((sin(${town} * 12.9898 + ${salt} * 78.233) * 43758.5453) - floor(sin(${town} * 12.9898 + ${salt} * 78.233) * 43758.5453))`;

/** A point around town `town` (SQL expressions), normally distributed about its centre. */
function pointAroundTownSql(town: string) {
  const sd = TOWN_SPREAD_MILES / MILES_PER_DEGREE_LATITUDE;
  // Box-Muller: two uniform draws give two independent normal ones.
  const radius = `sqrt(-2 * ln(1 - random()))`;
  return {
    latitude: `(30 + 17 * ${townFractionSql(town, 1)})`,
    longitude: `(-121 + 46 * ${townFractionSql(town, 2)})`,
    offset: `${sd} * ${radius}`,
    angle: `2 * pi() * random()`,
  };
}

/**
 * Gives every listing a point around one of the towns, then copies listings (with their words,
 * categories, timing and sellers) until there are `total`, each copy placed around a town too. All on
 * the server: one statement each, no rows through the driver.
 */
async function seedLocations(db: Database, total: number) {
  await db.execute(sql`select setseed(0.703)`);
  const p = pointAroundTownSql('t.town');
  const placed = (town: string) =>
    sql.raw(`
    select ${p.latitude} + ${p.offset} * cos(${p.angle}) as latitude,
           ${p.longitude} + ${p.offset} * sin(${p.angle}) / cos(radians(${p.latitude})) as longitude
    from (select ${town} as town) t`);
  await db.execute(sql`
    update listings l set latitude = pt.latitude, longitude = pt.longitude
    from listings src cross join lateral (${placed(`(src.id % ${TOWN_COUNT})`)}) pt
    where src.id = l.id`);
  const [existing] = await executeRows<{ n: number; first: number }>(
    db,
    sql`select count(*)::int as n, min(id)::int as first from listings`,
  );
  const base = existing?.n ?? 0;
  const first = existing?.first ?? 1;
  if (total <= base) return;
  const [last] = await executeRows<{ id: number }>(
    db,
    sql`select max(id)::int as id from listings`,
  );
  // The copies' words are already known (search_terms) and their index entries (listing_terms) are
  // written in one statement below: the same rows the per-listing triggers write, minutes faster.
  await db.execute(sql`alter table listings disable trigger listings_add_terms`);
  await db.execute(sql`alter table listings disable trigger listings_collect_search_terms`);
  try {
    await copyListings(db, total - base, first, base, placed);
  } finally {
    await db.execute(sql`alter table listings enable trigger listings_add_terms`);
    await db.execute(sql`alter table listings enable trigger listings_collect_search_terms`);
  }
  await db.execute(sql`
    insert into listing_terms (lexeme, created_at, listing_id, ends_at, category, listing_type)
    select lexeme, l.created_at, l.id, l.ends_at, l.category, l.listing_type
    from listings l cross join unnest(tsvector_to_array(l.search_vector)) as lexeme
    where l.id > ${last?.id ?? 0}`);
}

async function copyListings(
  db: Database,
  count: number,
  first: number,
  base: number,
  placed: (town: string) => ReturnType<typeof sql.raw>,
) {
  await db.execute(sql`
    insert into listings (user_id, title, description, category, listing_type, price_range, address,
                          start_date, end_date, start_time, end_time, time_zone, ends_at, created_at,
                          latitude, longitude)
    select src.user_id, src.title, src.description, src.category, src.listing_type, src.price_range,
           src.address, src.start_date, src.end_date, src.start_time, src.end_time, src.time_zone,
           src.ends_at, src.created_at - (g % 97) * interval '1 minute', pt.latitude, pt.longitude
    from generate_series(1, ${count}) g
    join listings src on src.id = ${first} + (g % ${base})
    cross join lateral (${placed(`(g % ${TOWN_COUNT})`)}) pt`);
}

// ---------------------------------------------------------------------------------------------------------
// Server

const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  // Server faults are what the benchmark must not hide.
  error: (obj, msg) => console.error('server error:', msg ?? '', obj),
};

function startServer(handle: DatabaseHandle) {
  return startLocalServer({
    db: handle.db,
    logger: silentLogger,
    adminEmail: 'admin@yardsale.bench',
  });
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'searcher@neighbours.example',
      password: 'search-benchmark',
      firstName: 'Sam',
      lastName: 'Searcher',
      termsAccepted: true,
      rememberMe: true,
    }),
  });
  if (!res.ok) throw new Error(`Sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().at(-1)?.split(';')[0];
  if (!cookie) throw new Error('Sign-up set no session cookie');
  return cookie;
}

// ---------------------------------------------------------------------------------------------------------
// Searches

const pageSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string().nullable(),
      category: z.string(),
      listingType: z.string(),
      endsAt: z.string(),
      createdAt: z.string(),
      isExpired: z.boolean(),
      distanceMiles: z.number().nullable().optional(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
type Page = z.output<typeof pageSchema>;
type PageItem = Page['items'][number];

interface SearchParams {
  search?: string;
  category?: string;
  listingType?: string;
  /** `<latitude>,<longitude>` */
  near?: string;
  radiusMiles?: number;
  sort?: 'distance';
}

interface QueryType {
  name: string;
  variants: SearchParams[];
  /** Every listing found mentions the searched word itself (title, description or category). */
  mentionsWord?: boolean;
  /** Measure the pages after the first, following nextCursor, instead of the first page. */
  followPage?: 2 | 3;
}

const QUERY_TYPES: QueryType[] = [
  {
    name: 'word',
    mentionsWord: true,
    variants: ['table', 'bike', 'lamp', 'sofa', 'dresser', 'stroller'].map((search) => ({
      search,
    })),
  },
  {
    name: 'misspelling',
    variants: ['tabel', 'bycicle', 'sofaa', 'lampp', 'dreser', 'strolller'].map((search) => ({
      search,
    })),
  },
  {
    name: 'partial word',
    variants: ['furn', 'vint', 'elec', 'antiq', 'strol', 'bik'].map((search) => ({ search })),
  },
  {
    // Nobody sells these: both the exact and the spelt-alike search run and find (next to) nothing.
    name: 'not sold here',
    variants: [
      'trampoline',
      'wheelbarrow',
      'accordion',
      'typewriter',
      'snowblower',
      'microwave',
    ].map((search) => ({ search })),
  },
  {
    name: 'two words',
    variants: [
      'dining table',
      'kids bike',
      'garage sale',
      'winter tires',
      'coffee table',
      'record player',
    ].map((search) => ({ search })),
  },
  {
    name: 'word + category',
    variants: [
      { search: 'table', category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'lamp', category: 'Home & Garden' },
      { search: 'lego', category: 'Toys' },
      { search: 'clock', category: 'Antiques' },
      { search: 'tools', category: 'Multi-Family' },
    ],
  },
  { name: 'category only', variants: CATEGORIES.map((category) => ({ category })) },
  {
    name: 'listing type',
    variants: [
      ...LISTING_TYPES.map((listingType) => ({ listingType })),
      { search: 'tools', listingType: 'garage-sale' },
      { search: 'chair', listingType: 'single-item' },
    ],
  },
  { name: 'browse (no search)', variants: [{}] },
  {
    name: 'page 2 (cursor)',
    followPage: 2,
    variants: [
      {},
      { search: 'table' },
      { category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'tabel' },
    ],
  },
  {
    name: 'page 3 (cursor)',
    followPage: 3,
    variants: [
      {},
      { search: 'table' },
      { category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'tabel' },
    ],
  },
];

function describeParams(p: SearchParams) {
  const parts = [
    p.search !== undefined ? `"${p.search}"` : '',
    p.category ? `category=${p.category}` : '',
    p.listingType ? `type=${p.listingType}` : '',
    p.near ? `within ${p.radiusMiles ?? '∞'} mi of ${p.near}` : '',
    p.sort ? `sort=${p.sort}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'everything';
}

class QueryFailure extends Error {}

interface Response {
  ms: number;
  page: Page;
  /** When the request was sent: anything returned must end after it. */
  sentAt: number;
}

function createClient(url: string, cookie: string) {
  return async function list(params: SearchParams, cursor?: string): Promise<Response> {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (params.search !== undefined) query.set('search', params.search);
    if (params.category) query.set('category', params.category);
    if (params.listingType) query.set('listingType', params.listingType);
    if (params.near) query.set('near', params.near);
    if (params.radiusMiles !== undefined) query.set('radiusMiles', String(params.radiusMiles));
    if (params.sort) query.set('sort', params.sort);
    if (cursor) query.set('cursor', cursor);
    const sentAt = Date.now();
    const started = performance.now();
    let status: number;
    let body: string;
    try {
      const res = await fetch(`${url}/api/listings?${query.toString()}`, { headers: { cookie } });
      status = res.status;
      body = await res.text();
    } catch (error) {
      throw new QueryFailure(`${describeParams(params)}: ${(error as Error).message}`);
    }
    const ms = performance.now() - started;
    if (status !== 200)
      throw new QueryFailure(`${describeParams(params)}: HTTP ${status} ${body.slice(0, 300)}`);
    const parsed = pageSchema.safeParse(JSON.parse(body));
    if (!parsed.success) {
      throw new QueryFailure(
        `${describeParams(params)}: unexpected response ${body.slice(0, 300)}`,
      );
    }
    return { ms, page: parsed.data, sentAt };
  };
}
type Client = ReturnType<typeof createClient>;

/** Newest first, ties broken by id, as the cursor pages them. */
function isAfter(a: PageItem, b: PageItem) {
  const at = Date.parse(a.createdAt);
  const bt = Date.parse(b.createdAt);
  return at < bt || (at === bt && a.id < b.id);
}

/** Nearest first, as far as distances rounded to a tenth of a mile can tell. */
function isFartherThan(a: PageItem, b: PageItem) {
  return (a.distanceMiles ?? Infinity) >= (b.distanceMiles ?? Infinity);
}

/**
 * What is wrong with a page: ended listings, filter mismatches, order, repeats from earlier pages and,
 * when asked, listings that do not mention the searched word.
 */
function checkPage(
  params: SearchParams,
  response: Response,
  previous: PageItem[],
  mentionsWord = false,
) {
  const problems = { ended: 0, other: [] as string[] };
  const items = response.page.items;
  const seen = new Set(previous.map((i) => i.id));
  let last = previous.at(-1);
  for (const item of items) {
    if (item.isExpired || Date.parse(item.endsAt) <= response.sentAt) problems.ended += 1;
    if (params.category && item.category !== params.category)
      problems.other.push(`listing ${item.id} is in ${item.category}`);
    if (params.listingType && item.listingType !== params.listingType) {
      problems.other.push(`listing ${item.id} is a ${item.listingType}`);
    }
    if (seen.has(item.id)) problems.other.push(`listing ${item.id} repeated`);
    if (mentionsWord && params.search) {
      const text = `${item.title} ${item.category} ${item.description ?? ''}`.toLowerCase();
      if (!text.includes(params.search.toLowerCase())) {
        problems.other.push(`listing ${item.id} ("${item.title}") does not mention it`);
      }
    }
    if (params.near) {
      const miles = item.distanceMiles;
      if (miles === null || miles === undefined)
        problems.other.push(`listing ${item.id} has no distance`);
      // Shown to a tenth: 10.04 miles reads 10.0.
      else if (params.radiusMiles !== undefined && miles > params.radiusMiles + 0.05)
        problems.other.push(`listing ${item.id} is ${miles} miles away`);
    }
    if (params.sort === 'distance') {
      if (last && !isFartherThan(item, last))
        problems.other.push(`listing ${item.id} out of nearest-first order`);
    } else if (last && !isAfter(item, last))
      problems.other.push(`listing ${item.id} out of newest-first order`);
    seen.add(item.id);
    last = item;
  }
  return problems;
}

interface TypeResult {
  name: string;
  times: number[];
  /** Times by search, to name the slow ones. */
  byVariant: Map<string, number[]>;
  /** Listings on each measured page. */
  results: number[];
  empty: Set<string>;
  /** Listings returned that had already ended. */
  ended: number;
  problems: string[];
  errors: string[];
  stoppedEarly: boolean;
}

/**
 * One query of a type: the first page, or page 2 or 3 reached through nextCursor. Only the last
 * request is returned for measuring; the pages before it are only checked against it.
 */
async function runOnce(list: Client, type: QueryType, params: SearchParams) {
  const previous: PageItem[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < (type.followPage ?? 1); page++) {
    const earlier = await list(params, cursor);
    previous.push(...earlier.page.items);
    if (!earlier.page.nextCursor) return null;
    cursor = earlier.page.nextCursor;
  }
  const response = await list(params, cursor);
  return { response, check: checkPage(params, response, previous, type.mentionsWord) };
}

async function runType(list: Client, type: QueryType, repeat: number): Promise<TypeResult> {
  const result: TypeResult = {
    name: type.name,
    times: [],
    byVariant: new Map(),
    results: [],
    empty: new Set(),
    ended: 0,
    problems: [],
    errors: [],
    stoppedEarly: false,
  };
  let spent = 0;
  for (let i = 0; i < repeat; i++) {
    if (spent > TYPE_TIME_BUDGET_MS) {
      result.stoppedEarly = true;
      break;
    }
    const params = type.variants[i % type.variants.length] ?? {};
    const label = describeParams(params);
    let run;
    try {
      run = await runOnce(list, type, params);
    } catch (error) {
      if (!(error instanceof QueryFailure)) throw error;
      result.errors.push(error.message);
      continue;
    }
    if (!run) {
      result.problems.push(`${label}: fewer than ${type.followPage ?? 1} pages`);
      continue;
    }
    const { response, check } = run;
    spent += response.ms;
    result.times.push(response.ms);
    result.byVariant.set(label, [...(result.byVariant.get(label) ?? []), response.ms]);
    result.results.push(response.page.items.length);
    if (response.page.items.length === 0) result.empty.add(label);
    result.ended += check.ended;
    for (const problem of check.other) result.problems.push(`${label}: ${problem}`);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Report

/** p95 targets: PostgreSQL at a million listings; the embedded database, a single process, at 100,000. */
const TARGET_P95_MS = { postgres: 20, pglite: 40 } as const;

function printTable(results: TypeResult[]) {
  const header = [
    'query type',
    'count',
    'p50 ms',
    'p95 ms',
    'max ms',
    'results/query',
    'empty',
    'errors',
    'none ended',
    'filters+order',
  ];
  const row = (r: Omit<TypeResult, 'byVariant' | 'empty' | 'stoppedEarly'>) => [
    r.name,
    String(r.times.length),
    percentile(r.times, 0.5).toFixed(1),
    percentile(r.times, 0.95).toFixed(1),
    Math.max(...r.times).toFixed(1),
    (r.results.reduce((a, b) => a + b, 0) / Math.max(1, r.results.length)).toFixed(1),
    String(r.results.filter((count) => count === 0).length),
    String(r.errors.length),
    r.ended === 0 ? 'yes' : `NO (${r.ended})`,
    r.problems.length === 0 ? 'ok' : `NO (${r.problems.length})`,
  ];
  const overall = row({
    name: 'overall',
    times: results.flatMap((r) => r.times),
    results: results.flatMap((r) => r.results),
    ended: results.reduce((a, r) => a + r.ended, 0),
    problems: results.flatMap((r) => r.problems),
    errors: results.flatMap((r) => r.errors),
  });
  const body = results.map(row);
  const widths = header.map((_, c) =>
    Math.max(...[header, ...body, overall].map((cells) => (cells[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log([line(header), rule, ...body.map(line), rule, line(overall)].join('\n'));
}

function printNotes(results: TypeResult[], targetMs: number) {
  for (const r of results) {
    if (r.empty.size) console.log(`No results (${r.name}): ${[...r.empty].join(', ')}`);
    if (r.stoppedEarly) {
      console.log(`Stopped early (${r.name}): over ${TYPE_TIME_BUDGET_MS / 1000} s of queries`);
    }
    for (const e of r.errors.slice(0, 3)) console.log(`Error (${r.name}): ${e}`);
    for (const p of r.problems.slice(0, 3)) console.log(`Problem (${r.name}): ${p}`);
  }
  const slowest = results
    .flatMap((r) =>
      [...r.byVariant].map(([label, times]) => ({
        label: `${r.name} ${label}`,
        median: percentile(times, 0.5),
      })),
    )
    .sort((a, b) => b.median - a.median)
    .slice(0, 5);
  console.log(
    `Slowest searches (median): ${slowest.map((s) => `${s.label} ${s.median.toFixed(1)} ms`).join('; ')}`,
  );
  const overTarget = results.filter((r) => percentile(r.times, 0.95) >= targetMs);
  console.log(
    overTarget.length
      ? `Over the ${targetMs} ms p95 target: ${overTarget.map((r) => r.name).join(', ')}`
      : `Every query type is within the ${targetMs} ms p95 target.`,
  );
}

// ---------------------------------------------------------------------------------------------------------

/** A failed query's error carries its parameters (megabytes of seed rows): show the message and cause only. */
function describeFailure(error: unknown): string {
  if (error instanceof QueryFailure) return `Query failed: ${error.message}`;
  if (!(error instanceof Error)) return String(error);
  const short = (e: Error) => e.message.replace(/\s+/g, ' ').slice(0, 400);
  const cause = error.cause instanceof Error ? `\n  cause: ${short(error.cause)}` : '';
  return `${error.name}: ${short(error)}${cause}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`;
}

/** Around a town's centre, a little off it (as a buyer's own position would be). */
function nearTown(town: number) {
  const centre = townCentre(town);
  return `${(centre.latitude + 0.013).toFixed(4)},${(centre.longitude - 0.021).toFixed(4)}`;
}

const DISTANCE_TOWNS = [3, 41, 97, 150, 212, 288];

const DISTANCE_QUERY_TYPES: QueryType[] = [
  {
    name: 'within 10 miles',
    variants: DISTANCE_TOWNS.map((town) => ({ near: nearTown(town), radiusMiles: 10 })),
  },
  {
    name: 'within 10 mi, nearest first',
    variants: DISTANCE_TOWNS.map((town) => ({
      near: nearTown(town),
      radiusMiles: 10,
      sort: 'distance' as const,
    })),
  },
  {
    name: 'within 10 miles + a word',
    variants: DISTANCE_TOWNS.map((town, i) => ({
      near: nearTown(town),
      radiusMiles: 10,
      search: ['table', 'bike', 'lamp', 'sofa', 'dresser', 'stroller'][i] ?? 'table',
    })),
  },
  {
    name: 'nearest first, no radius',
    variants: DISTANCE_TOWNS.map((town) => ({ near: nearTown(town), sort: 'distance' as const })),
  },
  {
    name: 'within 10 mi nearest, page 2',
    followPage: 2,
    variants: DISTANCE_TOWNS.map((town) => ({
      near: nearTown(town),
      radiusMiles: 10,
      sort: 'distance' as const,
    })),
  },
];

/** Grows the marketplace to `total` located listings and measures searches around a point. */
async function distanceCase(db: Database, list: Client, total: number, repeat: number) {
  console.log(`\nDistance case: placing every listing and growing to ${n(total)} listings...`);
  const seedStarted = performance.now();
  await seedLocations(db, total);
  const seedMs = performance.now() - seedStarted;
  const vacuumStarted = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  const vacuumMs = performance.now() - vacuumStarted;
  const [counts] = await executeRows<{ total: number; located: number }>(
    db,
    sql`select count(*)::int as total, count(latitude)::int as located from listings`,
  );
  const centre = townCentre(DISTANCE_TOWNS[0] ?? 0);
  const [around] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings
        where earth_box(ll_to_earth(${centre.latitude}, ${centre.longitude}), ${10 * 1609.344}) @> ll_to_earth(latitude, longitude)
          and earth_distance(ll_to_earth(${centre.latitude}, ${centre.longitude}), ll_to_earth(latitude, longitude)) <= ${10 * 1609.344}`,
  );
  console.log(
    `${n(counts?.total ?? 0)} listings, ${n(counts?.located ?? 0)} on the map, ${TOWN_COUNT} towns ` +
      `(${n(around?.n ?? 0)} within 10 miles of town ${DISTANCE_TOWNS[0] ?? 0}), in ${seconds(seedMs)}; ` +
      `VACUUM ANALYZE ${seconds(vacuumMs)}`,
  );
  for (const type of DISTANCE_QUERY_TYPES) {
    for (const params of type.variants) await runOnce(list, type, params);
  }
  const results: TypeResult[] = [];
  for (const type of DISTANCE_QUERY_TYPES) results.push(await runType(list, type, repeat));
  console.log(`\nGET /api/listings around a point, ${n(counts?.total ?? 0)} listings:\n`);
  printTable(results);
  return results;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (count: number) => count.toLocaleString('en-US');

async function main() {
  const config = readBenchConfig();
  const startedAt = performance.now();
  const opening = openBenchDatabase(config.serverUrl, config.keepDatabase);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let cleaning: Promise<void> | undefined;
  // Once only: Ctrl-C and the normal end may both ask for it. A database still being created is
  // waited for, so that it is dropped too.
  const cleanUp = () =>
    (cleaning ??= (async () => {
      try {
        await server?.stop();
      } finally {
        const database = await opening.catch(() => undefined);
        await database?.dispose();
      }
    })());
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let failed = false;
  try {
    const database = await opening;
    const { db } = database.handle;
    console.log(`Database: ${database.description}`);
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
    const loadBefore = os.loadavg()[0] ?? 0;
    const results: TypeResult[] = [];
    for (const type of QUERY_TYPES) results.push(await runType(list, type, config.repeat));
    const loadAfter = os.loadavg()[0] ?? 0;

    console.log(
      `GET /api/listings, ${PAGE_SIZE} per page, ${database.handle.kind}, ${n(counts.total)} listings ` +
        `(times in ms, client-side round trip):\n`,
    );
    printTable(results);
    console.log(
      `\n${os.cpus().length} CPUs; load average (1 min) ${loadBefore.toFixed(1)} before the ` +
        `measurements, ${loadAfter.toFixed(1)} after`,
    );
    printNotes(results, TARGET_P95_MS[database.handle.kind]);
    if (config.distanceListings > 0) {
      results.push(...(await distanceCase(db, list, config.distanceListings, config.repeat)));
    }
    if (results.some((r) => r.errors.length > 0)) {
      console.error('Some queries failed (see above).');
      failed = true;
    }
    if (results.some((r) => r.ended > 0 || r.problems.length > 0)) {
      console.error('Some results broke the search rules (see above).');
      failed = true;
    }
  } catch (error) {
    // After Ctrl-C, the query cut short by closing the database is no news.
    if (!cleaning) console.error(describeFailure(error));
    failed = true;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
  }
  console.log(`Total time ${seconds(performance.now() - startedAt)}`);
  process.exit(failed ? 1 : 0);
}

void main();

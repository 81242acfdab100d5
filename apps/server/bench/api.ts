/**
 * API benchmark: how many cheap requests a second the product's server answers, next to a bare
 * Fastify server doing the same SQL with postgres.js (the ceiling this machine allows).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:api
 *
 * It creates a randomly named database on the BENCH_DATABASE_URL server (dropped at the end; the
 * bare yardstick speaks postgres.js, so the embedded PGlite is not an option here), migrates it and
 * seeds 60 sellers, 300 listings with 0 to 4 photo rows each, and 50 signed-in neighbours
 * (remembered sessions), each with a conversation with a different seller. Then it starts, each in a process of its
 * own (bench/api-server.ts), (a) the bare server (bench/api-bare.ts: the product's helmet and
 * compression settings, the same statements the product sends, the same session check and JSON)
 * and (b, c) the product's server as `pnpm start` runs it on PostgreSQL (LISTEN/NOTIFY events, logs
 * at warn, rate limits in memory; the per-account message limit raised so it does not refuse).
 * This process drives autocannon against them with the first neighbour's cookie; messages are sent
 * by the 50 neighbours in turn, each in their own conversation (one account's sends wait for each
 * other by design: its events are written in order under a per-user lock, in the bare server too):
 *
 *   listing detail    (a) GET /bare/listings/:id   (b) GET /api/listings/:id  (c) listings.byId
 *   first list page   (a) GET /bare/listings       (b) GET /api/listings      (c) listings.list
 *   auth.me signed in (a) GET /bare/user           (b) GET /api/user          (c) auth.me
 *   auth.me signed out (no cookie, no SQL)
 *                     (a) GET /bare/session        (b) GET /api/session       (c) auth.me
 *   sending a message (a) POST /bare/conversations/:id/messages (b) POST /api/conversations/:id/messages
 *                     (c) conversations.send
 *   a page load       (c) listings.stats, saved.list and listings.list in one request, as the home
 *                     page's loader asks for them (no bare or REST counterpart: measured beside them)
 *
 * (c) is tRPC as the web app's client sends it: each request is written by @trpc/client's
 * httpBatchLink with the web app's settings (bench/web-trpc-request.ts), so a single call travels as
 * a batch of one (`?batch=1`, superjson input keyed "0"), a mutation as a POST with that body.
 *
 * After one short warm-up of each, the rounds alternate: per request a, b, c, a, b, c, ... so that
 * the machine's other load falls on all three alike. It prints, per request and target, req/s
 * (mean of the rounds, and each round), p50/p99 latency and the ratio to (a), computed per round
 * (median, with the lowest and highest), and checks the targets: REST and tRPC >= 0.5 of (a) on
 * every request that reads the database, signed-out auth.me over tRPC >= 0.25. Every answer must
 * be a 200; exit code 1 otherwise, or when a target is missed and BENCH_STRICT=1.
 *
 * Optional: BENCH_DURATION_S (per measurement, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 50), BENCH_WARMUP_S (default 2), BENCH_REQUESTS (comma-separated
 * names to run a subset: detail,list,me,me-signed-out,send,page), BENCH_STRICT=1, BENCH_PROFILE_DIR
 * (the product's server runs with --cpu-prof and writes its profile there when it stops; open it in
 * Chrome's DevTools or speedscope).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { z } from 'zod';

import { createServerDeps } from '@yardsale/api';
import {
  createDatabase,
  createLocalStorage,
  executeRows,
  hashPassword,
  migrateDatabase,
  processEnvironment,
  sql,
} from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { parseEnvironment } from '@yardsale/validators';

import type { ApiServerMessage } from './api-server';
import { createListingGenerator, randomSource, sellerRows } from './listing-content';
import { createScratchDatabase } from './scratch-database';
import { webTrpcRequest } from './web-trpc-request';
import type { WebTrpcRequest } from './web-trpc-request';

const REQUEST_NAMES = ['detail', 'list', 'me', 'me-signed-out', 'send', 'page'] as const;
type RequestName = (typeof REQUEST_NAMES)[number];

const configSchema = z.object({
  BENCH_DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: 'must be a postgres:// or postgresql:// URL (the bare yardstick uses postgres.js)',
  }),
  BENCH_DURATION_S: z.coerce.number().min(1).max(600).default(5),
  BENCH_ROUNDS: z.coerce.number().int().min(1).max(20).default(3),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
  BENCH_WARMUP_S: z.coerce.number().min(0).max(60).default(2),
  BENCH_REQUESTS: z
    .string()
    .default(REQUEST_NAMES.join(','))
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.array(z.enum(REQUEST_NAMES)).min(1)),
  BENCH_STRICT: z.enum(['0', '1']).default('0'),
  BENCH_PROFILE_DIR: z.string().optional(),
});

const SELLERS = 60;
/** Neighbours sending messages at once, one per connection by default. */
const SENDERS = 50;
const SETTLE_MS = 500;
const LISTINGS = 300;

// ---------------------------------------------------------------------------------------------------------
// Database

/** A signed-in neighbour with a conversation of their own. */
interface Sender {
  cookie: string;
  conversationId: number;
}

interface Seeded {
  cookie: string;
  /** The first is the neighbour above; each has a different seller on the other side. */
  senders: Sender[];
  listingId: number;
}

async function openBenchDatabase(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl);
  const drop = () => scratch.drop();
  try {
    const handle = await createDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
    try {
      await migrateDatabase(handle);
      const [version] = await executeRows<{ server_version: string }>(
        handle.db,
        sql`show server_version`,
      );
      const seeded = await seed(handle.db);
      await handle.db.execute(sql`vacuum analyze`);
      return {
        url: scratch.url,
        description: `PostgreSQL ${version?.server_version ?? '?'} (database ${scratch.name})`,
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
  // Photo rows (no files: nothing fetches them), 0 to 4 per listing, 2 on average.
  await db.execute(sql`
    insert into listing_images (listing_id, image_url, thumbnail_url, is_primary, position, width, height)
    select l.id,
           '/uploads/listings/' || md5(l.id || '-' || n) || '-detail.webp',
           '/uploads/listings/' || md5(l.id || '-' || n) || '-card.webp',
           n = 0, n, 1280, 960
    from listings l cross join lateral generate_series(0, (l.id * 7) % 5 - 1) as n`);

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
      config: { adminEmail: 'admin@yardsale.bench', secureCookies: false },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const senders: Sender[] = [];
    for (const c of conversations) {
      const { cookie } = await deps.sessions.create(c.buyerId, true);
      senders.push({ cookie: `${cookie.name}=${cookie.value}`, conversationId: c.id });
    }
    await deps.events.close();
    const first = senders[0];
    if (!first) throw new Error('seeding returned no conversation');
    return { cookie: first.cookie, senders, listingId: listing.id };
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Servers

interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function startServerProcess(
  mode: 'product' | 'bare',
  databaseUrl: string,
  profileDir: string | undefined,
): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'api-server.ts'), [mode, databaseUrl], {
    execArgv: [
      ...process.execArgv,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} server ended (exit code ${code})`)));
    child.on('message', (raw) => {
      const message = raw as ApiServerMessage;
      if (message.type === 'problem') {
        console.error(`${mode} server: ${message.text}`);
        return;
      }
      resolve({
        url: message.url,
        pid: child.pid ?? 0,
        async stop() {
          if (child.exitCode === null && child.connected) child.send('stop');
          await exited;
        },
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Requests

type Target = 'bare' | 'rest' | 'trpc';
const TARGETS: Target[] = ['bare', 'rest', 'trpc'];
const TARGET_LABELS: Record<Target, string> = {
  bare: '(a) bare',
  rest: '(b) REST',
  trpc: '(c) tRPC (web)',
};

interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Set by the client itself (a tRPC link's content-type). */
  headers?: Record<string, string>;
  signedIn: boolean;
  /** Each request as the next sender in turn (their cookie, their conversation). */
  perSender?: (sender: Sender) => { path: string; body: string };
}

interface Scenario {
  name: RequestName;
  label: string;
  usesDatabase: boolean;
  /** A page load has tRPC only. */
  targets: Partial<Record<Target, RequestSpec>>;
}

async function scenarios(seeded: Seeded): Promise<Scenario[]> {
  const message = 'Is the bookshelf still there? I could pick it up on Saturday morning.';
  const get = (p: string, signedIn = true): RequestSpec => ({ method: 'GET', path: p, signedIn });
  const web = (request: WebTrpcRequest, signedIn = true): RequestSpec => ({
    ...request,
    signedIn,
  });
  const first = seeded.senders[0];
  if (!first) throw new Error('no sender seeded');
  // Each sender's message as the web app's client writes it, kept once before the load.
  const sends = new Map<number, WebTrpcRequest>();
  for (const sender of seeded.senders)
    sends.set(
      sender.conversationId,
      await webTrpcRequest((client) => [
        client.conversations.send.mutate({
          conversationId: sender.conversationId,
          content: message,
        }),
      ]),
    );
  const sendOf = (sender: Sender) => {
    const request = sends.get(sender.conversationId);
    if (!request?.body) throw new Error('no message request kept');
    return { path: request.path, body: request.body };
  };
  const detail = await webTrpcRequest((client) => [
    client.listings.byId.query({ id: seeded.listingId }),
  ]);
  const list = await webTrpcRequest((client) => [client.listings.list.query({})]);
  const me = await webTrpcRequest((client) => [client.auth.me.query()]);
  // The home page's loader (apps/web/src/routes/_authenticated/home.tsx) on its first section: the
  // counts, the saved listings and the first page of single items, its input as the infinite query
  // writes it (its own `direction` added; the procedure's schema drops it).
  const homeFirstPage = {
    listingType: 'single-item' as const,
    search: undefined,
    category: undefined,
    limit: 12, // CAROUSEL_PAGE_SIZE
    near: undefined,
    radiusMiles: undefined,
    sort: undefined,
    direction: 'forward',
  };
  const page = await webTrpcRequest((client) => [
    client.listings.stats.query(),
    client.saved.list.query(),
    client.listings.list.query(homeFirstPage),
  ]);
  const sending = (perSender: (sender: Sender) => { path: string; body: string }): RequestSpec => ({
    method: 'POST',
    ...perSender(first),
    signedIn: true,
    perSender,
  });
  return [
    {
      name: 'detail',
      label: 'listing detail',
      usesDatabase: true,
      targets: {
        bare: get(`/bare/listings/${seeded.listingId}`),
        rest: get(`/api/listings/${seeded.listingId}`),
        trpc: web(detail),
      },
    },
    {
      name: 'list',
      label: 'first list page',
      usesDatabase: true,
      targets: {
        bare: get('/bare/listings'),
        rest: get('/api/listings'),
        trpc: web(list),
      },
    },
    {
      name: 'me',
      label: 'auth.me signed in',
      usesDatabase: true,
      targets: { bare: get('/bare/user'), rest: get('/api/user'), trpc: web(me) },
    },
    {
      name: 'me-signed-out',
      label: 'auth.me signed out',
      usesDatabase: false,
      targets: {
        bare: get('/bare/session', false),
        rest: get('/api/session', false),
        trpc: web(me, false),
      },
    },
    {
      name: 'send',
      label: 'send a message',
      usesDatabase: true,
      targets: {
        bare: sending((s) => ({
          path: `/bare/conversations/${s.conversationId}/messages`,
          body: JSON.stringify({ content: message }),
        })),
        rest: sending((s) => ({
          path: `/api/conversations/${s.conversationId}/messages`,
          body: JSON.stringify({ content: message }),
        })),
        trpc: { ...sending(sendOf), headers: { 'content-type': 'application/json' } },
      },
    },
    {
      name: 'page',
      label: 'a page load (3 calls)',
      usesDatabase: true,
      targets: { trpc: web(page) },
    },
  ];
}

function headersFor(spec: RequestSpec, origin: string, cookie: string): Record<string, string> {
  return {
    ...spec.headers,
    ...(spec.signedIn ? { cookie } : {}),
    ...(spec.method === 'POST' ? { 'content-type': 'application/json', origin } : {}),
  };
}

/** One request before the load: the answer must be a 200 with a body, or the numbers mean nothing. */
async function check(origin: string, spec: RequestSpec, cookie: string) {
  const res = await fetch(`${origin}${spec.path}`, {
    method: spec.method,
    headers: headersFor(spec, origin, cookie),
    body: spec.body,
  });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`${spec.method} ${spec.path}: HTTP ${res.status} ${body}`);
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(
  origin: string,
  spec: RequestSpec,
  seeded: Seeded,
  connections: number,
  durationS: number,
): Promise<Measurement> {
  let turn = 0;
  const { perSender } = spec;
  const result = await autocannon({
    url: `${origin}${spec.path}`,
    method: spec.method,
    headers: headersFor(spec, origin, seeded.cookie),
    body: spec.body,
    connections,
    duration: durationS,
    ...(perSender
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const sender = seeded.senders[turn++ % seeded.senders.length] ?? seeded.senders[0];
                if (!sender) return request;
                return {
                  ...request,
                  ...perSender(sender),
                  headers: headersFor(spec, origin, sender.cookie),
                };
              },
            },
          ],
        }
      : {}),
  });
  // autocannon drops its connections at the end with requests in flight; they finish before the next run.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return {
    requestsPerSecond: result.requests.total / durationS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

function printTable(header: string[], rows: string[][], leftColumns: number) {
  const widths = header.map((_, c) =>
    Math.max(...[header, ...rows].map((cells) => (cells[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c < leftColumns ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0),
      )
      .join('  ');
  console.log(
    [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'),
  );
}

/** The lowest ratio each path must keep to (a): REST, tRPC. */
function targetsFor(scenario: Scenario): Record<Exclude<Target, 'bare'>, number | null> {
  if (!scenario.targets.bare) return { rest: null, trpc: null };
  if (scenario.usesDatabase) return { rest: 0.5, trpc: 0.5 };
  return { rest: null, trpc: 0.25 };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const config = parseEnvironment(configSchema, processEnvironment());
  const started = performance.now();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `Machine: ${os.cpus().length} × ${cpu}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const database = await openBenchDatabase(config.BENCH_DATABASE_URL);
  console.log(
    `Database: ${database.description}, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  let bare: ServerProcess | undefined;
  let product: ServerProcess | undefined;
  let failed = false;
  try {
    bare = await startServerProcess('bare', database.url, undefined);
    product = await startServerProcess('product', database.url, config.BENCH_PROFILE_DIR);
    const origins: Record<Target, string> = {
      bare: bare.url,
      rest: product.url,
      trpc: product.url,
    };
    const { seeded } = database;
    const { cookie } = seeded;
    const chosen = (await scenarios(database.seeded)).filter((s) =>
      config.BENCH_REQUESTS.includes(s.name),
    );
    /** The targets a request has, with what each is sent. */
    const specs = (scenario: Scenario) =>
      TARGETS.flatMap((target) => {
        const spec = scenario.targets[target];
        return spec ? [{ target, spec }] : [];
      });
    for (const scenario of chosen)
      for (const { target, spec } of specs(scenario)) await check(origins[target], spec, cookie);
    console.log(
      `Servers: bare pid ${bare.pid}, product pid ${product.pid}; autocannon in pid ${process.pid}, ` +
        `${config.BENCH_CONNECTIONS} connections, ${config.BENCH_DURATION_S} s per measurement, ` +
        `${config.BENCH_ROUNDS} alternating rounds after a ${config.BENCH_WARMUP_S} s warm-up.`,
    );

    const results = new Map<string, Measurement[]>();
    const key = (s: Scenario, t: Target) => `${s.name} ${t}`;
    if (config.BENCH_WARMUP_S > 0) {
      for (const scenario of chosen)
        for (const { target, spec } of specs(scenario))
          await load(
            origins[target],
            spec,
            seeded,
            config.BENCH_CONNECTIONS,
            config.BENCH_WARMUP_S,
          );
    }
    for (let round = 1; round <= config.BENCH_ROUNDS; round++) {
      for (const scenario of chosen) {
        for (const { target, spec } of specs(scenario)) {
          const m = await load(
            origins[target],
            spec,
            seeded,
            config.BENCH_CONNECTIONS,
            config.BENCH_DURATION_S,
          );
          const list = results.get(key(scenario, target)) ?? [];
          list.push(m);
          results.set(key(scenario, target), list);
        }
      }
      console.log(`  round ${round} of ${config.BENCH_ROUNDS} done`);
    }

    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const scenario of chosen) {
      const bareRuns = results.get(key(scenario, 'bare')) ?? [];
      const goals = targetsFor(scenario);
      for (const { target } of specs(scenario)) {
        const runs = results.get(key(scenario, target)) ?? [];
        const failures = runs.reduce((s, r) => s + r.failures, 0);
        if (failures > 0) failed = true;
        const ratios = runs.map(
          (r, i) => r.requestsPerSecond / (bareRuns[i]?.requestsPerSecond ?? NaN),
        );
        const goal = target === 'bare' ? null : goals[target];
        const ratio = median(ratios);
        if (goal !== null) {
          const met = ratio >= goal;
          verdicts.push(
            `${scenario.label}, ${TARGET_LABELS[target]}: ${ratio.toFixed(2)} of (a), target ${goal} ${met ? 'met' : 'NOT met'}`,
          );
          if (!met && config.BENCH_STRICT === '1') failed = true;
        }
        rows.push([
          target === specs(scenario)[0]?.target ? scenario.label : '',
          TARGET_LABELS[target],
          mean(runs.map((r) => r.requestsPerSecond)).toFixed(0),
          runs.map((r) => r.requestsPerSecond.toFixed(0)).join(' / '),
          median(runs.map((r) => r.p50)).toFixed(1),
          median(runs.map((r) => r.p99)).toFixed(1),
          target === 'bare'
            ? '1'
            : bareRuns.length === 0
              ? 'n/a'
              : `${ratio.toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
          goal === null ? '' : `>= ${goal}`,
          String(failures),
        ]);
      }
    }
    console.log('');
    printTable(
      [
        'request',
        'target',
        'req/s',
        'req/s per round',
        'p50 ms',
        'p99 ms',
        'ratio to (a)',
        'goal',
        'non-200',
      ],
      rows,
      2,
    );
    console.log(
      `\nreq/s: mean of the rounds; p50/p99: median of the rounds; ratio: median of the per-round ratios ` +
        `(lowest-highest). Load average now ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}.`,
    );
    for (const v of verdicts) console.log(v);
    if (failed)
      console.error(
        'Some answers were not 200 (see non-200), or a target was missed with BENCH_STRICT=1.',
      );
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    failed = true;
  } finally {
    await product?.stop();
    await bare?.stop();
    await database.drop();
  }
  console.log(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exit(failed ? 1 : 0);
}

void main();

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
import { z } from 'zod';

import { processEnvironment } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

import { check, load } from './api/load';
import type { Measurement } from './api/load';
import { printReport, resultKey } from './api/report';
import { REQUEST_NAMES, scenarios, targetsOf } from './api/scenarios';
import type { Target } from './api/scenarios';
import { openApiDatabase } from './api/seed';
import { startServerProcess } from './api/server-process';
import type { ServerProcess } from './api/server-process';
import { postgresUrl } from './lib/config';
import { cpuCount, cpuModel, loadAverages } from './lib/machine';

const configSchema = z.object({
  BENCH_DATABASE_URL: postgresUrl('the bare yardstick uses postgres.js'),
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

async function main() {
  const config = parseEnvironment(configSchema, processEnvironment());
  const started = performance.now();
  console.log(`Machine: ${cpuCount()} × ${cpuModel()}, load average ${loadAverages()}`);
  const database = await openApiDatabase(config.BENCH_DATABASE_URL);
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
    for (const scenario of chosen)
      for (const { target, spec } of targetsOf(scenario))
        await check(origins[target], spec, cookie);
    console.log(
      `Servers: bare pid ${bare.pid}, product pid ${product.pid}; autocannon in pid ${process.pid}, ` +
        `${config.BENCH_CONNECTIONS} connections, ${config.BENCH_DURATION_S} s per measurement, ` +
        `${config.BENCH_ROUNDS} alternating rounds after a ${config.BENCH_WARMUP_S} s warm-up.`,
    );

    const results = new Map<string, Measurement[]>();
    if (config.BENCH_WARMUP_S > 0) {
      for (const scenario of chosen)
        for (const { target, spec } of targetsOf(scenario))
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
        for (const { target, spec } of targetsOf(scenario)) {
          const m = await load(
            origins[target],
            spec,
            seeded,
            config.BENCH_CONNECTIONS,
            config.BENCH_DURATION_S,
          );
          const list = results.get(resultKey(scenario, target)) ?? [];
          list.push(m);
          results.set(resultKey(scenario, target), list);
        }
      }
      console.log(`  round ${round} of ${config.BENCH_ROUNDS} done`);
    }

    failed = !printReport(chosen, results, config.BENCH_STRICT === '1');
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

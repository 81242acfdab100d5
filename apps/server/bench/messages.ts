/**
 * Messaging benchmark: how long a message takes from the buyer's send to the seller's screen, with
 * 100 and 1,000 people connected, live (websocket subscription) and the old way (polling over HTTP).
 *
 *   pnpm bench:messages                     # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:messages   # PostgreSQL
 *
 * It creates a fresh database (PGlite in a temp folder, or a randomly named database on the
 * BENCH_DATABASE_URL server with LISTEN/NOTIFY wake-ups, dropped at the end), migrates it, inserts
 * the users (one shared password hash), their sessions, one listing per seller and one conversation
 * per buyer and seller, and starts the real server with the rate limits raised, in a child process
 * (bench/messages-server.ts) so that its CPU and event-loop delay are measured apart from the clients'.
 * Each person's requests and websocket carry their own address in X-Forwarded-For (the server trusts
 * one proxy), as a thousand neighbours behind the production proxy would.
 *
 * Per crowd size and mode, every buyer sends a message through POST /api/conversations/{id}/messages
 * at a steady pace (starts spread at random); latency is from the start of the send to the seller's
 * client seeing it: the conversations.events subscription, or the first poll (GET /api/conversations
 * every 3 s, GET /api/conversations/{id}/messages every 5 s, per user) that returns it. Before
 * each measurement every buyer sends one unmeasured message, so connections and code are warm.
 * Exit code 1 on a failed request, a subscription error or a lost message.
 *
 * The live scenarios run first, for every crowd size, and their table is printed before the polling
 * comparison starts. Every request and every wait is bounded: a side that falls over is reported
 * (for example "polling could not keep up: N of M requests timed out"), and the run still ends.
 *
 * Optional: BENCH_USERS (comma-separated, default "100,1000"), BENCH_DURATION_S (sending time per
 * scenario, default 20), BENCH_SEND_INTERVAL_MS (per buyer, default 3000), BENCH_MODES ("live",
 * "polling" or both, comma-separated; default both), BENCH_PROFILE_DIR (the server runs with
 * --cpu-prof and writes its profile there when it stops).
 */
import { z } from 'zod';

import { processEnvironment } from '@yardsale/db';
import { parseEnvironment } from '@yardsale/validators';

import { postgresUrl } from './lib/config';
import { seconds } from './lib/format';
import { cpuCount } from './lib/machine';
import { percentile } from './lib/stats';
import { DRAIN_MS, REQUEST_TIMEOUT_MS, WAIT_LIMIT_MS, problems } from './messages/delivery';
import { runSubscriptions } from './messages/live';
import { LIST_POLL_MS, MESSAGES_POLL_MS, runPolling } from './messages/polling';
import { printResults } from './messages/result';
import type { Result } from './messages/result';
import { startServerProcess } from './messages/server-process';
import type { Server } from './messages/server-process';

const configSchema = z.object({
  BENCH_DATABASE_URL: postgresUrl().optional(),
  BENCH_USERS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated even numbers')
    .default('100,1000'),
  BENCH_DURATION_S: z.coerce.number().min(2).max(600).default(20),
  BENCH_SEND_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  BENCH_MODES: z
    .string()
    .default('live,polling')
    .transform((value) => value.split(',').map((mode) => mode.trim()))
    .pipe(z.array(z.enum(['live', 'polling'])).min(1)),
  BENCH_PROFILE_DIR: z.string().optional(),
});

function readBenchConfig() {
  const config = parseEnvironment(configSchema, processEnvironment());
  const sizes = config.BENCH_USERS.split(',').map(Number);
  if (sizes.some((s) => s < 2 || s % 2 !== 0))
    throw new Error('BENCH_USERS: each size must be even and at least 2');
  return {
    serverUrl: config.BENCH_DATABASE_URL,
    sizes,
    durationMs: config.BENCH_DURATION_S * 1000,
    sendIntervalMs: config.BENCH_SEND_INTERVAL_MS,
    modes: new Set(config.BENCH_MODES),
    profileDir: config.BENCH_PROFILE_DIR,
  };
}

const TARGET_P99_MS = 50;

/**
 * The most a run may take: starting and seeding, then per scenario connecting, the warm-up, the
 * sends, the last answers (REQUEST_TIMEOUT_MS), the drain and closing (WAIT_LIMIT_MS), with room.
 */
function statedTime(config: ReturnType<typeof readBenchConfig>) {
  const perScenario =
    config.durationMs +
    config.sendIntervalMs +
    2 * REQUEST_TIMEOUT_MS +
    DRAIN_MS +
    2 * WAIT_LIMIT_MS;
  const polling = config.modes.has('polling') ? MESSAGES_POLL_MS + 500 : 0;
  const scenarios = config.sizes.length * config.modes.size;
  return 120_000 + scenarios * perScenario + config.sizes.length * polling;
}

async function main() {
  const config = readBenchConfig();
  const startedAt = performance.now();
  const maxUsers = Math.max(...config.sizes);
  let server: Server | undefined;
  let failed = false;
  const results: Result[] = [];
  const limitMs = statedTime(config);
  console.log(`This run takes at most ${seconds(limitMs)}.`);
  // The last guard: whatever still waits, the run ends at its stated time with what it measured.
  const watchdog = setTimeout(() => {
    console.error(`\nThe run did not finish within ${seconds(limitMs)}; stopping it.`);
    if (results.length > 0) printResults(results, server?.kind === 'postgres');
    for (const p of problems.slice(0, 10)) console.error(p);
    server?.kill();
    process.exit(1);
  }, limitMs);
  watchdog.unref();
  try {
    const seedStarted = performance.now();
    server = await startServerProcess(config.serverUrl, maxUsers / 2, config.profileDir);
    console.log(`Database: ${server.description}`);
    const allPairs = server.pairs;
    console.log(
      `Server process ${server.pid} started; ${maxUsers} users with sessions, ${allPairs.length} listings ` +
        `and conversations seeded in ${seconds(performance.now() - seedStarted)}`,
    );
    console.log(
      `Rate limits raised for the benchmark (${server.raisedLimits.join(', ')}); after one warm-up ` +
        `message, each buyer sends one message every ${config.sendIntervalMs / 1000} s for ` +
        `${seconds(config.durationMs)} per scenario.`,
    );
    const caption = `Delivery latency, buyer's send (POST /api/conversations/{id}/messages) to the seller's client, ${server.kind}`;
    const withPostgres = server.kind === 'postgres';
    if (config.modes.has('live')) {
      for (const size of config.sizes) {
        const pairs = allPairs.slice(0, size / 2);
        const live = await runSubscriptions(
          server,
          pairs,
          config.durationMs,
          config.sendIntervalMs,
        );
        console.log(
          `  ${size} users, subscription: done (connecting took ${seconds(live.setupMs)})`,
        );
        results.push(live);
      }
      // Printed now: the polling comparison after it may take long or fall over.
      console.log(`\n${caption}, live:\n`);
      printResults(results, withPostgres);
      const largest = results.find((r) => r.mode === 'subscription' && r.users === maxUsers);
      if (largest) {
        const p99 = percentile(largest.latencies, 0.99);
        console.log(
          `Target p99 under ${TARGET_P99_MS} ms at ${maxUsers} users (subscription), with no message lost: ` +
            `${p99.toFixed(1)} ms, ${largest.lost}/${largest.sent} lost, ` +
            `${p99 < TARGET_P99_MS && largest.lost === 0 ? 'met' : 'NOT met'}.\n`,
        );
      }
    }
    if (config.modes.has('polling')) {
      for (const size of config.sizes) {
        const pairs = allPairs.slice(0, size / 2);
        const polled = await runPolling(server, pairs, config.durationMs, config.sendIntervalMs);
        console.log(`  ${size} users, polling: done`);
        results.push(polled);
      }
      console.log(
        `\n${caption}${config.modes.has('live') ? ', live and polling' : ', polling'}:\n`,
      );
      printResults(results, withPostgres);
    }
    console.log(
      `\nCPU in % of one core (${cpuCount()} CPUs): the server process alone (/proc), this process ` +
        `with every client (websockets, pollers, senders)` +
        (withPostgres
          ? ', and every PostgreSQL process on the machine'
          : '; PGlite runs inside the server process') +
        `. Polling: conversation list every ${LIST_POLL_MS / 1000} s and messages every ` +
        `${MESSAGES_POLL_MS / 1000} s per user; req/s counts polls and sends.`,
    );
    for (const p of problems.slice(0, 10)) console.error(p);
    // The live path must be flawless; the polling comparison (the old way) may fall over under
    // load on this machine, and that is a result to report, not a failure of the benchmark.
    const live = results.filter((r) => r.mode === 'subscription');
    const overloadedPolling = results.filter(
      (r) => r.mode !== 'subscription' && (r.lost > 0 || r.sendErrors > 0 || r.otherErrors > 0),
    );
    for (const r of overloadedPolling) {
      console.log(
        `Polling at ${r.users} users could not keep up: ${r.timeouts} of ${r.requests} requests timed out, ` +
          `${r.sendErrors + r.otherErrors} failed in all, ${r.lost} messages not seen in time.`,
      );
    }
    if (live.some((r) => r.lost > 0 || r.sendErrors > 0 || r.otherErrors > 0)) {
      console.error('Errors or lost messages on the live path (see above).');
      failed = true;
    }
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    failed = true;
  } finally {
    await server?.stop();
  }
  console.log(`Total time ${seconds(performance.now() - startedAt)}`);
  process.exit(failed ? 1 : 0);
}

void main();

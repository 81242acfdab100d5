/**
 * How long a signed-in bystander waits while one client floods the server with websockets and live
 * streams (the scenario the websocket-limits test runs, with its bounds): /healthz and /api/user,
 * sampled all through the flood, on the embedded database. Target: p90 under 100 ms for both.
 *   pnpm bench:flood            three rounds, each on a fresh server
 *   pnpm bench:flood 1
 */
import { runFlood } from '../test/flood-scenario';
import type { ProbeFigures } from '../test/flood-scenario';
import { startTestServer } from '../test/test-server';
import { cpuCount, cpuModel, loadAverage } from './lib/machine';

const TARGET_P90_MS = 100;
const rounds = Number(process.argv[2] ?? 3);
const load = () => loadAverage().toFixed(2);

console.log(
  `Machine: ${String(cpuCount())} × ${cpuModel()}; load average (1 min) ${load()} at the start.`,
);
const results: { healthz: ProbeFigures; other: ProbeFigures }[] = [];
for (let round = 1; round <= rounds; round++) {
  const server = await startTestServer('pglite', {
    rateLimits: {
      registerByClient: { points: 1000, durationSeconds: 60 },
      messagesByAccount: { points: 1000, durationSeconds: 60 },
    },
  });
  try {
    const { outcome, healthz, other } = await runFlood(server);
    results.push({ healthz, other });
    console.log(
      `round ${String(round)}: ${String(outcome.opened)} sockets opened, ${String(outcome.refused['429'] ?? 0)} refused; ` +
        `/healthz median ${String(healthz.median)} ms, p90 ${String(healthz.p90)} ms, max ${String(healthz.max)} ms; ` +
        `/api/user median ${String(other.median)} ms, p90 ${String(other.p90)} ms, max ${String(other.max)} ms ` +
        `(${String(healthz.probes)} probes; load ${load()})`,
    );
  } finally {
    await server.stop();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const healthzP90 = median(results.map((r) => r.healthz.p90));
const otherP90 = median(results.map((r) => r.other.p90));
const verdict = (ms: number) => (ms < TARGET_P90_MS ? 'meets' : 'MISSES');
console.log(
  `\nMedian of ${String(rounds)} rounds: /healthz p90 ${String(healthzP90)} ms (${verdict(healthzP90)} ${String(TARGET_P90_MS)} ms), ` +
    `/api/user p90 ${String(otherP90)} ms (${verdict(otherP90)} ${String(TARGET_P90_MS)} ms); load average (1 min) ${load()} at the end.`,
);
process.exit(0);

/** The search benchmark's tables and notes. */
import { printTable } from '../lib/format';
import { percentile } from '../lib/stats';
import { TYPE_TIME_BUDGET_MS } from './runs';
import type { TypeResult } from './runs';

/** p95 targets: PostgreSQL at a million listings; the embedded database, a single process, at 100,000. */
export const TARGET_P95_MS = { postgres: 20, pglite: 40 } as const;

export function printResults(results: TypeResult[]) {
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
  printTable(header, results.map(row), { total: overall });
}

export function printNotes(results: TypeResult[], targetMs: number) {
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

/** The API benchmark's table: req/s, latency and the ratio to the bare yardstick, per request and target. */
import { loadAverages } from '../lib/machine';
import { printTable } from '../lib/format';
import { mean, median } from '../lib/stats';
import type { Measurement } from './load';
import { TARGET_LABELS, targetsFor, targetsOf } from './scenarios';
import type { Scenario, Target } from './scenarios';

/** Where a request's measurements against a target are kept. */
export const resultKey = (s: Scenario, t: Target) => `${s.name} ${t}`;

/** Prints the table and the verdicts; false when an answer was not a 200, or (strict) a target was missed. */
export function printReport(
  chosen: Scenario[],
  results: Map<string, Measurement[]>,
  strict: boolean,
): boolean {
  let failed = false;
  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const scenario of chosen) {
    const bareRuns = results.get(resultKey(scenario, 'bare')) ?? [];
    const goals = targetsFor(scenario);
    for (const { target } of targetsOf(scenario)) {
      const runs = results.get(resultKey(scenario, target)) ?? [];
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
        if (!met && strict) failed = true;
      }
      rows.push([
        target === targetsOf(scenario)[0]?.target ? scenario.label : '',
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
    { leftColumns: 2 },
  );
  console.log(
    `\nreq/s: mean of the rounds; p50/p99: median of the rounds; ratio: median of the per-round ratios ` +
      `(lowest-highest). Load average now ${loadAverages()}.`,
  );
  for (const v of verdicts) console.log(v);
  if (failed)
    console.error(
      'Some answers were not 200 (see non-200), or a target was missed with BENCH_STRICT=1.',
    );
  return !failed;
}

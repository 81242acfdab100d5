/** A scenario's figures, and the table they are printed in. */
import { printTable } from '../lib/format';
import { percentile } from '../lib/stats';
import type { measure } from './cpu';
import { problems } from './delivery';
import type { Tracker } from './delivery';

export interface Result {
  users: number;
  mode: 'subscription' | 'polling';
  latencies: number[];
  sent: number;
  lost: number;
  sendErrors: number;
  otherErrors: number;
  /** Requests made while measuring (sends, and polls when polling), and how many timed out. */
  requests: number;
  timeouts: number;
  sendP50: number;
  requestsPerSecond: number;
  serverCpuPercent: number | null;
  clientCpuPercent: number;
  postgresCpuPercent: number | null;
  loopDelayP99: number;
  loopDelayMax: number;
  setupMs: number;
}

export function summarize(
  users: number,
  mode: Result['mode'],
  tracker: Tracker,
  otherErrors: number,
  measured: Awaited<ReturnType<typeof measure>>,
  sent: number,
  setupMs: number,
): Result {
  if (tracker.duplicates > 0)
    problems.push(`${mode}: ${tracker.duplicates} unexpected messages seen`);
  return {
    users,
    mode,
    latencies: tracker.latencies,
    sent: sent - tracker.sendErrors,
    lost: tracker.pending.size,
    sendErrors: tracker.sendErrors,
    otherErrors,
    requests: sent,
    timeouts: tracker.sendTimeouts,
    sendP50: percentile(tracker.sendTimes, 0.5),
    requestsPerSecond: sent / (measured.wallMs / 1000),
    serverCpuPercent: measured.serverCpuPercent,
    clientCpuPercent: measured.clientCpuPercent,
    postgresCpuPercent: measured.postgresCpuPercent,
    loopDelayP99: measured.loopDelayP99,
    loopDelayMax: measured.loopDelayMax,
    setupMs,
  };
}

const percent = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)}%`);

export function printResults(results: Result[], withPostgres: boolean) {
  const header = [
    'users',
    'mode',
    'delivered',
    'lost',
    'errors',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'send p50',
    'req/s',
    'server CPU',
    'clients CPU',
    ...(withPostgres ? ['PostgreSQL CPU'] : []),
    'server loop delay p99/max',
  ];
  const rows = results.map((r) => [
    r.users.toLocaleString('en-US'),
    r.mode,
    String(r.latencies.length),
    String(r.lost),
    String(r.sendErrors + r.otherErrors),
    percentile(r.latencies, 0.5).toFixed(1),
    percentile(r.latencies, 0.95).toFixed(1),
    percentile(r.latencies, 0.99).toFixed(1),
    Math.max(...r.latencies).toFixed(1),
    r.sendP50.toFixed(1),
    r.requestsPerSecond.toFixed(0),
    percent(r.serverCpuPercent),
    percent(r.clientCpuPercent),
    ...(withPostgres ? [percent(r.postgresCpuPercent)] : []),
    `${r.loopDelayP99.toFixed(0)}/${r.loopDelayMax.toFixed(0)} ms`,
  ]);
  printTable(header, rows, { leftColumns: 2 });
}

import { timingSafeEqual } from 'node:crypto';

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Process figures (CPU, memory, event-loop delay, GC) are the process's: collected once, whatever the apps in it. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A readiness or scrape probe of the database gives up after this long. */
export const PROBE_TIMEOUT_MS = 2_000;

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type JobOutcome = 'success' | 'failure';

export interface ServerMetrics {
  registry: Registry;
  httpRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** A wake-up reached a live stream on this instance, `seconds` after it was sent. */
  eventDelivered(seconds: number): void;
  /** A connection was closed at once: its address already held as many as one may. */
  connectionRefused(): void;
  /** Runs a periodic job, counting it and timing it by outcome; rethrows its error. */
  timeJob<T>(job: string, run: () => Promise<T>): Promise<T>;
  /** What the gauges read at each scrape. */
  observe(sources: MetricSources): void;
  /** The whole exposition: this server's metrics and the process's. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface MetricSources {
  openSockets(): number;
  liveStreams(): number;
  /** Runs `select 1` on the database (it waits for a free connection first, as any query does). */
  databaseProbe(): Promise<void>;
  /** The connection pool's configured size; undefined on the embedded database (one in-process connection). */
  poolSize: number | undefined;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  let sources: MetricSources | undefined;

  const httpDuration = new Histogram({
    name: 'yardsale_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (not the raw URL; "unmatched" for none), method and status code: time from the request to its answer',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'yardsale_websockets_open',
    help: 'Websockets open on this instance',
    registers: [registry],
    collect() {
      this.set(sources?.openSockets() ?? 0);
    },
  });
  new Gauge({
    name: 'yardsale_live_subscriptions',
    help: 'Live streams (tRPC subscriptions) running on this instance, over all its websockets',
    registers: [registry],
    collect() {
      this.set(sources?.liveStreams() ?? 0);
    },
  });
  const deliveryLag = new Histogram({
    name: 'yardsale_event_delivery_lag_seconds',
    help: 'Time from a live-event wake-up being sent to it reaching a stream subscribed on this instance. Across instances (PostgreSQL LISTEN/NOTIFY) it compares the sender clock with this one, so clock skew adds to it',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'yardsale_db_pool_max_connections',
    help: 'Configured size of the PostgreSQL connection pool (postgres.js does not expose how many are in use); absent on the embedded database',
    registers: [registry],
    collect() {
      if (sources?.poolSize !== undefined) this.set(sources.poolSize);
    },
  });
  const probeSeconds = new Gauge({
    name: 'yardsale_db_probe_seconds',
    help: 'Round trip of a `select 1` run at this scrape, waiting for a free pool connection first: rises when the pool is exhausted or the database is slow',
    registers: [registry],
  });
  const probeUp = new Gauge({
    name: 'yardsale_db_up',
    help: `1 when the \`select 1\` run at this scrape answered within ${PROBE_TIMEOUT_MS} ms, else 0`,
    registers: [registry],
  });
  const connectionsRefused = new Counter({
    name: 'yardsale_http_connections_refused_total',
    help: 'Connections closed as they opened because their client address already held as many as one may',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'yardsale_job_runs_total',
    help: 'Runs of periodic jobs (purge: ended listings; prune: old live events) by outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'yardsale_job_duration_seconds',
    help: 'How long each periodic job run took, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  async function probeDatabase() {
    if (!sources) return;
    const started = performance.now();
    try {
      await withTimeout(sources.databaseProbe(), PROBE_TIMEOUT_MS, 'the database probe');
      probeUp.set(1);
    } catch {
      probeUp.set(0);
    }
    probeSeconds.set((performance.now() - started) / 1000);
  }

  return {
    registry,
    httpRequest(route, method, statusCode, seconds) {
      httpDuration.observe({ route, method, status_code: String(statusCode) }, seconds);
    },
    eventDelivered(seconds) {
      deliveryLag.observe(Math.max(0, seconds));
    },
    connectionRefused() {
      connectionsRefused.inc();
    },
    async timeJob(job, run) {
      const started = performance.now();
      const done = (outcome: JobOutcome) => {
        jobRuns.inc({ job, outcome });
        jobDuration.observe({ job, outcome }, (performance.now() - started) / 1000);
      };
      try {
        const result = await run();
        done('success');
        return result;
      } catch (err) {
        done('failure');
        throw err;
      }
    },
    observe(next) {
      sources = next;
    },
    async render() {
      await probeDatabase();
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

/** Whether an Authorization header carries the metrics token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

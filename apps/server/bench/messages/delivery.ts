/**
 * Sending the buyers' messages and noticing them on the sellers' side: every send is timed from its
 * start to the first time a seller's client sees it, and every wait is bounded.
 */
import { seconds } from '../lib/format';
import type { Pair } from '../messages-server';
import type { Server } from './server-process';

/** After the last send, how long to wait for stragglers before calling them lost. */
export const DRAIN_MS = 10_000;
/** An overloaded server fails requests after this, instead of the run waiting on it for minutes. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The longest any other wait may take (the server's answers over IPC, closing sockets, stopping). */
export const WAIT_LIMIT_MS = 15_000;
/** What went wrong during the run, printed at its end. */
export const problems: string[] = [];

export interface Tracker {
  /** Names the scenario in each message, so messages of earlier scenarios are ignored. */
  tag: string;
  /** key "pair:seq" → performance.now() when the send started. */
  pending: Map<string, number>;
  latencies: number[];
  sent: number;
  sendErrors: number;
  sendTimes: number[];
  /** Sends that got no answer within REQUEST_TIMEOUT_MS (also counted in sendErrors). */
  sendTimeouts: number;
  duplicates: number;
}

export function newTracker(tag: string): Tracker {
  return {
    tag,
    pending: new Map(),
    latencies: [],
    sent: 0,
    sendErrors: 0,
    sendTimes: [],
    sendTimeouts: 0,
    duplicates: 0,
  };
}

/** fetch's error when AbortSignal.timeout fired. */
export const isTimeout = (error: unknown) =>
  error instanceof Error && error.name === 'TimeoutError';

/** `promise`, or `fallback` after `ms` (noted as a problem): no wait of the benchmark is unbounded. */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  fallback: T,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      problems.push(`${what}: no answer within ${seconds(ms)}`);
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const CONTENT_PATTERN = /^bench (\S+) (\d+:\d+) sent \d+/;

/** Called with a message a seller's client has just seen. */
export function receive(tracker: Tracker, content: string, seen: Set<string>) {
  const match = CONTENT_PATTERN.exec(content);
  if (!match || match[1] !== tracker.tag) return;
  const key = match[2] ?? '';
  if (seen.has(key)) return;
  seen.add(key);
  const started = tracker.pending.get(key);
  if (started === undefined) {
    tracker.duplicates += 1;
    return;
  }
  tracker.pending.delete(key);
  tracker.latencies.push(performance.now() - started);
}

async function send(url: string, pair: Pair, seq: number, tracker: Tracker) {
  const key = `${pair.index}:${seq}`;
  const started = performance.now();
  tracker.pending.set(key, started);
  tracker.sent += 1;
  try {
    const res = await fetch(`${url}/api/conversations/${pair.conversationId}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: pair.buyer.cookie,
        origin: url,
        'x-forwarded-for': pair.buyer.address,
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      body: JSON.stringify({
        content: `bench ${tracker.tag} ${key} sent ${Date.now()}: is the bookshelf still there?`,
      }),
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`HTTP ${res.status} ${body.slice(0, 200)}`);
    tracker.sendTimes.push(performance.now() - started);
  } catch (error) {
    tracker.pending.delete(key);
    tracker.sendErrors += 1;
    if (isTimeout(error)) tracker.sendTimeouts += 1;
    if (tracker.sendErrors <= 3) problems.push(`send failed: ${(error as Error).message}`);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each buyer sends at a steady pace from a random start; resolves when all sends have answered. */
export async function sendForAWhile(
  url: string,
  pairs: Pair[],
  durationMs: number,
  intervalMs: number,
  tracker: Tracker,
) {
  const until = performance.now() + durationMs;
  await Promise.all(
    pairs.map(async (pair) => {
      let next = performance.now() + Math.random() * intervalMs;
      for (let seq = 0; ; seq++) {
        await sleep(Math.max(0, next - performance.now()));
        if (performance.now() >= until) return;
        await send(url, pair, seq, tracker);
        next += intervalMs;
      }
    }),
  );
}

export async function waitForDeliveries(tracker: Tracker) {
  const deadline = performance.now() + DRAIN_MS;
  while (tracker.pending.size > 0 && performance.now() < deadline) await sleep(50);
}

/** One unmeasured message per buyer first: opens the HTTP connections and warms the code paths. */
export async function warmUp(server: Server, pairs: Pair[], intervalMs: number, tag: string) {
  const warm = newTracker(`${tag}-warm`);
  await sendForAWhile(server.url, pairs, intervalMs, intervalMs, warm);
  await sleep(1000);
}

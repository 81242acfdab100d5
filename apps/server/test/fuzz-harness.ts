import fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';

import {
  DEFAULT_RATE_LIMITS,
  appRouter,
  createPushSender,
  ensureAdminRole,
  newVapidKeys,
} from '@yardsale/api';
import type { RateLimitSettings } from '@yardsale/api';
import { processEnvironment } from '@yardsale/db';

import { TEST_ADMIN_EMAIL, startTestServer } from './test-server';
import type { TestServer } from './test-server';

/*
 * The fuzz tests' shared set-up (fuzz-procedures.test.ts, fuzz-rest.test.ts): generated inputs, as a
 * visitor, a user and (for admin paths) the admin: no answer may be a 500, none may hang, and no
 * answer may carry an exception's own text. FUZZ_SEED and FUZZ_RUNS replay or widen a run.
 */
const { FUZZ_SEED, FUZZ_RUNS } = processEnvironment();
const SEED = Number(FUZZ_SEED ?? 20_261_124);
export const RUNS = Number(FUZZ_RUNS ?? 40);
/** A request that takes longer than this has hung. Generous: the machine may be loaded. */
export const REQUEST_TIMEOUT_MS = 15_000;
const PASSWORD = 'fuzz-secret-9';
export const METRICS_TOKEN = 'fuzz-metrics-token-0123456789';

export type Who = 'visitor' | 'user' | 'admin' | 'throwaway';

interface ProcedureInfo {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}
export const routerProcedures = appRouter._def.procedures as unknown as Record<
  string,
  ProcedureInfo
>;

/** Every target is also tried signed out (cheaply: most answer 401 before reading their input). */
export const withVisitor = (whos: Who[] | undefined): Who[] => [
  ...new Set<Who>(['visitor', ...(whos ?? [])]),
];

/** Text that belongs to an exception or the database, never to a client. */
const LEAK_TEXT =
  /call stack|TypeError|SyntaxError|RangeError|ReferenceError|Cannot (read|destructure)|is not a function|invalid input syntax|violates|out of range for type|duplicate key|relation "|column "|at [\w.<>]+ \(|node:internal|\.ts:\d+|Unexpected token|in JSON at position|Multipart: |PGlite|postgres/i;
/**
 * Error codes of Fastify and of Node's sockets, always written in capitals: matched as written, since
 * any case would also find them inside random tokens and challenges ("FsT_bK" in a passkey challenge).
 */
const LEAK_CODE = /FST_[A-Z_]+|ECONN[A-Z]+/;
const LEAK = { exec: (text: string) => LEAK_TEXT.exec(text) ?? LEAK_CODE.exec(text) };

/** Rate limits high enough that the fuzz reaches the procedures instead of 429s. */
const generousLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [
    name,
    limit.points > 1 ? { points: 1_000_000, durationSeconds: limit.durationSeconds } : limit,
  ]),
) as Partial<RateLimitSettings>;

export function inputSchemaOf(path: string): z.ZodType | null {
  const input = routerProcedures[path]?._def.inputs[0];
  return input ? (input as z.ZodType) : null;
}

/** JSON text of any value; `undefined` (which JSON.stringify passes through) as nothing. */
export function toJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

/** Calls that end sessions or delete rows run last, so the others find the seeded rows. */
export const lastOnes = (path: string) => /delete|cleanup|logout|changePassword|unsave/i.test(path);

/**
 * A server seeded with listings, a conversation, a report and a review, and its people; `send`,
 * `check` and `fuzz` count what they see into `stats`, and `fuzz` records failures instead of
 * stopping. `what` names the run in the figures printed at the end.
 */
export function useFuzzServer(kind: 'pglite' | 'postgres', what: string) {
  let server: TestServer;
  const cookies: Record<Who, string> = { visitor: '', user: '', admin: '', throwaway: '' };
  const stats = {
    requests: 0,
    answered2xx: 0,
    answered4xx: 0,
    serverErrors: 0,
    leaks: 0,
    hangs: 0,
  };
  const failures: string[] = [];

  async function register(email: string): Promise<string> {
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        firstName: 'Fuzz',
        lastName: 'Person',
        termsAccepted: true,
      }),
    });
    return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }

  async function post(url: string, cookie: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie },
      body: JSON.stringify(body),
    });
    return res.json();
  }

  async function freshThrowaway() {
    cookies.throwaway = await register(`fuzz-throwaway-${Date.now()}-${Math.random()}@example.com`);
  }

  beforeAll(async () => {
    server = await startTestServer(kind, {
      rateLimits: generousLimits,
      // The fuzz sends calls back to back; a tab never does, and the socket's burst limit would cut it off.
      socketLimits: { callBurstPerSocket: 1_000_000, callsPerSecondPerSocket: 1_000_000 },
      operations: { metricsToken: METRICS_TOKEN },
      // Push on, so subscriptions reach the database rather than "push is off".
      push: createPushSender({ ...newVapidKeys(), subject: 'mailto:fuzz@example.com' }),
    });
    cookies.admin = await register(TEST_ADMIN_EMAIL);
    await ensureAdminRole(server.deps);
    cookies.user = await register('fuzz-user@example.com');
    const seller = await register('fuzz-seller@example.com');
    await freshThrowaway();
    // A few rows, so generated small ids find listings, conversations, messages and reports.
    for (const title of ['Oak table', 'Brass lamp', 'Kids bike']) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        title,
        category: 'Furniture',
        listingType: 'single-item',
        priceRange: 'Free',
        address: '1 Elm St',
      })) {
        form.append(k, v);
      }
      await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie: seller, origin: server.origin },
        body: form,
      });
    }
    const conversation = (await post('/api/conversations', cookies.user, { listingId: 1 })) as {
      id?: number;
    };
    if (conversation.id)
      await post(`/api/conversations/${conversation.id}/messages`, cookies.user, {
        content: 'Is it still there?',
      });
    await post('/api/reports', cookies.user, {
      reportedUserId: 3,
      category: 'other',
      description: 'Seems a fake listing to me.',
    });
    await post('/api/reviews', cookies.user, { revieweeId: 3, rating: 4, comment: 'Friendly' });
  }, 120_000);

  afterAll(async () => {
    // The figures of this run, as the brief asks for them in the test's output.
    console.log(
      `fuzz of ${what} on ${kind}: seed ${SEED}, ${RUNS} runs per target: ${JSON.stringify(stats)}`,
    );
    await server.stop();
  });

  /** Sends one HTTP request with a deadline; answers its status and body text, or records a hang. */
  async function send(
    label: string,
    method: string,
    url: string,
    who: Who,
    body?: string | FormData,
    contentType?: string,
  ): Promise<{ status: number; text: string } | null> {
    stats.requests += 1;
    const headers: Record<string, string> = { origin: server.origin };
    if (cookies[who]) headers.cookie = cookies[who];
    if (contentType) headers['content-type'] = contentType;
    try {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      stats.hangs += 1;
      throw new Error(
        `${label}: no answer within ${REQUEST_TIMEOUT_MS} ms (${String(err)}) for ${method} ${url.slice(0, 300)}`,
      );
    }
  }

  /** Fails on a 500 (the status, or a call inside a batch) or on exception text in the answer. */
  function check(label: string, reply: { status: number; text: string }) {
    if (reply.status < 300) stats.answered2xx += 1;
    else if (reply.status < 500) stats.answered4xx += 1;
    let faults = reply.status >= 500 ? 1 : 0;
    try {
      const parsed = JSON.parse(reply.text) as unknown;
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        const error = (
          item as { error?: { json?: { code?: number; data?: { httpStatus?: number } } } } | null
        )?.error?.json;
        if (error && (error.code === -32603 || (error.data?.httpStatus ?? 0) >= 500)) faults += 1;
      }
    } catch {
      // Not JSON: only the status counts.
    }
    if (faults > 0) {
      stats.serverErrors += 1;
      throw new Error(`${label}: answered ${reply.status} ${reply.text.slice(0, 300)}`);
    }
    const leak = LEAK.exec(reply.text);
    if (leak) {
      stats.leaks += 1;
      throw new Error(
        `${label}: the answer carries internal text "${leak[0]}": ${reply.text.slice(0, 300)}`,
      );
    }
  }

  /** Runs a property, recording its counterexample (with the seed to replay it) instead of stopping. */
  async function fuzz<T>(
    label: string,
    arbitrary: fc.Arbitrary<T>,
    property: (value: T) => Promise<void>,
    runs = RUNS,
  ) {
    try {
      await fc.assert(fc.asyncProperty(arbitrary, property), {
        seed: SEED,
        numRuns: runs,
        endOnFailure: true,
      });
    } catch (err) {
      const cause =
        err instanceof Error && err.cause instanceof Error ? ` <- ${err.cause.message}` : '';
      failures.push(
        `${label} (FUZZ_SEED=${SEED}): ${err instanceof Error ? err.message.slice(0, 1200) : String(err)}${cause.slice(0, 1200)}`,
      );
    }
  }

  return {
    get server() {
      return server;
    },
    cookies,
    stats,
    failures,
    freshThrowaway,
    send,
    check,
    fuzz,
  };
}

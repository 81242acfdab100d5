/*
 * What the tests of limits under concurrent guesses share: the limits, how answers are told apart and
 * counted, and the suites' homes (both databases, with the limits counted in memory and in Redis).
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { describeWithService, testDatabaseKinds } from '@yardsale/db/testing';
import { TWO_FACTOR_TEXT, UI_TEXT } from '@yardsale/validators';

import { hashChallengeToken } from '../src/services/sign-in-challenges';
import { TEST_PASSWORD, authenticatorCode, createTestApi, signUpWithTwoFactor } from './testing';
import type { TestApi } from './testing';

export const START = new Date('2026-06-01T12:00:00Z');

/**
 * Lowered where the number does not matter, so the tests stay quick; the five attempts of a sign-in
 * challenge and the ten wrong second-factor codes and deletion secrets per account are the product's own.
 */
const LIMITS = {
  loginByClient: { points: 10_000, durationSeconds: 60 },
  registerByClient: { points: 1000, durationSeconds: 60 },
  loginFailuresByAccount: { points: 25, durationSeconds: 60 * 60 },
  linkAttemptsByClient: { points: 10, durationSeconds: 15 * 60 },
  unsubscribeFailuresByClient: { points: 10, durationSeconds: 15 * 60 },
  passkeySignInOptionsByClient: { points: 5, durationSeconds: 15 * 60 },
};

/** A six-digit code the app would not accept now (nor one step either side). */
export function wrongCode(secret: string, at: Date): string {
  const accepted = new Set(
    [-30_000, 0, 30_000].map((d) => authenticatorCode(secret, new Date(at.getTime() + d))),
  );
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

/** What a client was answered: 'ok', or the refusal's code and message. */
export async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return `${err.code} ${err.message}`;
  }
}

/** How many answers were each outcome. */
export function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

export const WRONG_CODE = `BAD_REQUEST ${TWO_FACTOR_TEXT.wrongCode}`;
export const EXPIRED = `UNAUTHORIZED ${TWO_FACTOR_TEXT.challengeExpired}`;
export const WAIT = `TOO_MANY_REQUESTS ${UI_TEXT.rateLimited}`;

/** Opens a fresh API whose clock reads `now`. */
export type OpenGuessingApi = (now: () => Date) => Promise<TestApi>;

/** Clients, people and sign-in challenges on the API `api()` answers, at `clock`. */
export function guessingSteps(api: () => TestApi, clock: Date) {
  /** `count` clients, made before any call goes out, so their calls start in this order. */
  const clients = (count: number, clientIp = '127.0.0.1') =>
    Promise.all(Array.from({ length: count }, () => api().as(undefined, clientIp)));

  const withTwoFactor = (name: string) => signUpWithTwoFactor(api(), name, clock);

  async function challengeFor(email: string): Promise<string> {
    const result = await (await api().as()).caller.auth.login({ email, password: TEST_PASSWORD });
    if (!('secondFactorRequired' in result)) throw new Error('no second step');
    return result.challenge;
  }

  async function attemptsOf(challenge: string): Promise<number | undefined> {
    const [row] = await api()
      .deps.db.select({ attempts: schema.signInChallenges.attempts })
      .from(schema.signInChallenges)
      .where(eq(schema.signInChallenges.id, hashChallengeToken(challenge)));
    return row?.attempts;
  }

  return { clients, withTwoFactor, challengeFor, attemptsOf };
}

/**
 * Every limit on guesses takes its count before the guess is checked, so guesses sent all at once
 * get no more checks than one after another would. Runs `suite` on each database, with the limits
 * counted in memory and, where TEST_REDIS_URL is set, in Redis.
 */
export function describeConcurrentGuesses(suite: (open: OpenGuessingApi) => void) {
  describe.each(testDatabaseKinds())('limits under concurrent guesses on %s', (kind) => {
    suite((now) => createTestApi(kind, { now, rateLimits: LIMITS }));
  });

  describeWithService(
    'TEST_REDIS_URL',
    'limits under concurrent guesses counted in Redis',
    (url) => {
      let redis: Redis;
      beforeAll(() => {
        redis = new Redis(url);
      });
      afterAll(async () => {
        await redis.quit();
      });

      describe.each(testDatabaseKinds())('on %s', (kind) => {
        suite((now) => createTestApi(kind, { now, rateLimits: LIMITS, redis }));
      });
    },
  );
}

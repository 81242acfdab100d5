import { TRPCError } from '@trpc/server';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

import { PASSWORD_RESET_MAIL_WINDOW_MINUTES, UI_TEXT } from '@yardsale/validators';

/** Points per window, per key. Names are the actions the product limits. */
export const DEFAULT_RATE_LIMITS = {
  /** Sign-in attempts from one client. */
  loginByClient: { points: 30, durationSeconds: 15 * 60 },
  /** Failed sign-ins against one account from one client: stops one guesser without touching the owner elsewhere. */
  loginFailuresByAccountAndClient: { points: 10, durationSeconds: 15 * 60 },
  /** Failed sign-ins against one account from anywhere: the ceiling for a guess spread over many addresses. */
  loginFailuresByAccount: { points: 100, durationSeconds: 60 * 60 },
  /**
   * Addresses an account signed in from (one mark each, kept 14 days): over the ceiling, its owner still
   * gets in from where they usually do. (The in-memory store expires keys with a timer, so under 24 days.)
   */
  knownSignInClient: { points: 1, durationSeconds: 14 * 24 * 60 * 60 },
  /** Wrong passwords or codes given to delete one account: a stolen session cannot guess its way on. */
  accountDeletionFailuresByAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Wrong current passwords given to change the password: a stolen session cannot guess its way on. */
  passwordChangeFailuresByAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Wrong second-factor codes (sign-in's code step, turning two-factor off) for one account. */
  secondFactorFailuresByAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Profile pictures uploaded by one account: each is a costly image decode. */
  profilePictureByAccount: { points: 10, durationSeconds: 60 * 60 },
  /** New accounts from one client. */
  registerByClient: { points: 10, durationSeconds: 60 * 60 },
  /** Messages sent by one account. */
  messagesByAccount: { points: 60, durationSeconds: 60 },
  /** New listings by one account. */
  listingCreateByAccount: { points: 30, durationSeconds: 60 * 60 },
  /** New listings from one client, whatever account. */
  listingCreateByClient: { points: 60, durationSeconds: 60 * 60 },
  /** Reviews written by one account. */
  reviewsByAccount: { points: 20, durationSeconds: 60 * 60 },
  /** Reviews from one client, whatever account. */
  reviewsByClient: { points: 60, durationSeconds: 60 * 60 },
  /** Reports filed by one account. */
  reportsByAccount: { points: 10, durationSeconds: 60 * 60 },
  /** Reports from one client, whatever account. */
  reportsByClient: { points: 30, durationSeconds: 60 * 60 },
  /** Place look-ups ("53703", "Madison, WI") from one client: cheap, but not a free geocoding service. */
  placeLookupByClient: { points: 60, durationSeconds: 60 },
  /** Data exports by one account: each reads all of its rows and photos (decision 069). */
  exportByAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Verification links one account asks to be sent again: each is a mail to someone's inbox. */
  verificationMailByAccount: { points: 5, durationSeconds: 60 * 60 },
  /** "Forgot password?" requests from one client. */
  passwordResetByClient: { points: 10, durationSeconds: 60 * 60 },
  /**
   * Reset links mailed to one account, however many clients ask: one per window, so no inbox is
   * flooded. A link works for an hour and a later one does not end it, so whoever asked, the owner's
   * inbox holds a working link while the window is closed (decision 075).
   */
  passwordResetMailByAccount: {
    points: 1,
    durationSeconds: PASSWORD_RESET_MAIL_WINDOW_MINUTES * 60,
  },
  /** Verification and reset links tried from one client. */
  linkAttemptsByClient: { points: 30, durationSeconds: 15 * 60 },
  /**
   * Unknown tokens sent to the one-click unsubscribe from one client: only misses count, so a mail
   * provider posting many real unsubscribes is not held up, while a guesser is.
   */
  unsubscribeFailuresByClient: { points: 30, durationSeconds: 15 * 60 },
  /** Passkey sign-ins started from one client: each opens a challenge row. */
  passkeySignInOptionsByClient: { points: 60, durationSeconds: 15 * 60 },
  /** Push subscriptions saved by one account: each may cost a DNS look-up and a write. */
  pushSubscribeByAccount: { points: 30, durationSeconds: 60 * 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, { points: number; durationSeconds: number }>;

export class RateLimitedError extends TRPCError {
  constructor(readonly retryAfterSeconds: number) {
    super({ code: 'TOO_MANY_REQUESTS', message: UI_TEXT.rateLimited });
  }
}

export interface RateLimits {
  /**
   * Counts one attempt; throws RateLimitedError when the window is used up. Atomic (in memory and in
   * Redis alike): of concurrent calls, only as many as the limit has points get through.
   */
  consume(name: RateLimitName, key: string): Promise<void>;
  /**
   * Gives back one point consumed in this window: for an attempt refused unchecked, or one that
   * turned out right, where only failures count.
   */
  giveBack(name: RateLimitName, key: string): Promise<void>;
  /** Throws RateLimitedError if the window is already used up, without counting. */
  check(name: RateLimitName, key: string): Promise<void>;
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Marks the key for a fresh window of this limit's duration (used as a memory, not a count). */
  remember(name: RateLimitName, key: string): Promise<void>;
  /** Whether anything was counted or marked for this key in the current window. */
  seen(name: RateLimitName, key: string): Promise<boolean>;
}

/**
 * Rate limits in memory (one instance) or in Redis (shared by every instance) when a client is
 * given, so a limit holds however many servers run.
 */
export function createRateLimits(
  options: {
    redis?: Redis;
    settings?: Partial<RateLimitSettings>;
    /** Put before every key in Redis, so tests sharing one Redis keep their counts apart. */
    keyPrefix?: string;
  } = {},
): RateLimits {
  const settings: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...options.settings };
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, s] of Object.entries(settings) as [
    RateLimitName,
    RateLimitSettings[RateLimitName],
  ][]) {
    const common = {
      keyPrefix: `${options.keyPrefix ?? ''}rl:${name}`,
      points: s.points,
      duration: s.durationSeconds,
    };
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({ ...common, storeClient: options.redis })
        : new RateLimiterMemory(common),
    );
  }
  const limiter = (name: RateLimitName) => {
    const l = limiters.get(name);
    if (!l) throw new Error(`Unknown rate limit ${name}`);
    return l;
  };
  const refused = (res: RateLimiterRes) =>
    new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));

  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw refused(err);
        throw err;
      }
    },
    async giveBack(name, key) {
      const l = limiter(name);
      const res = await l.reward(key, 1);
      // The window ended meanwhile: the reward opened a new one below zero, which would hand the
      // next attempts a point too many. Only this reward's own share is taken back.
      if (res.consumedPoints < 0) await l.penalty(key, Math.min(1, -res.consumedPoints));
    },
    async check(name, key) {
      const l = limiter(name);
      const res = await l.get(key);
      if (res && res.consumedPoints >= l.points) throw refused(res);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    async remember(name, key) {
      await limiter(name).set(key, 1, settings[name].durationSeconds);
    },
    async seen(name, key) {
      const res = await limiter(name).get(key);
      return res !== null && res.consumedPoints > 0;
    },
  };
}

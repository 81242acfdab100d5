import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { TRPCError } from '@trpc/server';
import { Secret, TOTP } from 'otpauth';
import type { Redis } from 'ioredis';

import { createLocalStorage } from '@yardsale/db';
import type { DatabaseHandle, FileStorage } from '@yardsale/db';
import { createTestDatabase } from '@yardsale/db/testing';
import type { ConversationEvent, SessionUser, SignInResult } from '@yardsale/validators';

import { createTRPCContext } from '../src/context';
import { createCaller } from '../src/index';
import type { RateLimitSettings } from '../src/services/rate-limits';
import { createServerDeps } from '../src/services/create';
import { runSavedSearchMatching } from '../src/services/saved-search-matching';
import { ensureAdminRole } from '../src/services/users';
import type { ServerDeps, Logger } from '../src/services/types';
import { MailUnavailableError } from '../src/services/mail';
import type { MailMessage, Mailer } from '../src/services/mail';
import type { PushSender } from '../src/services/push';

/** A mailer that keeps what it is asked to send, for tests that open the links in it. */
export interface RecordingMailer extends Mailer {
  readonly sent: MailMessage[];
  /** The token of the newest link to `page` (e.g. '/verify-email') mailed to `to`; waits for it up to 5 s. */
  tokenFor(to: string, page: string): Promise<string>;
  /**
   * The first `count` messages to `to`, once that many have been sent (links go out after the answer);
   * fails naming how many arrived if they are not all sent within 5 s.
   */
  arrived(to: string, count: number): Promise<MailMessage[]>;
}

/** `off`: as a production server without SMTP_URL, refusing every message. */
export function recordingMailer(options: { off?: boolean } = {}): RecordingMailer {
  const sent: MailMessage[] = [];
  /** Checked at each message sent: a waiter resolves as soon as what it waits for is there. */
  const waiters = new Set<() => void>();
  const find = (to: string, page: string) => {
    for (const message of [...sent].reverse()) {
      if (message.to !== to) continue;
      const match = new RegExp(`https?://[^\\s"<>]*${page}\\?token=([A-Za-z0-9_-]+)`).exec(
        message.text,
      );
      if (match?.[1]) return match[1];
    }
    return null;
  };
  return {
    mode: options.off ? 'off' : 'outbox',
    sent,
    send(message) {
      if (options.off) return Promise.reject(new MailUnavailableError());
      sent.push(message);
      for (const check of waiters) check();
      return Promise.resolve();
    },
    async arrived(to, count) {
      const mailsTo = () => sent.filter((m) => m.to === to);
      let check: () => void = () => undefined;
      try {
        return await within(
          new Promise<MailMessage[]>((resolve) => {
            check = () => {
              const got = mailsTo();
              if (got.length >= count) resolve(got.slice(0, count));
            };
            waiters.add(check);
            check();
          }),
          5000,
          () => `${count} messages to ${to}; ${mailsTo().length} arrived`,
        );
      } finally {
        waiters.delete(check);
      }
    },
    async tokenFor(to, page) {
      // Reset links are sent after the answer, so a test may ask before the mail is out.
      const deadline = Date.now() + 5000;
      for (;;) {
        const token = find(to, page);
        if (token) return token;
        if (Date.now() > deadline) throw new Error(`no ${page} link was mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

export const TEST_ADMIN_EMAIL = 'admin@yardsale.test';
/** The password of everyone `signUp` registers. */
export const TEST_PASSWORD = 'neighbour-pass';

/** Collects what the API logs, so a test can assert a fault was logged (and nothing else is printed). */
export function recordingLogger(): Logger & {
  entries: { level: string; obj: object; msg?: string }[];
} {
  const entries: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => entries.push({ level, obj, msg });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

export interface TestApi {
  deps: ServerDeps;
  handle: DatabaseHandle;
  uploadsDir: string;
  logger: ReturnType<typeof recordingLogger>;
  /** Every mail the API sent. */
  mail: RecordingMailer;
  /** A caller as a client with this Cookie header (or none) would be; records response headers. */
  /** `signal` ends the caller's subscriptions, as a closed connection would. */
  as(
    cookieHeader?: string,
    clientIp?: string,
    signal?: AbortSignal,
  ): Promise<{
    caller: ReturnType<typeof createCaller>;
    headers: [string, string][];
    /** The `name=value` part of the Set-Cookie sent, for use as the next request's Cookie header. */
    cookie(): string | undefined;
  }>;
  /**
   * Registers a new person (unique e-mail), opens the verification link mailed to them (unless
   * `verified: false`), and answers them with a signed-in caller.
   */
  signUp(
    firstName?: string,
    details?: { lastName?: string; email?: string; verified?: boolean },
  ): Promise<{
    user: Awaited<ReturnType<ReturnType<typeof createCaller>['auth']['register']>>;
    cookie: string | undefined;
    caller: ReturnType<typeof createCaller>;
  }>;
  /** Registers the configured admin address and promotes it as a server start would on a database without an admin. */
  signUpAdmin(firstName?: string): ReturnType<TestApi['signUp']>;
  /**
   * Matches every new listing waiting for the saved searches, as a server's matcher does after the
   * listing's creation commits (decision 077); answers how many it matched.
   */
  matchListings(): Promise<number>;
  close(): Promise<void>;
}

/** A fresh, migrated, empty database with the server's dependencies on it; the clock can be moved. */
export async function createTestApi(
  kind: 'pglite' | 'postgres',
  options: {
    rateLimits?: Partial<RateLimitSettings>;
    now?: () => Date;
    /** Sees every statement the API sends. */
    onQuery?: (query: string) => void;
    /** Photos here (e.g. a bucket) instead of the temp folder `uploadsDir`. */
    storage?: FileStorage;
    /** Mail is off, as on a production server without SMTP_URL. */
    mailOff?: boolean;
    /** Sends web push (to a test push service); off when not given. */
    push?: PushSender;
    /** Rate limits counted in this Redis (under a key prefix of this API's own) instead of in memory. */
    redis?: Redis;
  } = {},
): Promise<TestApi> {
  const handle = await createTestDatabase(kind, { onQuery: options.onQuery });
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-uploads-'));
  const logger = recordingLogger();
  const mail = recordingMailer({ off: options.mailOff });
  const rateLimitKeyPrefix = options.redis ? `test-${randomUUID()}:` : undefined;
  let signUps = 0;
  const deps = createServerDeps({
    mail,
    db: handle.db,
    storage: options.storage ?? createLocalStorage(uploadsDir),
    logger,
    config: { adminEmail: TEST_ADMIN_EMAIL, secureCookies: false },
    rateLimits: options.rateLimits,
    now: options.now,
    push: options.push ?? null,
    redis: options.redis,
    rateLimitKeyPrefix,
  });
  const api: TestApi = {
    deps,
    handle,
    uploadsDir,
    logger,
    mail,
    async as(cookieHeader, clientIp = '127.0.0.1', signal) {
      const headers: [string, string][] = [];
      const ctx = await createTRPCContext(deps, {
        cookieHeader,
        clientIp,
        setHeader: (name, value) => headers.push([name, value]),
      });
      return {
        caller: createCaller(ctx, { signal }),
        headers,
        cookie: () => {
          const set = headers.filter(([n]) => n.toLowerCase() === 'set-cookie').at(-1)?.[1];
          return set?.split(';')[0];
        },
      };
    },
    async signUp(firstName = 'Neighbour', details = {}) {
      signUps += 1;
      const client = await api.as();
      const user = await client.caller.auth.register({
        email: details.email ?? `person-${signUps}-${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        firstName,
        lastName: details.lastName ?? 'Lane',
        termsAccepted: true,
      });
      const cookie = client.cookie();
      if (details.verified === false)
        return { user, cookie, caller: (await api.as(cookie)).caller };
      await client.caller.auth.verifyEmail({
        token: await mail.tokenFor(user.email, '/verify-email'),
      });
      return {
        user: { ...user, emailVerified: true },
        cookie,
        caller: (await api.as(cookie)).caller,
      };
    },
    async signUpAdmin(firstName = 'Ada') {
      const person = await api.signUp(firstName, { email: TEST_ADMIN_EMAIL });
      await ensureAdminRole(deps);
      // A fresh context reads the role the start just granted.
      const client = await api.as(person.cookie);
      const user = await client.caller.auth.me();
      if (!user) throw new Error('the admin is not signed in');
      return { ...person, user, caller: client.caller };
    },
    async matchListings() {
      let matched = 0;
      for (;;) {
        const result = await runSavedSearchMatching(deps);
        matched += result.matched;
        if (result.matched + result.failed === 0) return matched;
      }
    },
    async close() {
      if (options.redis && rateLimitKeyPrefix) {
        const counted = await options.redis.keys(`${rateLimitKeyPrefix}*`);
        if (counted.length > 0) await options.redis.del(...counted);
      }
      await handle.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  return api;
}

/**
 * The admin of the API `api()` answers: signed up with the configured admin address at the first call
 * (a database has one such address), the same person at every later one.
 */
export function adminOnFirstUse(api: () => TestApi): () => ReturnType<TestApi['signUpAdmin']> {
  let admin: Awaited<ReturnType<TestApi['signUpAdmin']>> | undefined;
  return async () => {
    admin ??= await api().signUpAdmin('Ada');
    return admin;
  };
}

/** The user a sign-in answered; fails when it asked for a second factor instead. */
export function signedInUser(result: SignInResult): SessionUser {
  if ('secondFactorRequired' in result) throw new Error('the sign-in asked for a second factor');
  return result;
}

/** The TRPCError a call is refused with (fails if it succeeds or throws something else). */
export async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(err)}`);
  return err;
}

/**
 * Waits for something a test expects to happen, never longer than `ms`: resolves with it, or fails
 * naming what did not happen (`what` is read when the time is up, so it can tell how far things got).
 */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string | (() => string),
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`waited ${ms} ms for ${typeof what === 'string' ? what : what()}`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until `condition` holds, checking every 10 ms, never longer than `ms`; fails naming what did not
 * happen (`what` is read when the time is up). For state another task writes with nothing to await (e.g. a fire-and-forget database write).
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  what: string | (() => string),
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`waited ${ms} ms for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The newest event id of a user: a live stream resumed from it is sent exactly what happens next. */
export { latestEventId } from '../src/services/conversation-events';

/** Reads the next `count` events of a live stream, failing if they have not all arrived within 10 s. */
export async function take(
  stream: AsyncIterable<unknown>,
  count: number,
): Promise<{ id: string; data: ConversationEvent }[]> {
  const got: { id: string; data: ConversationEvent }[] = [];
  const iterator = stream[Symbol.asyncIterator]();
  const deadline = Date.now() + 10_000;
  while (got.length < count) {
    const next = await within(
      iterator.next(),
      deadline - Date.now(),
      () => `${count} events; only ${got.length} arrived`,
    );
    if (next.done) break;
    // Tracked events arrive as [id, data, symbol]-shaped envelopes from the caller.
    const value = next.value as
      { id: string; data: ConversationEvent } | [string, ConversationEvent];
    got.push(Array.isArray(value) ? { id: value[0], data: value[1] } : value);
  }
  return got;
}

/** The code an authenticator app would show for this secret at this moment. */
export function authenticatorCode(secret: string, at: Date): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: at.getTime() });
}

/** Registers a person and turns on their authenticator app at `at`; answers its secret and recovery codes. */
export async function signUpWithTwoFactor(api: TestApi, firstName: string, at: Date) {
  const person = await api.signUp(firstName);
  const setup = await person.caller.account.totpSetup();
  const { recoveryCodes } = await person.caller.account.totpEnable({
    secret: setup.secret,
    code: authenticatorCode(setup.secret, at),
  });
  return { person, secret: setup.secret, recoveryCodes };
}

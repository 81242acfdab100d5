import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { describeWithService, testDatabaseKinds } from '@yardsale/db/testing';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  NOTIFICATION_TEXT,
  PASSKEY_TEXT,
  TWO_FACTOR_TEXT,
  UI_TEXT,
} from '@yardsale/validators';

import { unsubscribeTokenOf } from '../services/notifications';
import { relyingParty } from '../services/passkeys';
import { hashChallengeToken } from '../services/sign-in-challenges';
import {
  TEST_PASSWORD,
  authenticatorCode,
  createTestApi,
  signUpWithTwoFactor,
  signedInUser,
} from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { softwareAuthenticator } from '../../test/webauthn-testing';

const START = new Date('2026-06-01T12:00:00Z');

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
function wrongCode(secret: string, at: Date): string {
  const accepted = new Set(
    [-30_000, 0, 30_000].map((d) => authenticatorCode(secret, new Date(at.getTime() + d))),
  );
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

/** What a client was answered: 'ok', or the refusal's code and message. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return `${err.code} ${err.message}`;
  }
}

/** How many answers were each outcome. */
function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

const WRONG_CODE = `BAD_REQUEST ${TWO_FACTOR_TEXT.wrongCode}`;
const EXPIRED = `UNAUTHORIZED ${TWO_FACTOR_TEXT.challengeExpired}`;
const WAIT = `TOO_MANY_REQUESTS ${UI_TEXT.rateLimited}`;

/**
 * Every limit on guesses takes its count before the guess is checked, so guesses sent all at once
 * get no more checks than one after another would.
 */
function concurrentGuesses(open: (now: () => Date) => Promise<TestApi>) {
  let api: TestApi;
  const clock = START;

  beforeAll(async () => {
    api = await open(() => clock);
  });
  afterAll(async () => {
    await api.close();
  });

  /** `count` clients, made before any call goes out, so their calls start in this order. */
  const clients = (count: number, clientIp = '127.0.0.1') =>
    Promise.all(Array.from({ length: count }, () => api.as(undefined, clientIp)));

  const withTwoFactor = (name: string) => signUpWithTwoFactor(api, name, clock);

  async function challengeFor(email: string): Promise<string> {
    const result = await (await api.as()).caller.auth.login({ email, password: TEST_PASSWORD });
    if (!('secondFactorRequired' in result)) throw new Error('no second step');
    return result.challenge;
  }

  async function attemptsOf(challenge: string): Promise<number | undefined> {
    const [row] = await api.deps.db
      .select({ attempts: schema.signInChallenges.attempts })
      .from(schema.signInChallenges)
      .where(eq(schema.signInChallenges.id, hashChallengeToken(challenge)));
    return row?.attempts;
  }

  it('checks five of 60 wrong codes sent at once to one sign-in challenge', async () => {
    const { person, secret } = await withTwoFactor('Gus');
    const challenge = await challengeFor(person.user.email);
    const code = wrongCode(secret, clock);
    const answers = await Promise.all(
      (await clients(60)).map((c) =>
        outcome(c.caller.auth.signInSecondFactor({ challenge, code })),
      ),
    );
    expect(tally(answers)).toEqual({ [WRONG_CODE]: 5, [EXPIRED]: 55 });
    expect(await attemptsOf(challenge)).toBe(5);
  });

  it('refuses the right code sent together with 59 wrong ones once they have taken the five attempts', async () => {
    const { person, secret } = await withTwoFactor('Hal');
    const challenge = await challengeFor(person.user.email);
    const devices = await clients(60);
    const codes = [
      ...Array<string>(59).fill(wrongCode(secret, clock)),
      authenticatorCode(secret, clock),
    ];
    const answers = await Promise.all(
      devices.map((c, i) =>
        outcome(c.caller.auth.signInSecondFactor({ challenge, code: codes[i] ?? '' })),
      ),
    );
    expect(tally(answers)).toEqual({ [WRONG_CODE]: 5, [EXPIRED]: 55 });
    expect(answers.at(-1)).toBe(EXPIRED);
    expect(devices.every((d) => d.cookie() === undefined)).toBe(true);
    // The refused answers were not counted against the account: a new sign-in with the code works.
    const device = await api.as();
    const user = await device.caller.auth.signInSecondFactor({
      challenge: await challengeFor(person.user.email),
      code: authenticatorCode(secret, clock),
    });
    expect(user.id).toBe(person.user.id);
    expect(device.cookie()).toMatch(/^yardsale_session=/);
  });

  it('checks the account’s ten of 15 wrong codes sent at once to each of 20 sign-in challenges', async () => {
    const { person, secret } = await withTwoFactor('Ida');
    const challenges: string[] = [];
    for (let i = 0; i < 20; i += 1) challenges.push(await challengeFor(person.user.email));
    const code = wrongCode(secret, clock);
    const devices = await clients(300);
    const answers = await Promise.all(
      devices.map((c, i) =>
        outcome(c.caller.auth.signInSecondFactor({ challenge: challenges[i % 20] ?? '', code })),
      ),
    );
    // Each challenge lets five through to the account's limit, which checks ten of those.
    expect(tally(answers)).toEqual({ [WRONG_CODE]: 10, [WAIT]: 90, [EXPIRED]: 200 });
    const refused = devices.filter((_, i) => answers[i] === WAIT);
    expect(
      refused.every((d) => Number(d.headers.find(([n]) => n === 'Retry-After')?.[1]) > 0),
    ).toBe(true);
    // Even the right code waits now.
    const late = await outcome(
      (await api.as()).caller.auth.signInSecondFactor({
        challenge: await challengeFor(person.user.email),
        code: authenticatorCode(secret, clock),
      }),
    );
    expect(late).toBe(WAIT);
  });

  it('spends a recovery code once when it is sent to five sign-ins at once', async () => {
    const { person, recoveryCodes } = await withTwoFactor('Jo');
    const challenges: string[] = [];
    for (let i = 0; i < 5; i += 1) challenges.push(await challengeFor(person.user.email));
    const code = recoveryCodes[0] ?? '';
    const answers = await Promise.all(
      (await clients(5)).map((c, i) =>
        outcome(c.caller.auth.signInSecondFactor({ challenge: challenges[i] ?? '', code })),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 1, [WRONG_CODE]: 4 });
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(9);
  });

  it('checks the ceiling’s 25 of 300 wrong passwords sent at once from 300 addresses, and still lets the owner in where they usually sign in', async () => {
    const { user } = await api.signUp('Kit');
    const usual = '192.0.2.70';
    signedInUser(
      await (
        await api.as(undefined, usual)
      ).caller.auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      }),
    );
    const guessers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        api.as(undefined, `10.${String(Math.floor(i / 250))}.${String(i % 250)}.9`),
      ),
    );
    const answers = await Promise.all(
      guessers.map((g, i) =>
        outcome(g.caller.auth.login({ email: user.email, password: `guess-${String(i)}` })),
      ),
    );
    expect(tally(answers)).toEqual({
      [`UNAUTHORIZED ${UI_TEXT.signIn.wrongCredentials}`]: 25,
      [WAIT]: 275,
    });
    const elsewhere = await outcome(
      (await api.as(undefined, '192.0.2.71')).caller.auth.login({
        email: user.email,
        password: TEST_PASSWORD,
      }),
    );
    expect(elsewhere).toBe(WAIT);
    const owner = await (
      await api.as(undefined, usual)
    ).caller.auth.login({
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signedInUser(owner).id).toBe(user.id);
  });

  it('checks ten of 40 wrong passwords sent at once to delete an account, and refuses the right one sent after them', async () => {
    const { user, cookie } = await api.signUp('Lou');
    const sessions = await Promise.all(Array.from({ length: 41 }, () => api.as(cookie)));
    const answers = await Promise.all(
      sessions.map((s, i) =>
        outcome(
          s.caller.account.delete({
            password: i < 40 ? `not-it-${String(i)}` : TEST_PASSWORD,
            confirmation: DELETE_ACCOUNT_CONFIRMATION,
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({
      [`BAD_REQUEST ${UI_TEXT.deleteAccount.wrongPassword}`]: 10,
      [WAIT]: 31,
    });
    expect(answers.at(-1)).toBe(WAIT);
    expect((await (await api.as(cookie)).caller.auth.me())?.id).toBe(user.id);
  });

  it('checks ten of 30 wrong current passwords sent at once to change the password, and refuses the right one sent after them', async () => {
    const { user, cookie } = await api.signUp('Ned');
    const sessions = await Promise.all(Array.from({ length: 31 }, () => api.as(cookie)));
    const answers = await Promise.all(
      sessions.map((s, i) =>
        outcome(
          s.caller.auth.changePassword({
            currentPassword: i < 30 ? `not-it-${String(i)}` : TEST_PASSWORD,
            newPassword: 'a-new-pass-1',
            confirmPassword: 'a-new-pass-1',
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({
      [`BAD_REQUEST ${UI_TEXT.password.wrongCurrent}`]: 10,
      [WAIT]: 21,
    });
    expect(answers.at(-1)).toBe(WAIT);
    // The password is unchanged: the old one still signs in.
    const again = await (
      await api.as()
    ).caller.auth.login({
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signedInUser(again).id).toBe(user.id);
  });

  it('checks ten of 30 wrong codes sent at once to turn two-factor off, and refuses the right one sent after them', async () => {
    const { person, secret } = await withTwoFactor('Mo');
    const sessions = await Promise.all(Array.from({ length: 31 }, () => api.as(person.cookie)));
    const code = wrongCode(secret, clock);
    const answers = await Promise.all(
      sessions.map((s, i) =>
        outcome(
          s.caller.account.totpDisable({
            password: TEST_PASSWORD,
            code: i < 30 ? code : authenticatorCode(secret, clock),
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ [WRONG_CODE]: 10, [WAIT]: 21 });
    expect((await person.caller.account.security()).totpEnabled).toBe(true);
  });

  it('checks ten of 30 wrong passwords sent at once to remove a passkey, and refuses the right one sent after them', async () => {
    const person = await api.signUp('Ned');
    const device = softwareAuthenticator(relyingParty(api.deps.config).origin);
    const { token, options } = await person.caller.passkeys.registrationOptions();
    const created = device.create(options);
    await person.caller.passkeys.register({ token, name: 'Phone', response: created.response });
    const sessions = await Promise.all(Array.from({ length: 31 }, () => api.as(person.cookie)));
    const answers = await Promise.all(
      sessions.map((s, i) =>
        outcome(
          s.caller.passkeys.remove({
            id: created.passkey.id,
            password: i < 30 ? `not-it-${String(i)}` : TEST_PASSWORD,
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({
      [`BAD_REQUEST ${PASSKEY_TEXT.wrongPassword}`]: 10,
      [WAIT]: 21,
    });
    expect((await person.caller.account.security()).passkeys).toHaveLength(1);
  });

  it('checks five of 60 unknown passkey answers sent at once to one passkey sign-in', async () => {
    const stranger = softwareAuthenticator(relyingParty(api.deps.config).origin);
    const notAdded = stranger.create({
      challenge: 'x',
      rp: { id: relyingParty(api.deps.config).rpID },
      user: { id: 'eA' },
    }).passkey;
    const { token, options } = await (
      await api.as(undefined, '192.0.2.80')
    ).caller.passkeys.signInOptions({});
    const response = stranger.get(options, notAdded);
    const answers = await Promise.all(
      (await clients(60)).map((c) => outcome(c.caller.passkeys.signIn({ token, response }))),
    );
    expect(tally(answers)).toEqual({
      [`BAD_REQUEST ${PASSKEY_TEXT.notRecognized}`]: 5,
      [`UNAUTHORIZED ${PASSKEY_TEXT.expired}`]: 55,
    });
  });

  it('counts passkey sign-ins started from one address: of 12 at once, five open a challenge', async () => {
    const rows = () =>
      api.deps.db.$count(
        schema.signInChallenges,
        eq(schema.signInChallenges.purpose, 'passkey-sign-in'),
      );
    const before = await rows();
    const starts = await clients(12, '198.51.100.90');
    const answers = await Promise.all(
      starts.map((c) => outcome(c.caller.passkeys.signInOptions({}))),
    );
    expect(tally(answers)).toEqual({ ok: 5, [WAIT]: 7 });
    expect(await rows()).toBe(before + 5);
    const refused = starts.filter((_, i) => answers[i] === WAIT);
    expect(
      refused.every((d) => Number(d.headers.find(([n]) => n === 'Retry-After')?.[1]) > 0),
    ).toBe(true);
    // Another address is not held up.
    const other = await (
      await api.as(undefined, '198.51.100.91')
    ).caller.passkeys.signInOptions({});
    expect(other.token.length).toBeGreaterThan(20);
  });

  it('checks ten of 30 unknown mailed-link tokens sent at once from one client, and refuses a real one sent after them', async () => {
    const person = await api.signUp('Oz', { verified: false });
    const real = await api.mail.tokenFor(person.user.email, '/verify-email');
    const answers = await Promise.all(
      (await clients(31, '203.0.113.77')).map((c, i) =>
        outcome(c.caller.auth.verifyEmail({ token: i < 30 ? `made-up-token-${String(i)}` : real })),
      ),
    );
    expect(tally(answers)).toEqual({
      [`BAD_REQUEST ${UI_TEXT.account.verify.invalidLink}`]: 10,
      [WAIT]: 21,
    });
    expect((await (await api.as(person.cookie)).caller.auth.me())?.emailVerified).toBe(false);
    // The link itself still works, from anywhere else.
    await (await api.as(undefined, '203.0.113.79')).caller.auth.verifyEmail({ token: real });
    expect((await (await api.as(person.cookie)).caller.auth.me())?.emailVerified).toBe(true);
  });

  it('checks ten of 30 unknown unsubscribe tokens sent at once from one client, and refuses a real one sent after them', async () => {
    const person = await api.signUp('Pia');
    const real = await unsubscribeTokenOf(api.deps.db, person.user.id);
    const answers = await Promise.all(
      (await clients(31, '203.0.113.78')).map((c, i) =>
        outcome(
          c.caller.notifications.unsubscribeEmail({
            token: i < 30 ? `nope-${String(i)}` : real,
            kind: 'review',
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({
      [`NOT_FOUND ${NOTIFICATION_TEXT.unsubscribeInvalid}`]: 10,
      [WAIT]: 21,
    });
    expect((await person.caller.notifications.settings()).review.email).toBe(true);
  });
}

describe.each(testDatabaseKinds())('limits under concurrent guesses on %s', (kind) => {
  concurrentGuesses((now) => createTestApi(kind, { now, rateLimits: LIMITS }));
});

describeWithService('TEST_REDIS_URL', 'limits under concurrent guesses counted in Redis', (url) => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    await redis.quit();
  });

  describe.each(testDatabaseKinds())('on %s', (kind) => {
    concurrentGuesses((now) => createTestApi(kind, { now, rateLimits: LIMITS, redis }));
  });
});

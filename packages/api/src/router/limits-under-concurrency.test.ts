import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT, PASSKEY_TEXT, UI_TEXT } from '@yardsale/validators';

import { unsubscribeTokenOf } from '../services/notifications';
import { relyingParty } from '../services/passkeys';
import {
  EXPIRED,
  START,
  WAIT,
  WRONG_CODE,
  describeConcurrentGuesses,
  guessingSteps,
  outcome,
  tally,
  wrongCode,
} from '../../test/concurrent-guesses-testing';
import type { OpenGuessingApi } from '../../test/concurrent-guesses-testing';
import { TEST_PASSWORD, authenticatorCode } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { softwareAuthenticator } from '../../test/webauthn-testing';

/** Second-factor codes, passkey answers and mailed tokens (passwords are in limits-under-concurrency-passwords.test.ts). */
function codeAndTokenGuesses(open: OpenGuessingApi) {
  let api: TestApi;
  const clock = START;

  beforeAll(async () => {
    api = await open(() => clock);
  });
  afterAll(async () => {
    await api.close();
  });

  const { clients, withTwoFactor, challengeFor, attemptsOf } = guessingSteps(() => api, clock);

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

describeConcurrentGuesses(codeAndTokenGuesses);

import { afterAll, beforeAll, expect, it } from 'vitest';

import { DELETE_ACCOUNT_CONFIRMATION, PASSKEY_TEXT, UI_TEXT } from '@yardsale/validators';

import { relyingParty } from '../services/passkeys';
import {
  START,
  WAIT,
  describeConcurrentGuesses,
  outcome,
  tally,
} from '../../test/concurrent-guesses-testing';
import type { OpenGuessingApi } from '../../test/concurrent-guesses-testing';
import { TEST_PASSWORD, signedInUser } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { softwareAuthenticator } from '../../test/webauthn-testing';

/** Passwords: signing in, deleting the account, changing the password, removing a passkey. */
function passwordGuesses(open: OpenGuessingApi) {
  let api: TestApi;
  const clock = START;

  beforeAll(async () => {
    api = await open(() => clock);
  });
  afterAll(async () => {
    await api.close();
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
          s.caller.account.changePassword({
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
}

describeConcurrentGuesses(passwordGuesses);

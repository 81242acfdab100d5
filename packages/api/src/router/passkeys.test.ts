import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_PASSKEYS_PER_ACCOUNT, PASSKEY_TEXT, TWO_FACTOR_TEXT } from '@yardsale/validators';
import type { SignInResult } from '@yardsale/validators';

import { relyingParty } from '../services/passkeys';
import {
  TEST_PASSWORD,
  authenticatorCode,
  createTestApi,
  refusal,
  signUpWithTwoFactor,
  signedInUser,
} from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { softwareAuthenticator } from '../../test/webauthn-testing';
import type { SoftwarePasskey } from '../../test/webauthn-testing';

type Authenticator = ReturnType<typeof softwareAuthenticator>;

function challengeOf(result: SignInResult) {
  if (!('secondFactorRequired' in result))
    throw new Error('the sign-in asked for no second factor');
  return result;
}

describe.each(testDatabaseKinds())('passkeys on %s', (kind) => {
  let api: TestApi;
  let device: Authenticator;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: {
        loginByClient: { points: 1000, durationSeconds: 60 },
        registerByClient: { points: 1000, durationSeconds: 60 },
      },
    });
    device = softwareAuthenticator(relyingParty(api.deps.config).origin);
  });
  afterAll(async () => {
    await api.close();
  });

  /** A new neighbour with one passkey on `device`. */
  async function withPasskey(name = 'Laptop') {
    const person = await api.signUp('Pat');
    const { token, options } = await person.caller.account.passkeyRegistrationOptions();
    const created = device.create(options);
    const { recoveryCodes } = await person.caller.account.passkeyRegister({
      token,
      name,
      response: created.response,
    });
    return { ...person, passkey: created.passkey, recoveryCodes };
  }

  /** A sign-in with the password that stops at the second step, from a new client. */
  async function passwordStep(email: string) {
    const client = await api.as();
    const step = challengeOf(
      await client.caller.auth.login({ email, password: TEST_PASSWORD, rememberMe: false }),
    );
    return { client, step };
  }

  async function passwordLess(passkey: SoftwarePasskey, remember = false) {
    const client = await api.as();
    const { token, options } = await client.caller.auth.passkeySignInOptions({});
    const user = await client.caller.auth.passkeySignIn({
      token,
      response: device.get(options, passkey),
      remember,
    });
    return { user, cookie: client.cookie() };
  }

  it('still answers under the old passkeys.* names: added, signed in with and removed as before', async () => {
    const person = await api.signUp('Pat');
    const { token, options } = await person.caller.passkeys.registrationOptions();
    const created = device.create(options);
    expect(
      await person.caller.passkeys.register({ token, name: 'Old tab', response: created.response }),
    ).toEqual({ success: true, recoveryCodes: expect.any(Array) as string[] });
    const client = await api.as();
    const started = await client.caller.passkeys.signInOptions({});
    const user = await client.caller.passkeys.signIn({
      token: started.token,
      response: device.get(started.options, created.passkey),
    });
    expect(user.id).toBe(person.user.id);
    expect(
      await person.caller.passkeys.remove({ id: created.passkey.id, password: TEST_PASSWORD }),
    ).toEqual({ success: true });
    expect((await person.caller.account.security()).passkeys).toEqual([]);
  });

  it('adds a passkey, listed in Settings, and then asks for it after the password', async () => {
    const person = await withPasskey('Kitchen tablet');
    const security = await person.caller.account.security();
    expect(security.passkeys).toEqual([
      {
        id: person.passkey.id,
        name: 'Kitchen tablet',
        createdAt: expect.any(Date) as Date,
        lastUsedAt: null,
      },
    ]);

    const client = await api.as();
    const result = await client.caller.auth.login({
      email: person.user.email,
      password: TEST_PASSWORD,
      rememberMe: false,
    });
    expect(result).toMatchObject({
      secondFactorRequired: true,
      methods: ['passkey', 'recovery-code'],
    });
    // The password alone starts no session.
    expect(client.cookie()).toBeUndefined();
  });

  it('offers only new passkeys: the ones already added are excluded', async () => {
    const person = await withPasskey();
    const { options } = await person.caller.account.passkeyRegistrationOptions();
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([person.passkey.id]);
    expect(options.rp).toEqual({ name: 'YardSale', id: relyingParty(api.deps.config).rpID });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
  });

  it('signs in password-less, and keeps the use', async () => {
    const person = await withPasskey();
    const { user, cookie } = await passwordLess(person.passkey);
    expect(user.id).toBe(person.user.id);
    const me = await (await api.as(cookie)).caller.auth.me();
    expect(me?.id).toBe(person.user.id);

    const [row] = await api.handle.db
      .select()
      .from(schema.passkeys)
      .where(eq(schema.passkeys.id, person.passkey.id));
    expect(row?.counter).toBe(person.passkey.counter);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('completes a sign-in after the password as its second factor', async () => {
    const person = await withPasskey();
    const client = await api.as();
    const step = challengeOf(
      await client.caller.auth.login({
        email: person.user.email,
        password: TEST_PASSWORD,
        rememberMe: true,
      }),
    );
    const { token, options } = await client.caller.auth.passkeySignInOptions({
      challenge: step.challenge,
    });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([person.passkey.id]);
    const response = device.get(options, person.passkey);
    const user = await client.caller.auth.passkeySignIn({ token, response });
    expect(user.id).toBe(person.user.id);
    expect(client.cookie()).toBeDefined();
    expect((await (await api.as(client.cookie())).caller.auth.me())?.id).toBe(person.user.id);

    // The sign-in is spent: the same answer opens no second session.
    const again = await refusal((await api.as()).caller.auth.passkeySignIn({ token, response }));
    expect(again.code).toBe('UNAUTHORIZED');
  });

  it('refuses a replayed answer, another account’s passkey, and another site’s answer', async () => {
    const owner = await withPasskey();
    const other = await withPasskey();

    // Replay: an answer to spent options does not answer new ones.
    const first = await api.as();
    const used = await first.caller.auth.passkeySignInOptions({});
    const answer = device.get(used.options, owner.passkey);
    await first.caller.auth.passkeySignIn({ token: used.token, response: answer });
    const fresh = await (await api.as()).caller.auth.passkeySignInOptions({});
    const replayed = await refusal(
      (await api.as()).caller.auth.passkeySignIn({ token: fresh.token, response: answer }),
    );
    expect(replayed).toMatchObject({ code: 'BAD_REQUEST', message: PASSKEY_TEXT.notRecognized });

    // The other neighbour's passkey is no second factor for the owner's password.
    const client = await api.as();
    const step = challengeOf(
      await client.caller.auth.login({
        email: owner.user.email,
        password: TEST_PASSWORD,
        rememberMe: false,
      }),
    );
    const { token, options } = await client.caller.auth.passkeySignInOptions({
      challenge: step.challenge,
    });
    const wrongKey = await refusal(
      client.caller.auth.passkeySignIn({ token, response: device.get(options, other.passkey) }),
    );
    expect(wrongKey).toMatchObject({ code: 'BAD_REQUEST', message: PASSKEY_TEXT.notRecognized });
    expect(client.cookie()).toBeUndefined();

    // An answer made for another site's page.
    const elsewhere = await refusal(
      client.caller.auth.passkeySignIn({
        token,
        response: device.get(options, owner.passkey, { origin: 'https://yardsale.example.net' }),
      }),
    );
    expect(elsewhere.code).toBe('BAD_REQUEST');

    // Each wrong answer counted: after five the sign-in must start again with the password.
    for (let i = 0; i < 3; i += 1) {
      await refusal(
        client.caller.auth.passkeySignIn({ token, response: device.get(options, other.passkey) }),
      );
    }
    const spent = await refusal(
      client.caller.auth.passkeySignIn({ token, response: device.get(options, owner.passkey) }),
    );
    expect(spent.code).toBe('UNAUTHORIZED');
    expect(client.cookie()).toBeUndefined();
  });

  it('refuses an unknown passkey and a password-less token used as a second factor', async () => {
    const stranger = softwareAuthenticator(relyingParty(api.deps.config).origin);
    const notAdded = stranger.create({
      challenge: 'x',
      rp: { id: relyingParty(api.deps.config).rpID },
      user: { id: 'eA' },
    }).passkey;
    const client = await api.as();
    const { token, options } = await client.caller.auth.passkeySignInOptions({});
    const unknown = await refusal(
      client.caller.auth.passkeySignIn({ token, response: stranger.get(options, notAdded) }),
    );
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST', message: PASSKEY_TEXT.notRecognized });

    const expired = await refusal(client.caller.auth.passkeySignInOptions({ challenge: token }));
    expect(expired).toMatchObject({
      code: 'UNAUTHORIZED',
      message: TWO_FACTOR_TEXT.challengeExpired,
    });
  });

  it('keeps a registration to the account that asked for it', async () => {
    const asker = await api.signUp('Asker');
    const other = await api.signUp('Other');
    const { token, options } = await asker.caller.account.passkeyRegistrationOptions();
    const created = device.create(options);
    const refused = await refusal(
      other.caller.account.passkeyRegister({ token, name: 'Borrowed', response: created.response }),
    );
    expect(refused.code).toBe('UNAUTHORIZED');
    expect((await other.caller.account.security()).passkeys).toEqual([]);
  });

  it('removes a passkey with the password only, and never another account’s', async () => {
    const person = await withPasskey();
    const other = await withPasskey();

    const wrong = await refusal(
      person.caller.account.passkeyRemove({ id: person.passkey.id, password: 'not-the-password' }),
    );
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: PASSKEY_TEXT.wrongPassword });

    const notTheirs = await refusal(
      person.caller.account.passkeyRemove({ id: other.passkey.id, password: TEST_PASSWORD }),
    );
    expect(notTheirs.code).toBe('NOT_FOUND');
    expect((await other.caller.account.security()).passkeys).toHaveLength(1);

    await person.caller.account.passkeyRemove({ id: person.passkey.id, password: TEST_PASSWORD });
    expect((await person.caller.account.security()).passkeys).toEqual([]);

    // Without a passkey (or an authenticator) the password alone signs in again,
    const client = await api.as();
    signedInUser(
      await client.caller.auth.login({
        email: person.user.email,
        password: TEST_PASSWORD,
        rememberMe: false,
      }),
    );
    // and the removed passkey no longer does.
    const gone = await refusal(passwordLess(person.passkey));
    expect(gone.code).toBe('BAD_REQUEST');
  });

  it('keeps to the cap of passkeys when several are added at once', async () => {
    const person = await api.signUp('Cap');
    for (let i = 0; i < MAX_PASSKEYS_PER_ACCOUNT - 2; i += 1) {
      const { token, options } = await person.caller.account.passkeyRegistrationOptions();
      const created = device.create(options);
      await person.caller.account.passkeyRegister({
        token,
        name: `Key ${String(i)}`,
        response: created.response,
      });
    }
    const ceremonies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { token, options } = await person.caller.account.passkeyRegistrationOptions();
        return { token, response: device.create(options).response };
      }),
    );
    const answers = await Promise.all(
      ceremonies.map(({ token, response }, i) =>
        person.caller.account
          .passkeyRegister({ token, name: `Racing ${String(i)}`, response })
          .then(
            () => 'added',
            (err: unknown) => (err instanceof Error ? err.message : String(err)),
          ),
      ),
    );
    expect(answers.filter((a) => a === 'added')).toHaveLength(2);
    expect(
      answers.filter((a) => a === PASSKEY_TEXT.tooMany(MAX_PASSKEYS_PER_ACCOUNT)),
    ).toHaveLength(4);
    expect((await person.caller.account.security()).passkeys).toHaveLength(
      MAX_PASSKEYS_PER_ACCOUNT,
    );
  });

  it('gives a first passkey ten recovery codes, and one finishes a password sign-in once', async () => {
    const person = await withPasskey();
    expect(person.recoveryCodes).toHaveLength(10);
    expect(new Set(person.recoveryCodes).size).toBe(10);
    for (const code of person.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(10);

    // The device is lost: the password and a saved code get in, with no passkey at all.
    const [code = ''] = person.recoveryCodes;
    const { client, step } = await passwordStep(person.user.email);
    expect(step.methods).toEqual(['passkey', 'recovery-code']);
    const user = await client.caller.auth.signInSecondFactor({
      challenge: step.challenge,
      code: code.toUpperCase(),
    });
    expect(user.id).toBe(person.user.id);
    expect((await (await api.as(client.cookie())).caller.auth.me())?.id).toBe(person.user.id);
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(9);

    // Each code works once; a made-up one never does, and neither opens a session.
    const again = await passwordStep(person.user.email);
    const spent = await refusal(
      again.client.caller.auth.signInSecondFactor({ challenge: again.step.challenge, code }),
    );
    expect(spent).toMatchObject({ code: 'BAD_REQUEST', message: TWO_FACTOR_TEXT.wrongCode });
    const madeUp = await refusal(
      again.client.caller.auth.signInSecondFactor({
        challenge: again.step.challenge,
        code: 'aaaaa-bbbbb',
      }),
    );
    expect(madeUp.message).toBe(TWO_FACTOR_TEXT.wrongCode);
    expect(again.client.cookie()).toBeUndefined();
  });

  it('gets a passkey-only account back in through a reset link and a recovery code, never the link alone', async () => {
    const person = await withPasskey();
    const mailbox = await api.as(undefined, '198.51.100.94');
    await mailbox.caller.auth.forgotPassword({ email: person.user.email });
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');

    // The mailbox alone sets a password and ends the old sessions, but opens none.
    const step = challengeOf(
      await mailbox.caller.auth.resetPassword({ token, password: 'a-new-password-94' }),
    );
    expect(step.methods).toEqual(['passkey', 'recovery-code']);
    expect(mailbox.cookie()).toBeUndefined();
    expect(await (await api.as(person.cookie)).caller.auth.me()).toBeNull();

    const wrong = await refusal(
      mailbox.caller.auth.signInSecondFactor({ challenge: step.challenge, code: '123456' }),
    );
    expect(wrong.message).toBe(TWO_FACTOR_TEXT.wrongCode);
    const user = await mailbox.caller.auth.signInSecondFactor({
      challenge: step.challenge,
      code: person.recoveryCodes[3] ?? '',
    });
    expect(user.id).toBe(person.user.id);
    expect((await (await api.as(mailbox.cookie())).caller.auth.me())?.id).toBe(person.user.id);
  });

  it('adds no codes with a later passkey, renews them with the password, and takes them with the last passkey', async () => {
    const person = await withPasskey();
    const { token, options } = await person.caller.account.passkeyRegistrationOptions();
    const second = device.create(options);
    expect(
      await person.caller.account.passkeyRegister({
        token,
        name: 'Phone',
        response: second.response,
      }),
    ).toEqual({ success: true, recoveryCodes: [] });

    const wrong = await refusal(
      person.caller.account.recoveryCodesRenew({ password: 'not-the-password' }),
    );
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: TWO_FACTOR_TEXT.wrongPassword });
    const { recoveryCodes } = await person.caller.account.recoveryCodesRenew({
      password: TEST_PASSWORD,
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((c) => person.recoveryCodes.includes(c))).toBe(false);

    // The old codes stopped working; the new ones work.
    const old = await passwordStep(person.user.email);
    const refused = await refusal(
      old.client.caller.auth.signInSecondFactor({
        challenge: old.step.challenge,
        code: person.recoveryCodes[0] ?? '',
      }),
    );
    expect(refused.message).toBe(TWO_FACTOR_TEXT.wrongCode);
    const signedIn = await old.client.caller.auth.signInSecondFactor({
      challenge: old.step.challenge,
      code: recoveryCodes[0] ?? '',
    });
    expect(signedIn.id).toBe(person.user.id);

    // One passkey left: the codes stay; none left: the second step is off, and the codes go.
    await person.caller.account.passkeyRemove({ id: person.passkey.id, password: TEST_PASSWORD });
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(9);
    await person.caller.account.passkeyRemove({ id: second.passkey.id, password: TEST_PASSWORD });
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(0);
    const rows = await api.deps.db
      .select()
      .from(schema.recoveryCodes)
      .where(eq(schema.recoveryCodes.userId, person.user.id));
    expect(rows).toEqual([]);
    signedInUser(
      await (
        await api.as()
      ).caller.auth.login({ email: person.user.email, password: TEST_PASSWORD, rememberMe: false }),
    );
    const none = await refusal(
      person.caller.account.recoveryCodesRenew({ password: TEST_PASSWORD }),
    );
    expect(none).toMatchObject({ code: 'BAD_REQUEST', message: TWO_FACTOR_TEXT.noSecondStep });
  });

  it('gives an account that had a passkey before codes existed a way to get them', async () => {
    const person = await withPasskey();
    // As an account from before: a passkey, and no codes.
    await api.deps.db
      .delete(schema.recoveryCodes)
      .where(eq(schema.recoveryCodes.userId, person.user.id));
    expect((await passwordStep(person.user.email)).step.methods).toEqual(['passkey']);
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(0);
    const { recoveryCodes } = await person.caller.account.recoveryCodesRenew({
      password: TEST_PASSWORD,
    });
    expect(recoveryCodes).toHaveLength(10);
    expect((await passwordStep(person.user.email)).step.methods).toEqual([
      'passkey',
      'recovery-code',
    ]);
  });

  it('keeps the app’s codes for a passkey when the app is turned off, and adds none beside them', async () => {
    const { person, secret, recoveryCodes } = await signUpWithTwoFactor(api, 'Ada', new Date());
    const { token, options } = await person.caller.account.passkeyRegistrationOptions();
    const created = device.create(options);
    expect(
      await person.caller.account.passkeyRegister({
        token,
        name: 'Laptop',
        response: created.response,
      }),
    ).toEqual({ success: true, recoveryCodes: [] });
    await person.caller.account.totpDisable({
      password: TEST_PASSWORD,
      code: authenticatorCode(secret, new Date()),
    });
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(10);
    const { client, step } = await passwordStep(person.user.email);
    expect(step.methods).toEqual(['passkey', 'recovery-code']);
    const user = await client.caller.auth.signInSecondFactor({
      challenge: step.challenge,
      code: recoveryCodes[0] ?? '',
    });
    expect(user.id).toBe(person.user.id);
  });

  it('needs a session to add or remove a passkey', async () => {
    const visitor = (await api.as()).caller;
    expect((await refusal(visitor.account.passkeyRegistrationOptions())).code).toBe('UNAUTHORIZED');
    expect(
      (await refusal(visitor.account.passkeyRemove({ id: 'abc', password: TEST_PASSWORD }))).code,
    ).toBe('UNAUTHORIZED');
    expect(
      (await refusal(visitor.account.recoveryCodesRenew({ password: TEST_PASSWORD }))).code,
    ).toBe('UNAUTHORIZED');
  });
});

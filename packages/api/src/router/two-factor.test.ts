import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { TWO_FACTOR_TEXT as M } from '@yardsale/validators';

import {
  TEST_PASSWORD,
  authenticatorCode,
  createTestApi,
  refusal,
  signUpWithTwoFactor,
} from '../../test/testing';
import type { TestApi } from '../../test/testing';

const START = new Date('2026-06-01T12:00:00Z');

describe.each(testDatabaseKinds())('two-factor sign-in with an authenticator app on %s', (kind) => {
  let api: TestApi;
  let clock = START;
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock });
  });
  afterAll(async () => {
    await api.close();
  });

  const signInAttempt = async (email: string, password = TEST_PASSWORD) => {
    const client = await api.as();
    const result = await client.caller.auth.login({ email, password });
    return { result, cookie: client.cookie() };
  };

  const withTwoFactor = (name: string) => signUpWithTwoFactor(api, name, clock);

  it('turns on only with the app’s current code, and shows ten recovery codes once', async () => {
    const person = await api.signUp('Tova');
    const setup = await person.caller.account.totpSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('otpauth://totp/YardSale:');
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg.startsWith('<svg')).toBe(true);
    // Nothing is stored by the set-up itself.
    expect((await person.caller.account.security()).totpEnabled).toBe(false);

    const wrong = await refusal(
      person.caller.account.totpEnable({ secret: setup.secret, code: '000000' }),
    );
    expect([wrong.code, wrong.message]).toEqual(['BAD_REQUEST', M.wrongCode]);

    const { recoveryCodes } = await person.caller.account.totpEnable({
      secret: setup.secret,
      code: authenticatorCode(setup.secret, clock),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await person.caller.account.security()).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });
    const stored = await api.deps.db
      .select()
      .from(schema.recoveryCodes)
      .where(eq(schema.recoveryCodes.userId, person.user.id));
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]?.replace('-', ''));

    const again = await refusal(
      person.caller.account.totpEnable({
        secret: setup.secret,
        code: authenticatorCode(setup.secret, clock),
      }),
    );
    expect(again.message).toBe(M.alreadyOn);
  });

  it('asks for the code after the password, and opens no session until it is given', async () => {
    const { person, secret } = await withTwoFactor('Ugo');
    const { result, cookie } = await signInAttempt(person.user.email);
    expect(result).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String) as string,
      methods: ['totp', 'recovery-code'],
    });
    expect(cookie).toBeUndefined();
    if (!('secondFactorRequired' in result)) throw new Error('no second step');

    const device = await api.as();
    const wrong = await refusal(
      device.caller.auth.signInSecondFactor({ challenge: result.challenge, code: '123456' }),
    );
    expect([wrong.code, wrong.message]).toEqual(['BAD_REQUEST', M.wrongCode]);
    expect(device.cookie()).toBeUndefined();

    later(31_000);
    const user = await device.caller.auth.signInSecondFactor({
      challenge: result.challenge,
      code: authenticatorCode(secret, clock),
    });
    expect(user.id).toBe(person.user.id);
    expect(device.cookie()).toMatch(/^yardsale_session=/);
    expect((await (await api.as(device.cookie())).caller.auth.me())?.id).toBe(person.user.id);

    // The step is spent.
    const reused = await refusal(
      (await api.as()).caller.auth.signInSecondFactor({
        challenge: result.challenge,
        code: authenticatorCode(secret, clock),
      }),
    );
    expect([reused.code, reused.message]).toEqual(['UNAUTHORIZED', M.challengeExpired]);
  });

  it('lets a recovery code in once, and gives up on a sign-in after five wrong codes or ten minutes', async () => {
    const { person, secret, recoveryCodes } = await withTwoFactor('Vik');
    const [first = ''] = recoveryCodes;

    const attempt = await signInAttempt(person.user.email);
    if (!('secondFactorRequired' in attempt.result)) throw new Error('no second step');
    const user = await (
      await api.as()
    ).caller.auth.signInSecondFactor({
      challenge: attempt.result.challenge,
      // Typed in capitals, without the dash: still the code.
      code: first.toUpperCase().replace('-', ''),
    });
    expect(user.id).toBe(person.user.id);
    expect((await person.caller.account.security()).recoveryCodesLeft).toBe(9);

    const second = await signInAttempt(person.user.email);
    if (!('secondFactorRequired' in second.result)) throw new Error('no second step');
    const spent = await refusal(
      (await api.as()).caller.auth.signInSecondFactor({
        challenge: second.result.challenge,
        code: first,
      }),
    );
    expect(spent.message).toBe(M.wrongCode);
    for (let i = 0; i < 4; i += 1) {
      await refusal(
        (await api.as()).caller.auth.signInSecondFactor({
          challenge: second.result.challenge,
          code: '111111',
        }),
      );
    }
    const worn = await refusal(
      (await api.as()).caller.auth.signInSecondFactor({
        challenge: second.result.challenge,
        code: authenticatorCode(secret, clock),
      }),
    );
    expect([worn.code, worn.message]).toEqual(['UNAUTHORIZED', M.challengeExpired]);

    const third = await signInAttempt(person.user.email);
    if (!('secondFactorRequired' in third.result)) throw new Error('no second step');
    later(10 * 60 * 1000 + 1000);
    const expired = await refusal(
      (await api.as()).caller.auth.signInSecondFactor({
        challenge: third.result.challenge,
        code: authenticatorCode(secret, clock),
      }),
    );
    expect(expired.message).toBe(M.challengeExpired);
  });

  it('turns off only with the password and a current code; sign-in then asks for the password only', async () => {
    const { person, secret } = await withTwoFactor('Wren');
    const wrongPassword = await refusal(
      person.caller.account.totpDisable({
        password: 'not-it',
        code: authenticatorCode(secret, clock),
      }),
    );
    expect(wrongPassword.message).toBe(M.wrongPassword);
    const wrongCode = await refusal(
      person.caller.account.totpDisable({ password: TEST_PASSWORD, code: '999999' }),
    );
    expect(wrongCode.message).toBe(M.wrongCode);
    expect((await person.caller.account.security()).totpEnabled).toBe(true);

    await person.caller.account.totpDisable({
      password: TEST_PASSWORD,
      code: authenticatorCode(secret, clock),
    });
    expect(await person.caller.account.security()).toEqual({
      totpEnabled: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    expect(
      await api.deps.db.$count(
        schema.recoveryCodes,
        eq(schema.recoveryCodes.userId, person.user.id),
      ),
    ).toBe(0);
    const { result, cookie } = await signInAttempt(person.user.email);
    expect(result).toMatchObject({ id: person.user.id });
    expect(cookie).toMatch(/^yardsale_session=/);
  });

  it('still asks for the code after a password reset', async () => {
    const { person, secret } = await withTwoFactor('Xan');
    await (
      await api.as(undefined, '203.0.113.21')
    ).caller.auth.forgotPassword({
      email: person.user.email,
    });
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');
    const device = await api.as();
    const result = await device.caller.auth.resetPassword({ token, password: 'reset-pass-22' });
    expect(result).toMatchObject({
      secondFactorRequired: true,
      methods: ['totp', 'recovery-code'],
    });
    expect(device.cookie()).toBeUndefined();
    if (!('secondFactorRequired' in result)) throw new Error('no second step');
    const user = await device.caller.auth.signInSecondFactor({
      challenge: result.challenge,
      code: authenticatorCode(secret, clock),
    });
    expect(user.id).toBe(person.user.id);
    expect(device.cookie()).toMatch(/^yardsale_session=/);
  });
});

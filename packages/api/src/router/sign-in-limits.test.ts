import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { TEST_PASSWORD, createTestApi, signedInUser } from '../../test/testing';
import type { TestApi } from '../../test/testing';

describe.each(testDatabaseKinds())('sign-in limits on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: {
        loginByClient: { points: 1000, durationSeconds: 60 },
        registerByClient: { points: 1000, durationSeconds: 60 },
        loginFailuresByAccountAndClient: { points: 10, durationSeconds: 15 * 60 },
        loginFailuresByAccount: { points: 25, durationSeconds: 60 * 60 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  async function signIn(email: string, password: string, clientIp: string) {
    const client = await api.as(undefined, clientIp);
    const retryAfter = () => client.headers.find(([n]) => n === 'Retry-After')?.[1];
    try {
      const user = signedInUser(await client.caller.auth.login({ email, password }));
      return { user, code: 'OK', message: '', retryAfter: retryAfter() };
    } catch (err) {
      if (!(err instanceof TRPCError)) throw err;
      return { user: null, code: err.code, message: err.message, retryAfter: retryAfter() };
    }
  }

  it('refuses a stranger after ten wrong passwords while the owner still signs in from their own address', async () => {
    const { user } = await api.signUp('Owen');
    const stranger = '198.51.100.20';

    for (let i = 0; i < 10; i++) {
      expect((await signIn(user.email, `wrong-guess-${i}`, stranger)).code).toBe('UNAUTHORIZED');
    }
    const refused = await signIn(user.email, 'wrong-guess-10', stranger);
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe(UI_TEXT.rateLimited);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Even the right password is not tried from there now: the guesser learns nothing more.
    expect((await signIn(user.email, TEST_PASSWORD, stranger)).code).toBe('TOO_MANY_REQUESTS');

    // The owner, from another address, is not locked out by the stranger.
    const owner = await signIn(user.email, TEST_PASSWORD, '192.0.2.44');
    expect(owner.code).toBe('OK');
    expect(owner.user?.id).toBe(user.id);
    // And the stranger stays refused after the owner signed in.
    expect((await signIn(user.email, 'wrong-guess-11', stranger)).code).toBe('TOO_MANY_REQUESTS');
  });

  it('stops a guess spread over many addresses at the account ceiling, but lets the owner in where they usually sign in', async () => {
    const { user } = await api.signUp('Celia');
    const usual = '192.0.2.80';
    expect((await signIn(user.email, TEST_PASSWORD, usual)).code).toBe('OK');

    // 25 guesses, 5 from each of 5 addresses: no single address reaches its own limit of 10.
    for (let i = 0; i < 25; i++) {
      const from = `203.0.113.${Math.floor(i / 5) + 1}`;
      expect((await signIn(user.email, `spread-guess-${i}`, from)).code).toBe('UNAUTHORIZED');
    }
    // A sixth address is refused at once, right password or not.
    expect((await signIn(user.email, 'spread-guess-25', '203.0.113.6')).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect((await signIn(user.email, TEST_PASSWORD, '203.0.113.7')).code).toBe('TOO_MANY_REQUESTS');

    // The owner's usual address is still let through with the right password.
    const owner = await signIn(user.email, TEST_PASSWORD, usual);
    expect(owner.code).toBe('OK');
    expect(owner.user?.id).toBe(user.id);
  });

  it('a wrong password from an address the owner used before is still counted and limited', async () => {
    const { user } = await api.signUp('Ivo');
    const shared = '192.0.2.90';
    expect((await signIn(user.email, TEST_PASSWORD, shared)).code).toBe('OK');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(user.email, `guess-${i}`, shared)).code).toBe('UNAUTHORIZED');
    }
    expect((await signIn(user.email, TEST_PASSWORD, shared)).code).toBe('TOO_MANY_REQUESTS');
  });
});

import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { hashSessionToken } from '../auth/sessions';
import { describeError } from '../errors';
import { TEST_ADMIN_EMAIL, createTestApi, signedInUser } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const DAY_MS = 24 * 60 * 60 * 1000;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: `neighbour-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'garden-gnome-42',
    firstName: 'Rosa',
    lastName: 'Delgado',
    termsAccepted: true as const,
    rememberMe: false,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(err)}`);
  return err;
}

describe.each(testDatabaseKinds())('auth on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: {
        loginByClient: { points: 5, durationSeconds: 60 },
        registerByClient: { points: 1000, durationSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signUp(overrides: Record<string, unknown> = {}) {
    const input = registration(overrides);
    const client = await api.as();
    const user = await client.caller.auth.register(input);
    const cookie = client.cookie();
    if (!cookie) throw new Error('no session cookie was set');
    return { user, input, cookie, headers: client.headers };
  }

  it('registers a user, signs them in and never returns or stores the password', async () => {
    const { user, input, cookie, headers } = await signUp({ email: '  Rosa.Delgado@Example.COM ' });
    expect(user).toMatchObject({
      email: 'rosa.delgado@example.com',
      firstName: 'Rosa',
      role: 'user',
    });
    expect(Object.keys(user)).not.toContain('password');
    expect(Object.keys(user)).not.toContain('passwordHash');

    const [row] = await api.deps.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(input.password);

    const setCookie = headers.find(([n]) => n === 'Set-Cookie')?.[1] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await (await api.as(cookie)).caller.auth.me();
    expect(me?.id).toBe(user.id);
  });

  it('stores only a hash of the session token', async () => {
    const { user, cookie } = await signUp();
    const token = cookie.split('=')[1] ?? '';
    const rows = await api.deps.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashSessionToken(token));
    expect(rows[0]?.id).not.toBe(token);
  });

  it('refuses a second account with the same e-mail, whatever its case, and writes nothing', async () => {
    const { input } = await signUp();
    const err = await rejection(
      (await api.as()).caller.auth.register(registration({ email: input.email.toUpperCase() })),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(UI_TEXT.register.emailTaken);
    const rows = await api.deps.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, input.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses registration without accepting the terms', async () => {
    const err = await rejection(
      (await api.as()).caller.auth.register(registration({ termsAccepted: false })),
    );
    expect(err.code).toBe('BAD_REQUEST');
  });

  it('signs in with the right password and refuses a wrong one without a session', async () => {
    const { user, input } = await signUp();
    const wrong = await api.as(undefined, '10.0.0.1');
    const err = await rejection(
      wrong.caller.auth.login({ email: input.email, password: 'not-the-password' }),
    );
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.message).toBe(UI_TEXT.signIn.wrongCredentials);
    expect(wrong.cookie()).toBeUndefined();

    const sessionsBefore = await api.deps.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    const right = await api.as(undefined, '10.0.0.1');
    const signedIn = await right.caller.auth.login({
      email: input.email,
      password: input.password,
    });
    expect(signedInUser(signedIn).id).toBe(user.id);
    const sessionsAfter = await api.deps.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
  });

  it('gives an unknown e-mail the same answer as a wrong password', async () => {
    const err = await rejection(
      (await api.as(undefined, '10.0.0.2')).caller.auth.login({
        email: 'nobody@example.com',
        password: 'whatever1',
      }),
    );
    expect(err.message).toBe(UI_TEXT.signIn.wrongCredentials);
  });

  it('keeps a remembered session for 30 days and a plain one for 24 hours in a browser-session cookie', async () => {
    const { input } = await signUp();
    const remembered = await api.as(undefined, '10.0.0.3');
    await remembered.caller.auth.login({
      email: input.email,
      password: input.password,
      rememberMe: true,
    });
    const longCookie = remembered.headers.find(([n]) => n === 'Set-Cookie')?.[1] ?? '';
    expect(longCookie).toMatch(/Max-Age=2592000/);

    const plain = await api.as(undefined, '10.0.0.3');
    await plain.caller.auth.login({
      email: input.email,
      password: input.password,
      rememberMe: false,
    });
    const shortCookie = plain.headers.find(([n]) => n === 'Set-Cookie')?.[1] ?? '';
    expect(shortCookie).not.toMatch(/Max-Age|Expires/);
    const token = plain.cookie()?.split('=')[1] ?? '';
    const [row] = await api.deps.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashSessionToken(token)));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('ends a session after its lifetime and renews a remembered one when fewer than 15 days remain', async () => {
    const { input } = await signUp();
    const client = await api.as(undefined, '10.0.0.4');
    await client.caller.auth.login({
      email: input.email,
      password: input.password,
      rememberMe: true,
    });
    const cookie = client.cookie() ?? '';

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * DAY_MS);
    const renewed = await api.as(cookie);
    expect(await renewed.caller.auth.me()).not.toBeNull();
    expect(renewed.headers.find(([n]) => n === 'Set-Cookie')?.[1]).toMatch(/Max-Age=2592000/);

    vi.setSystemTime(Date.now() + 31 * DAY_MS);
    const expired = await api.as(cookie);
    expect(await expired.caller.auth.me()).toBeNull();
  });

  it('logs out on the server: the old cookie no longer works', async () => {
    const { cookie } = await signUp();
    const client = await api.as(cookie);
    await client.caller.auth.logout();
    expect(client.headers.find(([n]) => n === 'Set-Cookie')?.[1]).toMatch(/Max-Age=0/);
    expect(await (await api.as(cookie)).caller.auth.me()).toBeNull();
  });

  it('makes an ordinary user of whoever registers the configured admin address', async () => {
    const { user } = await signUp({ email: TEST_ADMIN_EMAIL.toUpperCase() });
    expect(user.role).toBe('user');
  });

  it('updates the profile and refuses an e-mail that belongs to someone else', async () => {
    const first = await signUp();
    const second = await signUp();
    const client = await api.as(first.cookie);
    const updated = await client.caller.account.updateProfile({
      firstName: 'Rosalind',
      lastName: 'Delgado',
      email: first.input.email,
      phone: '555-0142',
    });
    expect(updated).toMatchObject({ firstName: 'Rosalind', phone: '555-0142' });

    const err = await rejection(
      client.caller.account.updateProfile({
        firstName: 'R',
        lastName: 'D',
        email: second.input.email,
      }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(UI_TEXT.register.emailTaken);
    expect((await (await api.as(first.cookie)).caller.auth.me())?.email).toBe(first.input.email);
  });

  it('refuses a phone number that is not one, with its reason, and keeps the one saved', async () => {
    const { cookie, input } = await signUp();
    const client = await api.as(cookie);
    await client.caller.account.updateProfile({
      firstName: 'Ines',
      lastName: 'Moss',
      email: input.email,
      phone: '(608) 555-0134',
    });
    const err = await rejection(
      client.caller.account.updateProfile({
        firstName: 'Ines',
        lastName: 'Moss',
        email: input.email,
        phone: 'not a phone',
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(describeError(err, undefined)).toMatchObject({
      message: UI_TEXT.profile.invalidPhone,
      zodError: { fieldErrors: { phone: [UI_TEXT.profile.invalidPhone] } },
    });
    expect((await (await api.as(cookie)).caller.auth.me())?.phone).toBe('(608) 555-0134');
  });

  it('refuses profile changes from a visitor', async () => {
    const err = await rejection(
      (await api.as()).caller.account.updateProfile({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
      }),
    );
    expect(err.code).toBe('UNAUTHORIZED');
  });

  it('changes the password only with the current one and signs out other sessions', async () => {
    const { input, cookie } = await signUp();
    const other = await api.as(undefined, '10.0.0.5');
    await other.caller.auth.login({ email: input.email, password: input.password });
    const otherCookie = other.cookie() ?? '';

    const client = await api.as(cookie);
    const wrong = await rejection(
      client.caller.account.changePassword({
        currentPassword: 'nope-nope',
        newPassword: 'new-secret-1',
        confirmPassword: 'new-secret-1',
      }),
    );
    expect(wrong.message).toBe(UI_TEXT.password.wrongCurrent);

    const mismatch = await rejection(
      client.caller.account.changePassword({
        currentPassword: input.password,
        newPassword: 'new-secret-1',
        confirmPassword: 'new-secret-2',
      }),
    );
    expect(describeError(mismatch, api.logger).message).toBe(UI_TEXT.password.mismatch);

    await client.caller.account.changePassword({
      currentPassword: input.password,
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(await (await api.as(cookie)).caller.auth.me()).not.toBeNull();
    expect(await (await api.as(otherCookie)).caller.auth.me()).toBeNull();

    const old = await rejection(
      (await api.as(undefined, '10.0.0.6')).caller.auth.login({
        email: input.email,
        password: input.password,
      }),
    );
    expect(old.code).toBe('UNAUTHORIZED');
    const fresh = await (
      await api.as(undefined, '10.0.0.6')
    ).caller.auth.login({
      email: input.email,
      password: 'new-secret-1',
    });
    expect(signedInUser(fresh).email).toBe(input.email);
  });

  it('limits sign-in attempts per client and says when to retry', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      await rejection(
        (await api.as(undefined, ip)).caller.auth.login({
          email: 'x@example.com',
          password: 'wrong-pass',
        }),
      );
    }
    const client = await api.as(undefined, ip);
    const err = await rejection(
      client.caller.auth.login({ email: 'x@example.com', password: 'wrong-pass' }),
    );
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe(UI_TEXT.rateLimited);
    expect(Number(client.headers.find(([n]) => n === 'Retry-After')?.[1])).toBeGreaterThan(0);
  });

  it('never lets the system account sign in', async () => {
    const [system] = await api.deps.db
      .insert(schema.users)
      .values({
        email: 'team@yardsale.system',
        firstName: 'The YardSale',
        lastName: 'Team',
        role: 'system',
      })
      .returning();
    expect(system).toBeDefined();
    const err = await rejection(
      (await api.as(undefined, '10.0.0.7')).caller.auth.login({
        email: 'team@yardsale.system',
        password: 'anything1',
      }),
    );
    expect(err.code).toBe('UNAUTHORIZED');
  });
});

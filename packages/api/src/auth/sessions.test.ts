import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { TEST_PASSWORD, createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { hashSessionToken } from './sessions';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe.each(testDatabaseKinds())('session lifetimes on %s', (kind) => {
  let api: TestApi;
  /** The server's clock: each test moves it forward from where the last one left it. */
  let clock = Date.now();

  beforeAll(async () => {
    api = await createTestApi(kind, {
      now: () => new Date(clock),
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        loginByClient: { points: 1000, durationSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  /** Signs a new person in as a browser would, answering the session cookie. */
  async function signIn(rememberMe: boolean) {
    const { user } = await api.signUp('Ines');
    const client = await api.as(undefined, '10.1.0.1');
    await client.caller.auth.login({ email: user.email, password: TEST_PASSWORD, rememberMe });
    const cookie = client.cookie();
    if (!cookie) throw new Error('no session cookie was set');
    return { cookie, setCookie: client.headers.find(([n]) => n === 'Set-Cookie')?.[1] ?? '' };
  }

  /** One request with the cookie: who it is made as, and the cookie sent back if any. */
  async function visit(cookie: string) {
    const client = await api.as(cookie);
    const me = await client.caller.auth.me();
    return { me, setCookie: client.headers.find(([n]) => n === 'Set-Cookie')?.[1] };
  }

  it('keeps a remembered session used every two weeks, but never past 90 days from sign-in', async () => {
    const { cookie, setCookie } = await signIn(true);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const signedInAt = clock;

    // Used every 16 days: each use renews it to 30 days from then.
    for (let day = 16; day <= 48; day += 16) {
      clock = signedInAt + day * DAY_MS;
      const { me, setCookie: renewed } = await visit(cookie);
      expect(me).not.toBeNull();
      expect(renewed).toMatch(/Max-Age=2592000/);
    }

    // Day 64: renewed only up to day 90, and the cookie says so.
    clock = signedInAt + 64 * DAY_MS;
    const capped = await visit(cookie);
    expect(capped.me).not.toBeNull();
    expect(capped.setCookie).toMatch(new RegExp(`Max-Age=${26 * 24 * 60 * 60};`));

    // Day 80: still signed in, with nothing left to renew.
    clock = signedInAt + 80 * DAY_MS;
    const late = await visit(cookie);
    expect(late.me).not.toBeNull();
    expect(late.setCookie).toBeUndefined();

    // Day 90, used ten days ago: over all the same.
    clock = signedInAt + 90 * DAY_MS;
    const over = await visit(cookie);
    expect(over.me).toBeNull();
    expect(over.setCookie).toMatch(/Max-Age=0/);
    const rows = await api.handle.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashSessionToken(cookie.split('=')[1] ?? '')));
    expect(rows).toHaveLength(0);
  });

  it('ends a remembered session left unused for 30 days', async () => {
    const { cookie } = await signIn(true);
    clock += 29 * DAY_MS;
    expect((await visit(cookie)).me).not.toBeNull();
    clock += 30 * DAY_MS + 1000;
    expect((await visit(cookie)).me).toBeNull();
  });

  it('ends a session that is not remembered 24 hours after sign-in, even in constant use', async () => {
    const { cookie, setCookie } = await signIn(false);
    expect(setCookie).not.toMatch(/Max-Age/);
    const signedInAt = clock;
    for (let hour = 1; hour < 24; hour += 1) {
      clock = signedInAt + hour * HOUR_MS;
      const { me, setCookie: renewed } = await visit(cookie);
      expect(me).not.toBeNull();
      // A browser-session cookie is never re-sent with a lifetime.
      expect(renewed).toBeUndefined();
    }
    clock = signedInAt + 24 * HOUR_MS;
    expect((await visit(cookie)).me).toBeNull();
  });

  it('checks a session without renewing it when asked to (a websocket cannot send the cookie back)', async () => {
    const { cookie } = await signIn(true);
    const token = cookie.split('=')[1] ?? '';
    clock += 20 * DAY_MS;
    const checked = await api.deps.sessions.validate(token, { renew: false });
    expect(checked?.refreshedCookie).toBeNull();
    expect(checked?.expiresAt.getTime()).toBe(clock + 10 * DAY_MS);
    clock += 10 * DAY_MS;
    expect(await api.deps.sessions.validate(token, { renew: false })).toBeNull();
  });

  it('deletes the rows of ended sessions and keeps the live ones', async () => {
    const browser = await signIn(false);
    const remembered = await signIn(true);
    const rowOf = async (cookie: string) =>
      api.handle.db
        .select()
        .from(schema.sessions)
        .where(eq(schema.sessions.id, hashSessionToken(cookie.split('=')[1] ?? '')));

    clock += 24 * HOUR_MS + 1000;
    await api.deps.sessions.deleteExpired();
    expect(await rowOf(browser.cookie)).toHaveLength(0);
    expect(await rowOf(remembered.cookie)).toHaveLength(1);
    expect((await visit(remembered.cookie)).me).not.toBeNull();
  });
});

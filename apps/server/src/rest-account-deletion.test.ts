import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureAdminRole } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { TEST_ADMIN_EMAIL, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const M = UI_TEXT.deleteAccount;
const PASSWORD = 'leaving-pass-1';

describe.each(testDatabaseKinds())('DELETE /api/user over HTTP on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function call(method: string, url: string, cookie: string, body?: unknown) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as unknown,
      setCookie: res.headers.getSetCookie()[0] ?? '',
      cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    };
  }

  const register = async (email: string) =>
    (
      await call('POST', '/api/register', '', {
        email,
        password: PASSWORD,
        firstName: 'Lee',
        lastName: 'Leaving',
        termsAccepted: true,
      })
    ).cookie;

  it('deletes the account with its password, ends the session and frees the address', async () => {
    const email = `leaving-${kind}@example.com`;
    const cookie = await register(email);

    expect((await call('DELETE', '/api/user', '', { password: PASSWORD })).status).toBe(401);
    const wrong = await call('DELETE', '/api/user', cookie, { password: 'not-the-one' });
    expect([wrong.status, wrong.body]).toEqual([400, { message: M.wrongPassword }]);
    const empty = await call('DELETE', '/api/user', cookie, {});
    expect(empty.status).toBe(400);
    expect((await call('GET', '/api/user', cookie)).status).toBe(200);

    const deleted = await call('DELETE', '/api/user', cookie, { password: PASSWORD });
    expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);
    expect(deleted.setCookie).toMatch(/Max-Age=0/i);
    expect((await call('GET', '/api/user', cookie)).status).toBe(401);
    const signIn = await call('POST', '/api/login', '', { email, password: PASSWORD });
    expect(signIn.status).toBe(401);
    expect(await register(email)).not.toBe('');
  });

  it('refuses the admin with 403 and keeps the account', async () => {
    const cookie = await register(TEST_ADMIN_EMAIL);
    await ensureAdminRole(server.deps);
    const refused = await call('DELETE', '/api/user', cookie, { password: PASSWORD });
    expect([refused.status, refused.body]).toEqual([403, { message: M.adminRefused }]);
    expect((await call('GET', '/api/user', cookie)).body).toMatchObject({ role: 'admin' });
  });
});

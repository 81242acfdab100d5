import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureAdminRole } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { restClient } from '../test/rest-client';
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

  /** A new account, signed in on a client of its own. */
  async function register(email: string) {
    const client = restClient(server);
    const { response } = await client.POST('/api/register', {
      body: {
        email,
        password: PASSWORD,
        firstName: 'Lee',
        lastName: 'Leaving',
        termsAccepted: true,
      },
    });
    return { client, status: response.status };
  }

  it('deletes the account with its password, ends the session and frees the address', async () => {
    const email = `leaving-${kind}@example.com`;
    const { client: leaving } = await register(email);
    const password = { body: { password: PASSWORD } };

    expect((await restClient(server).DELETE('/api/user', password)).response.status).toBe(401);
    const wrong = await leaving.DELETE('/api/user', { body: { password: 'not-the-one' } });
    expect([wrong.response.status, wrong.error]).toEqual([400, { message: M.wrongPassword }]);
    // Without a password at all: a body the API's types do not allow, so sent by hand.
    const empty = await fetch(`${server.url}/api/user`, {
      method: 'DELETE',
      headers: {
        cookie: leaving.cookie(),
        origin: server.origin,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(empty.status).toBe(400);
    expect((await leaving.GET('/api/user')).response.status).toBe(200);
    const session = leaving.cookie();

    const deleted = await leaving.DELETE('/api/user', password);
    expect([deleted.response.status, deleted.data]).toEqual([200, { success: true }]);
    expect(deleted.response.headers.getSetCookie()[0]).toMatch(/Max-Age=0/i);
    expect(leaving.cookie()).toBe('');
    // The old session, sent again, is refused.
    const stale = restClient(server, { cookie: session });
    expect((await stale.GET('/api/user')).response.status).toBe(401);
    const signIn = await restClient(server).POST('/api/login', {
      body: { email, password: PASSWORD },
    });
    expect(signIn.response.status).toBe(401);
    expect((await register(email)).status).toBe(200);
  });

  it('refuses the admin with 403 and keeps the account', async () => {
    const { client: admin } = await register(TEST_ADMIN_EMAIL);
    await ensureAdminRole(server.deps);
    const refused = await admin.DELETE('/api/user', { body: { password: PASSWORD } });
    expect([refused.response.status, refused.error]).toEqual([403, { message: M.adminRefused }]);
    expect((await admin.GET('/api/user')).data).toMatchObject({ role: 'admin' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { call, register } from '../test/rest-auth-testing';
import { restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/**
 * Signing up, in and out, and the profile over REST. The profile picture and what the server sends
 * besides the API (documents, compression, pages, headers) have files of their own.
 */
describe.each(testDatabaseKinds())('REST auth paths over HTTP on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('registers, then answers GET /api/user with the user and no password', async () => {
    const { reply, email, client } = await register(server, kind);
    expect(reply.response.status).toBe(200);
    expect(reply.data).toMatchObject({ email, firstName: 'Theo', lastName: 'Marsh', role: 'user' });
    expect(JSON.stringify(reply.data)).not.toMatch(/porch-swing-7|passwordHash|argon2/);
    const setCookie = reply.response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/yardsale_session=.+; .*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await client.GET('/api/user');
    expect(me.response.status).toBe(200);
    expect(me.data?.email).toBe(email);

    // The same user through GET /api/session, which never refuses.
    const session = await client.GET('/api/session');
    expect(session.response.status).toBe(200);
    expect(session.data?.user).toMatchObject({ email, firstName: 'Theo', lastName: 'Marsh' });
    expect(JSON.stringify(session.data)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 401 with a message when nobody is signed in', async () => {
    const visitor = restClient(server);
    const me = await visitor.GET('/api/user');
    expect(me.response.status).toBe(401);
    expect(me.error?.message).toBe(UI_TEXT.auth.unauthorized);

    // A page that only asks who is there gets a 200 with nobody, not a refusal.
    const session = await visitor.GET('/api/session');
    expect(session.response.status).toBe(200);
    expect(session.data).toEqual({ user: null });
  });

  it('refuses the same e-mail twice with 409 and the product message', async () => {
    const { email } = await register(server, kind);
    const again = await restClient(server).POST('/api/register', {
      body: {
        email: email.toUpperCase(),
        password: 'another-pass',
        firstName: 'T',
        lastName: 'M',
        termsAccepted: true,
      },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(UI_TEXT.register.emailTaken);
  });

  it('refuses bad registration input with the field message', async () => {
    const bad = await restClient(server).POST('/api/register', {
      body: {
        email: 'not-an-email',
        password: '123',
        firstName: '',
        lastName: 'M',
        termsAccepted: true,
      },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.errors).toMatchObject({
      email: [UI_TEXT.register.invalidEmail],
      password: [UI_TEXT.register.shortPassword],
      firstName: [UI_TEXT.register.firstNameRequired],
    });
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const { email } = await register(server, kind);
    const device = restClient(server);
    const wrong = await device.POST('/api/login', {
      body: { email, password: 'wrong-password' },
    });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.message).toBe(UI_TEXT.signIn.wrongCredentials);
    expect(wrong.response.headers.getSetCookie()).toHaveLength(0);

    const right = await device.POST('/api/login', {
      body: { email, password: 'porch-swing-7', rememberMe: true },
    });
    expect(right.response.status).toBe(200);
    expect(right.response.headers.getSetCookie().join('')).toMatch(/Max-Age=2592000/);
  });

  it('updates the profile with PUT /api/user', async () => {
    const { client } = await register(server, kind);
    const put = await client.PUT('/api/user', {
      body: {
        firstName: 'Theodora',
        lastName: 'Marsh',
        email: `theodora-${kind}@example.com`,
        phone: '555-0199',
      },
    });
    expect(put.response.status).toBe(200);
    expect((await client.GET('/api/user')).data).toMatchObject({
      firstName: 'Theodora',
      phone: '555-0199',
    });
  });

  it('refuses a state change with the session cookie from another origin, changing nothing', async () => {
    const { client, cookie, email } = await register(server, kind);
    const foreign = await call(server, 'PUT', '/api/user', {
      cookie,
      origin: 'https://evil.example',
      json: { firstName: 'Hacked', lastName: 'X', email },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(UI_TEXT.auth.crossOrigin);
    const missing = await call(server, 'POST', '/api/logout', { cookie, origin: null });
    expect(missing.status).toBe(403);
    expect((await client.GET('/api/user')).data?.firstName).toBe('Theo');
  });

  it('logs out with POST /api/logout', async () => {
    const { client, cookie } = await register(server, kind);
    expect((await client.POST('/api/logout')).response.status).toBe(200);
    // The session is over: sent again, it is refused.
    expect((await restClient(server, { cookie }).GET('/api/user')).response.status).toBe(401);
  });
});

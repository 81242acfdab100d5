import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { sendJson, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const M = UI_TEXT.account;

/** The mailed links over REST, as an external client opens them. */
describe.each(testDatabaseKinds())('verification and reset links over REST on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { openVerificationLinks: false });
  });
  afterAll(async () => {
    await server.stop();
  });

  const listing = {
    title: 'Bike trailer',
    category: 'Home & Garden',
    listingType: 'single-item',
    priceRange: '$25-$50',
    address: '3 Birch Road, Madison, WI 53704',
  };

  /** Posts the listing as the web app does (multipart, no photos). */
  async function post(cookie: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(listing)) form.append(k, v);
    const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('verifies with POST /api/auth/verify-email, after which posting works', async () => {
    const email = `rest-verify-${kind}@example.com`;
    const registered = await sendJson(server, '/api/register', {
      email,
      password: 'rest-link-pass',
      firstName: 'Rae',
      lastName: 'Stone',
      termsAccepted: true,
    });
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({ email, emailVerified: false });

    const refused = await post(registered.cookie);
    expect([refused.status, refused.json.message]).toEqual([403, M.verify.required]);

    const bad = await sendJson(server, '/api/auth/verify-email', { token: 'not-a-real-token' });
    expect([bad.status, bad.json.message]).toEqual([400, M.verify.invalidLink]);

    const token = await server.mailbox.tokenFor(email, '/verify-email');
    const verified = await sendJson(server, '/api/auth/verify-email', { token });
    expect([verified.status, verified.json]).toEqual([200, { email }]);

    const session = await fetch(`${server.url}/api/user`, {
      headers: { cookie: registered.cookie },
    });
    expect(await session.json()).toMatchObject({ email, emailVerified: true });
    const posted = await post(registered.cookie);
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);

    const again = await sendJson(server, '/api/auth/resend-verification', {}, registered.cookie);
    expect([again.status, again.json.message]).toEqual([400, M.verify.alreadyVerified]);
  });

  it('resets a password with POST /api/auth/forgot-password and /api/auth/reset-password', async () => {
    const email = `rest-reset-${kind}@example.com`;
    const registered = await sendJson(server, '/api/register', {
      email,
      password: 'rest-old-pass',
      firstName: 'Ray',
      lastName: 'Stone',
      termsAccepted: true,
    });
    expect(registered.status).toBe(200);

    const unknown = await sendJson(server, '/api/auth/forgot-password', {
      email: `nobody-${kind}@example.com`,
    });
    const known = await sendJson(server, '/api/auth/forgot-password', { email });
    expect([unknown.status, unknown.json]).toEqual([200, { success: true }]);
    expect([known.status, known.json]).toEqual([200, { success: true }]);
    const invalid = await sendJson(server, '/api/auth/forgot-password', {
      email: 'not an address',
    });
    expect([invalid.status, invalid.json.message]).toEqual([400, UI_TEXT.register.invalidEmail]);

    const token = await server.mailbox.tokenFor(email, '/reset-password');
    const reset = await sendJson(server, '/api/auth/reset-password', {
      token,
      password: 'rest-new-pass',
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json).toMatchObject({ email, emailVerified: true });
    expect(reset.cookie).toMatch(/^yardsale_session=/);

    const old = await fetch(`${server.url}/api/user`, { headers: { cookie: registered.cookie } });
    expect(old.status).toBe(401);
    const now = await fetch(`${server.url}/api/user`, { headers: { cookie: reset.cookie } });
    expect(now.status).toBe(200);

    const reused = await sendJson(server, '/api/auth/reset-password', {
      token,
      password: 'rest-other-pass',
    });
    expect([reused.status, reused.json.message]).toEqual([400, M.reset.invalidLink]);
    const login = await sendJson(server, '/api/login', { email, password: 'rest-new-pass' });
    expect(login.status).toBe(200);
  });
});

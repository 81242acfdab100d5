import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { postListing, signUp } from '../test/neighbours';
import { restClient } from '../test/rest-client';
import type { RestClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
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
  } as const;

  /** Posts the listing as the web app does (multipart, no photos). */
  const post = (client: RestClient) => postListing(client, listing);

  it('verifies with POST /api/auth/verify-email, after which posting works', async () => {
    const email = `rest-verify-${kind}@example.com`;
    const { client: rae, account } = await signUp(server, {
      email,
      password: 'rest-link-pass',
      firstName: 'Rae',
      lastName: 'Stone',
    });
    expect(account).toMatchObject({ email, emailVerified: false });

    const refused = await post(rae);
    expect([refused.response.status, refused.error?.message]).toEqual([403, M.verify.required]);

    // The link is opened where it is read: a client of its own, without the session.
    const link = restClient(server);
    const bad = await link.POST('/api/auth/verify-email', { body: { token: 'not-a-real-token' } });
    expect([bad.response.status, bad.error?.message]).toEqual([400, M.verify.invalidLink]);

    const token = await server.mailbox.tokenFor(email, '/verify-email');
    const verified = await link.POST('/api/auth/verify-email', { body: { token } });
    expect([verified.response.status, verified.data]).toEqual([200, { email }]);

    expect((await rae.GET('/api/user')).data).toMatchObject({ email, emailVerified: true });
    const posted = await post(rae);
    expect(posted.response.status, JSON.stringify(posted.error)).toBe(200);

    const again = await rae.POST('/api/auth/resend-verification');
    expect([again.response.status, again.error?.message]).toEqual([400, M.verify.alreadyVerified]);
  });

  it('resets a password with POST /api/auth/forgot-password and /api/auth/reset-password', async () => {
    const email = `rest-reset-${kind}@example.com`;
    const { client: ray } = await signUp(server, {
      email,
      password: 'rest-old-pass',
      firstName: 'Ray',
      lastName: 'Stone',
    });

    const visitor = restClient(server);
    const unknown = await visitor.POST('/api/auth/forgot-password', {
      body: { email: `nobody-${kind}@example.com` },
    });
    const known = await visitor.POST('/api/auth/forgot-password', { body: { email } });
    expect([unknown.response.status, unknown.data]).toEqual([200, { success: true }]);
    expect([known.response.status, known.data]).toEqual([200, { success: true }]);
    const invalid = await visitor.POST('/api/auth/forgot-password', {
      body: { email: 'not an address' },
    });
    expect([invalid.response.status, invalid.error?.message]).toEqual([
      400,
      UI_TEXT.register.invalidEmail,
    ]);

    const token = await server.mailbox.tokenFor(email, '/reset-password');
    // The page checks its link as it opens; checking spends nothing.
    const checked = await restClient(server).POST('/api/auth/check-reset-link', {
      body: { token },
    });
    expect([checked.response.status, checked.data]).toEqual([200, { success: true }]);
    const device = restClient(server);
    const reset = await device.POST('/api/auth/reset-password', {
      body: { token, password: 'rest-new-pass' },
    });
    expect(reset.response.status, JSON.stringify(reset.error)).toBe(200);
    expect(reset.data).toMatchObject({ email, emailVerified: true });
    expect(device.cookie()).toMatch(/^yardsale_session=/);

    expect((await ray.GET('/api/user')).response.status).toBe(401);
    expect((await device.GET('/api/user')).response.status).toBe(200);

    const reused = await restClient(server).POST('/api/auth/reset-password', {
      body: { token, password: 'rest-other-pass' },
    });
    expect([reused.response.status, reused.error?.message]).toEqual([400, M.reset.invalidLink]);
    const usedCheck = await restClient(server).POST('/api/auth/check-reset-link', {
      body: { token },
    });
    expect([usedCheck.response.status, usedCheck.error?.message]).toEqual([
      400,
      M.reset.invalidLink,
    ]);
    const login = await restClient(server).POST('/api/login', {
      body: { email, password: 'rest-new-pass' },
    });
    expect(login.response.status).toBe(200);
  });
});

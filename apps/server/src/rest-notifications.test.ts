import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPushSender, newVapidKeys } from '@yardsale/api';
import { within } from '@yardsale/api/testing';
import { notificationSettings } from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  MAX_SAVED_SEARCHES,
  NOTIFICATION_TEXT,
  UI_TEXT,
} from '@yardsale/validators';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const M = NOTIFICATION_TEXT;
const PASSWORD = 'bell-pass-1';

/** A browser's PushSubscription.toJSON(), at this endpoint. */
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'c2VjcmV0LWF1dGg' },
});

const vapid = () => createPushSender({ ...newVapidKeys(), subject: 'mailto:push@yardsale.test' });

/** What a client sees of a request: status, JSON body and headers. */
async function request(
  server: TestServer,
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    body?: string | FormData;
    contentType?: string;
    /** The page the request comes from; the app's own unless given (null: none). */
    origin?: string | null;
  } = {},
) {
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? server.origin : options.origin;
  if (origin) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.contentType) headers['content-type'] = options.contentType;
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> & { message?: string },
    headers: res.headers,
  };
}

describe.each(testDatabaseKinds())('notifications and saved searches over REST on %s', (kind) => {
  let server: TestServer;
  let people = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      push: vapid(),
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        listingCreateByAccount: { points: 1000, durationSeconds: 60 },
        listingCreateByClient: { points: 1000, durationSeconds: 60 },
        exportByAccount: { points: 1000, durationSeconds: 60 },
        pushSubscribeByAccount: { points: 5, durationSeconds: 60 * 60 },
        unsubscribeFailuresByClient: { points: 5, durationSeconds: 15 * 60 },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A new neighbour with a confirmed address (the test server opens the mailed link). */
  async function neighbour(firstName: string) {
    people += 1;
    const res = await request(server, 'POST', '/api/register', {
      json: {
        email: `bell-${people}-${kind}@example.com`,
        password: PASSWORD,
        firstName,
        lastName: 'Lane',
        termsAccepted: true,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return { cookie, id: res.json.id as number };
  }

  /** Posts a listing as the web app does (multipart, no photos); answers its id. */
  async function post(cookie: string, title: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      category: 'Collectibles',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '8 Orchard Lane, Madison, WI 53703',
    }))
      form.append(k, v);
    const res = await request(server, 'POST', '/api/listings/create-with-photos', {
      cookie,
      body: form,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.id as number;
  }

  /** Resolves once the person's bell has been woken `times` times (as its live count would be). */
  function bellRings(userId: number, times: number) {
    return new Promise<void>((resolve) => {
      let rung = 0;
      const stop = server.deps.events.subscribe(userId, () => {
        rung += 1;
        if (rung < times) return;
        stop();
        resolve();
      });
    });
  }

  /** The push endpoints the person's data export lists: the devices the server will push to. */
  async function devices(cookie: string): Promise<string[]> {
    const res = await fetch(`${server.url}/api/user/export`, {
      headers: { cookie, origin: server.origin },
    });
    expect(res.status).toBe(200);
    const json = unzipSync(new Uint8Array(await res.arrayBuffer()))['yardsale-export.json'];
    if (!json) throw new Error('no yardsale-export.json in the zip');
    const document = JSON.parse(strFromU8(json)) as { pushSubscriptions: { endpoint: string }[] };
    return document.pushSubscriptions.map((s) => s.endpoint);
  }

  it("saves, lists, renames, pauses and deletes a saved search; another person's is not found", async () => {
    const bea = await neighbour('Bea');
    const sam = await neighbour('Sam');

    const banjo = await request(server, 'POST', '/api/saved-searches', {
      cookie: bea.cookie,
      json: { search: 'banjo', push: true, email: 'instant' },
    });
    expect(banjo.status, JSON.stringify(banjo.json)).toBe(200);
    expect(banjo.json).toMatchObject({
      name: 'banjo',
      search: 'banjo',
      category: null,
      near: null,
      radiusMiles: null,
      push: true,
      email: 'instant',
      paused: false,
    });
    const chairs = await request(server, 'POST', '/api/saved-searches', {
      cookie: bea.cookie,
      json: {
        name: 'Chairs near home',
        category: 'Furniture',
        near: { latitude: 43.0775, longitude: -89.3831 },
        radiusMiles: 5,
      },
    });
    expect(chairs.status, JSON.stringify(chairs.json)).toBe(200);
    expect(chairs.json).toMatchObject({
      name: 'Chairs near home',
      category: 'Furniture',
      near: { latitude: 43.0775, longitude: -89.3831 },
      radiusMiles: 5,
      // What nobody chose: pushes, and a daily digest by mail.
      push: true,
      email: 'daily',
    });

    const empty = await request(server, 'POST', '/api/saved-searches', {
      cookie: bea.cookie,
      json: { search: '  ' },
    });
    expect([empty.status, empty.json.message]).toEqual([400, M.searchEmpty]);
    const noRadius = await request(server, 'POST', '/api/saved-searches', {
      cookie: bea.cookie,
      json: { search: 'lamp', near: { latitude: 43, longitude: -89 } },
    });
    expect([noRadius.status, noRadius.json.message]).toEqual([400, M.placeNeedsRadius]);

    const listed = await request(server, 'GET', '/api/saved-searches', { cookie: bea.cookie });
    expect(listed.status).toBe(200);
    expect((listed.json as unknown as { name: string }[]).map((s) => s.name)).toEqual([
      'banjo',
      'Chairs near home',
    ]);

    const at = `/api/saved-searches/${String(banjo.json.id)}`;
    const renamed = await request(server, 'PATCH', at, {
      cookie: bea.cookie,
      json: { name: 'Banjos', paused: true, email: 'off' },
    });
    expect([renamed.status, renamed.json]).toEqual([
      200,
      expect.objectContaining({ id: banjo.json.id, name: 'Banjos', paused: true, email: 'off' }),
    ]);
    const blank = await request(server, 'PATCH', at, { cookie: bea.cookie, json: { name: ' ' } });
    expect([blank.status, blank.json.message]).toEqual([400, M.nameRequired]);

    // Sam cannot see, change or delete Bea's, and learns nothing from trying.
    for (const [method, json] of [
      ['PATCH', { paused: false }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await request(server, method, at, { cookie: sam.cookie, json });
      expect([refused.status, refused.json.message], method).toEqual([404, M.savedSearchNotFound]);
    }
    expect(
      (await request(server, 'GET', '/api/saved-searches', { cookie: sam.cookie })).json,
    ).toEqual([]);
    const still = await request(server, 'GET', '/api/saved-searches', { cookie: bea.cookie });
    expect(still.json).toEqual([
      expect.objectContaining({ name: 'Banjos', paused: true }),
      expect.objectContaining({ name: 'Chairs near home' }),
    ]);

    const deleted = await request(server, 'DELETE', at, { cookie: bea.cookie });
    expect([deleted.status, deleted.json]).toEqual([200, { success: true }]);
    const again = await request(server, 'DELETE', at, { cookie: bea.cookie });
    expect([again.status, again.json.message]).toEqual([404, M.savedSearchNotFound]);
    expect(
      (await request(server, 'GET', '/api/saved-searches', { cookie: bea.cookie })).json,
    ).toEqual([expect.objectContaining({ name: 'Chairs near home' })]);
    const badId = await request(server, 'PATCH', '/api/saved-searches/abc', {
      cookie: bea.cookie,
      json: { paused: true },
    });
    expect([badId.status, badId.json.message]).toEqual([400, UI_TEXT.request.invalidId]);
  });

  it(`keeps at most ${String(MAX_SAVED_SEARCHES)} saved searches a person`, async () => {
    const keen = await neighbour('Kit');
    for (let i = 1; i <= MAX_SAVED_SEARCHES; i += 1) {
      const res = await request(server, 'POST', '/api/saved-searches', {
        cookie: keen.cookie,
        json: { search: `lamp ${String(i)}` },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const over = await request(server, 'POST', '/api/saved-searches', {
      cookie: keen.cookie,
      json: { search: 'one more lamp' },
    });
    expect([over.status, over.json.message]).toEqual([
      400,
      M.tooManySavedSearches(MAX_SAVED_SEARCHES),
    ]);
    const kept = await request(server, 'GET', '/api/saved-searches', { cookie: keen.cookie });
    expect((kept.json as unknown as unknown[]).length).toBe(MAX_SAVED_SEARCHES);
  });

  it('rings the bell when a neighbour posts a listing that matches, newest first, and marks entries read', async () => {
    const bea = await neighbour('Bea');
    const sam = await neighbour('Sam');
    const saved = await request(server, 'POST', '/api/saved-searches', {
      cookie: bea.cookie,
      json: { search: 'banjo' },
    });
    expect(saved.status).toBe(200);
    const quiet = await request(server, 'GET', '/api/notifications', { cookie: bea.cookie });
    expect([quiet.status, quiet.json]).toEqual([200, { items: [], unread: 0 }]);

    // The server matches each listing once its creation commits, and wakes Bea's bell then.
    const matched = bellRings(bea.id, 2);
    const banjoId = await post(sam.cookie, 'Five-string banjo');
    await post(sam.cookie, 'Walnut writing desk');
    const caseId = await post(sam.cookie, 'Hard banjo case');
    await within(matched, 5000, "Bea's bell told of two matches");

    const bell = await request(server, 'GET', '/api/notifications', { cookie: bea.cookie });
    expect(bell.status).toBe(200);
    const list = bell.json as unknown as { items: Record<string, unknown>[]; unread: number };
    expect(list.unread).toBe(2);
    expect(list.items).toHaveLength(2);
    const [newest, older] = list.items;
    if (!newest || !older) throw new Error('two bell entries expected');
    expect(newest).toEqual({
      id: newest.id,
      kind: 'saved-search',
      title: `${M.savedSearchTitleParts[0]}banjo${M.savedSearchTitleParts[1]}`,
      body: 'Hard banjo case',
      createdAt: newest.createdAt,
      readAt: null,
      listingId: caseId,
      conversationId: null,
    });
    expect(typeof newest.id).toBe('number');
    expect(Number.isNaN(Date.parse(String(newest.createdAt)))).toBe(false);
    expect(older).toMatchObject({
      kind: 'saved-search',
      body: 'Five-string banjo',
      listingId: banjoId,
      readAt: null,
    });
    // The seller's own listings never ring their bell.
    expect(
      (await request(server, 'GET', '/api/notifications', { cookie: sam.cookie })).json,
    ).toEqual({ items: [], unread: 0 });

    // Someone else's ids change nothing of Bea's.
    const foreign = await request(server, 'POST', '/api/notifications/read', {
      cookie: sam.cookie,
      json: { ids: [newest.id, older.id] },
    });
    expect([foreign.status, foreign.json]).toEqual([200, { unread: 0 }]);
    const one = await request(server, 'POST', '/api/notifications/read', {
      cookie: bea.cookie,
      json: { ids: [older.id] },
    });
    expect([one.status, one.json]).toEqual([200, { unread: 1 }]);
    const after = (await request(server, 'GET', '/api/notifications', { cookie: bea.cookie }))
      .json as { items: { id: number; readAt: string | null }[]; unread: number };
    expect(after.unread).toBe(1);
    expect(after.items.map((n) => [n.id, n.readAt === null])).toEqual([
      [newest.id, true],
      [older.id, false],
    ]);

    const none = await request(server, 'POST', '/api/notifications/read', {
      cookie: bea.cookie,
      json: { ids: [] },
    });
    expect(none.status).toBe(400);
    // No ids: every entry.
    const all = await request(server, 'POST', '/api/notifications/read', { cookie: bea.cookie });
    expect([all.status, all.json]).toEqual([200, { unread: 0 }]);
    expect(
      (await request(server, 'GET', '/api/notifications', { cookie: bea.cookie })).json.unread,
    ).toBe(0);
  });

  it('reads and writes the notification settings, and refuses a set missing a kind', async () => {
    const dee = await neighbour('Dee');
    const at = '/api/user/notification-settings';
    const first = await request(server, 'GET', at, { cookie: dee.cookie });
    expect([first.status, first.json]).toEqual([200, DEFAULT_NOTIFICATION_SETTINGS]);

    const chosen = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      message: { push: false, email: true },
      'saved-search': { push: true, email: false },
    };
    const saved = await request(server, 'PUT', at, { cookie: dee.cookie, json: chosen });
    expect([saved.status, saved.json]).toEqual([200, chosen]);
    expect((await request(server, 'GET', at, { cookie: dee.cookie })).json).toEqual(chosen);

    const { report: _report, ...missingReport } = chosen;
    const incomplete = await request(server, 'PUT', at, {
      cookie: dee.cookie,
      json: missingReport,
    });
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.json.errors as object)).toEqual(['report']);
    const wrongType = await request(server, 'PUT', at, {
      cookie: dee.cookie,
      json: { ...chosen, review: { push: 'yes', email: true } },
    });
    expect(wrongType.status).toBe(400);
    expect((await request(server, 'GET', at, { cookie: dee.cookie })).json).toEqual(chosen);

    const visitor = await request(server, 'GET', at);
    expect([visitor.status, visitor.json.message]).toEqual([401, UI_TEXT.auth.unauthorized]);
  });

  it('takes a push subscription at an https address only, and forgets it when the browser says so', async () => {
    const eve = await neighbour('Eve');
    const fay = await neighbour('Fay');
    const config = await request(server, 'GET', '/api/push/config', { origin: null });
    expect([config.status, config.json]).toEqual([200, { publicKey: server.deps.push?.publicKey }]);
    expect(config.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const plain = await request(server, 'POST', '/api/push-subscriptions', {
      cookie: eve.cookie,
      json: subscription('http://push.example/send/eve'),
    });
    expect([plain.status, plain.json.message]).toEqual([400, M.endpointHttps]);
    const badKeys = await request(server, 'POST', '/api/push-subscriptions', {
      cookie: eve.cookie,
      json: {
        ...subscription('https://push.example/send/eve'),
        keys: { p256dh: 'a b', auth: 'c' },
      },
    });
    expect([badKeys.status, badKeys.json.message]).toEqual([400, M.keysInvalid]);
    expect(await devices(eve.cookie)).toEqual([]);

    const endpoint = 'https://push.example/send/eve';
    const saved = await request(server, 'POST', '/api/push-subscriptions', {
      cookie: eve.cookie,
      json: subscription(endpoint),
    });
    expect([saved.status, saved.json]).toEqual([200, { success: true }]);
    expect(await devices(eve.cookie)).toEqual([endpoint]);

    // Only the owner's own: Fay naming Eve's endpoint removes nothing.
    const foreign = await request(server, 'DELETE', '/api/push-subscriptions', {
      cookie: fay.cookie,
      json: { endpoint },
    });
    expect([foreign.status, foreign.json]).toEqual([200, { success: true }]);
    expect(await devices(eve.cookie)).toEqual([endpoint]);
    const removed = await request(server, 'DELETE', '/api/push-subscriptions', {
      cookie: eve.cookie,
      json: { endpoint },
    });
    expect([removed.status, removed.json]).toEqual([200, { success: true }]);
    expect(await devices(eve.cookie)).toEqual([]);
  });

  it('limits how many push subscriptions one account saves an hour', async () => {
    const gus = await neighbour('Gus');
    for (let i = 1; i <= 5; i += 1) {
      const res = await request(server, 'POST', '/api/push-subscriptions', {
        cookie: gus.cookie,
        json: subscription(`https://push.example/send/gus-${String(i)}`),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const over = await request(server, 'POST', '/api/push-subscriptions', {
      cookie: gus.cookie,
      json: subscription('https://push.example/send/gus-6'),
    });
    expect([over.status, over.json.message]).toEqual([429, UI_TEXT.rateLimited]);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses push addresses on this machine or private networks in production, and takes public ones', async () => {
    const production = await startTestServer(kind, {
      push: vapid(),
      production: true,
      // The DNS the check asks, as a test double: one name points home, one outside, others are unknown.
      resolveHost: (host) =>
        host === 'loopback.push.example'
          ? Promise.resolve(['127.0.0.1'])
          : host === 'push.example.com'
            ? Promise.resolve(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
            : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`)),
    });
    try {
      const registered = await request(production, 'POST', '/api/register', {
        json: {
          email: `push-${kind}@example.com`,
          password: PASSWORD,
          firstName: 'Hal',
          lastName: 'Lane',
          termsAccepted: true,
        },
      });
      const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const subscribe = (endpoint: string) =>
        request(production, 'POST', '/api/push-subscriptions', {
          cookie,
          json: subscription(endpoint),
        });
      for (const endpoint of [
        'https://127.0.0.1/push',
        'https://10.0.0.1/push',
        'https://192.168.1.20/push',
        'https://[::1]/push',
        'https://[::ffff:127.0.0.1]/push',
        'https://[fd00::1]/push',
        'https://169.254.169.254/latest/meta-data',
        'https://loopback.push.example/push',
        'https://unknown.push.example/push',
      ]) {
        const refused = await subscribe(endpoint);
        expect([refused.status, refused.json.message], endpoint).toEqual([400, M.endpointPrivate]);
      }
      for (const endpoint of ['https://93.184.216.34/push', 'https://push.example.com/send/hal']) {
        const taken = await subscribe(endpoint);
        expect([taken.status, taken.json], endpoint).toEqual([200, { success: true }]);
      }
    } finally {
      await production.stop();
    }
  });

  it("sends an unverified account's owner nothing but the verification link: alerts, e-mail switches and push are refused", async () => {
    const unverified = await startTestServer(kind, {
      push: vapid(),
      openVerificationLinks: false,
      rateLimits: {
        listingCreateByAccount: { points: 1000, durationSeconds: 60 },
        listingCreateByClient: { points: 1000, durationSeconds: 60 },
      },
    });
    try {
      // Someone registers with a stranger's address and never opens the link.
      const stranger = `stranger-${kind}@example.com`;
      const registered = await request(unverified, 'POST', '/api/register', {
        json: {
          email: stranger,
          password: PASSWORD,
          firstName: 'Mal',
          lastName: 'Lane',
          termsAccepted: true,
        },
      });
      expect(registered.status).toBe(200);
      const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const evil = 'URGENT: verify your bank at http://evil.example/x';
      for (const json of [
        { name: evil, search: 'lamp', push: false, email: 'instant' },
        { name: evil, search: 'lamp' },
        { name: evil, search: 'lamp', push: true, email: 'off' },
      ]) {
        const refused = await request(unverified, 'POST', '/api/saved-searches', { cookie, json });
        expect([refused.status, refused.json.message], JSON.stringify(json)).toEqual([
          403,
          M.verifyForAlerts,
        ]);
      }
      const quiet = await request(unverified, 'POST', '/api/saved-searches', {
        cookie,
        json: { name: evil, search: 'lamp', push: false, email: 'off' },
      });
      expect([quiet.status, quiet.json.email]).toEqual([200, 'off']);
      const turnOn = await request(
        unverified,
        'PATCH',
        `/api/saved-searches/${String(quiet.json.id)}`,
        { cookie, json: { email: 'instant' } },
      );
      expect([turnOn.status, turnOn.json.message]).toEqual([403, M.verifyForAlerts]);

      const settingsPath = '/api/user/notification-settings';
      const shown = await request(unverified, 'GET', settingsPath, { cookie });
      expect(
        Object.values(shown.json as Record<string, { email: boolean }>).map((c) => c.email),
      ).toEqual([false, false, false, false, false]);
      const mailOn = await request(unverified, 'PUT', settingsPath, {
        cookie,
        json: DEFAULT_NOTIFICATION_SETTINGS,
      });
      expect([mailOn.status, mailOn.json.message]).toEqual([403, M.verifyForAlerts]);
      const push = await request(unverified, 'POST', '/api/push-subscriptions', {
        cookie,
        json: subscription('https://push.example/send/mal'),
      });
      expect([push.status, push.json.message]).toEqual([403, M.verifyForAlerts]);

      expect(unverified.mailbox.sent.map((m) => m.to)).toEqual([stranger]);
      expect(unverified.mailbox.sent[0]?.text).toContain('/verify-email?token=');
    } finally {
      await unverified.stop();
    }
  });

  describe('one-click unsubscribe (RFC 8058)', () => {
    const settingsPath = '/api/user/notification-settings';

    /** The token of the person's mailed unsubscribe links. */
    async function unsubscribeToken(userId: number): Promise<string> {
      const [row] = await server.deps.db
        .select({ token: notificationSettings.unsubscribeToken })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      if (!row) throw new Error('no unsubscribe token');
      return row.token;
    }

    /** As a mail client posts it: the form, no cookie, no page of ours. */
    const oneClick = (query: string, extra: { cookie?: string; origin?: string } = {}) =>
      request(server, 'POST', `/api/notifications/unsubscribe?${query}`, {
        body: 'List-Unsubscribe=One-Click',
        contentType: 'application/x-www-form-urlencoded',
        origin: extra.origin ?? null,
        cookie: extra.cookie,
      });

    it("turns off that kind's e-mail only, without signing in, from wherever the mail is read", async () => {
      const ivy = await neighbour('Ivy');
      // A person's token exists once anything needs it; their settings page writes it too.
      await request(server, 'PUT', settingsPath, {
        cookie: ivy.cookie,
        json: DEFAULT_NOTIFICATION_SETTINGS,
      });
      const token = encodeURIComponent(await unsubscribeToken(ivy.id));

      const done = await oneClick(`token=${token}&kind=saved-search`);
      expect([done.status, done.json]).toEqual([
        200,
        { kind: 'saved-search', message: M.unsubscribeDone(M.kinds['saved-search'].label) },
      ]);
      const settings = await request(server, 'GET', settingsPath, { cookie: ivy.cookie });
      expect(settings.json).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        'saved-search': { push: true, email: false },
      });

      // A client that sends the form as multipart, as RFC 8058 prefers.
      const form = new FormData();
      form.append('List-Unsubscribe', 'One-Click');
      const multipart = await request(
        server,
        'POST',
        `/api/notifications/unsubscribe?token=${token}&kind=message`,
        { body: form, origin: null },
      );
      expect([multipart.status, multipart.json.kind]).toEqual([200, 'message']);

      // A webmail page in a browser signed in to YardSale: another site, our cookie, still allowed.
      const webmail = await oneClick(`token=${token}&kind=review`, {
        cookie: ivy.cookie,
        origin: 'https://mail.example',
      });
      expect([webmail.status, webmail.json.kind]).toEqual([200, 'review']);

      // Unsubscribing twice is unsubscribing once.
      expect((await oneClick(`token=${token}&kind=review`)).status).toBe(200);
      expect((await request(server, 'GET', settingsPath, { cookie: ivy.cookie })).json).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        message: { push: true, email: false },
        review: { push: true, email: false },
        'saved-search': { push: true, email: false },
      });
    });

    it('refuses a wrong token, a wrong kind and a GET, changing nothing; other paths stay same-site only', async () => {
      const jo = await neighbour('Jo');
      await request(server, 'PUT', settingsPath, {
        cookie: jo.cookie,
        json: DEFAULT_NOTIFICATION_SETTINGS,
      });
      const token = encodeURIComponent(await unsubscribeToken(jo.id));

      const wrong = await oneClick('token=not-anyones-token&kind=message');
      expect([wrong.status, wrong.json.message]).toEqual([404, M.unsubscribeInvalid]);
      const kindless = await oneClick(`token=${token}&kind=everything`);
      expect(kindless.status).toBe(400);
      const tokenless = await oneClick('kind=message');
      expect(tokenless.status).toBe(400);
      // A link scanner that opens the address changes nothing: only the POST unsubscribes.
      const scanned = await fetch(
        `${server.url}/api/notifications/unsubscribe?token=${token}&kind=message`,
      );
      expect(scanned.status).toBe(404);
      expect((await request(server, 'GET', settingsPath, { cookie: jo.cookie })).json).toEqual(
        DEFAULT_NOTIFICATION_SETTINGS,
      );

      // The exception is this path alone: the settings themselves refuse another site,
      const forged = await request(server, 'PUT', settingsPath, {
        cookie: jo.cookie,
        origin: 'https://mail.example',
        json: { ...DEFAULT_NOTIFICATION_SETTINGS, review: { push: false, email: false } },
      });
      expect([forged.status, forged.json.message]).toEqual([403, UI_TEXT.auth.crossOrigin]);
      // and no other path reads a url-encoded form.
      const form = await request(server, 'POST', '/api/saved-searches', {
        cookie: jo.cookie,
        body: 'search=banjo',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect([form.status, form.json.message]).toEqual([415, UI_TEXT.request.unsupportedMediaType]);
      expect((await request(server, 'GET', settingsPath, { cookie: jo.cookie })).json).toEqual(
        DEFAULT_NOTIFICATION_SETTINGS,
      );
      expect(
        (await request(server, 'GET', '/api/saved-searches', { cookie: jo.cookie })).json,
      ).toEqual([]);
    });

    // Last: it spends this client's allowance of unknown tokens.
    it('stops a client guessing tokens, with 429 and Retry-After', async () => {
      const kay = await neighbour('Kay');
      await request(server, 'PUT', settingsPath, {
        cookie: kay.cookie,
        json: DEFAULT_NOTIFICATION_SETTINGS,
      });
      const token = encodeURIComponent(await unsubscribeToken(kay.id));
      // Real links do not count: as many as a mail provider sends.
      for (let i = 0; i < 8; i += 1)
        expect((await oneClick(`token=${token}&kind=report`)).status).toBe(200);
      let guesses = 0;
      let answer = await oneClick(`token=guess-${String(guesses)}&kind=message`);
      while (answer.status === 404 && guesses < 10) {
        guesses += 1;
        answer = await oneClick(`token=guess-${String(guesses)}&kind=message`);
      }
      expect([answer.status, answer.json.message]).toEqual([429, UI_TEXT.rateLimited]);
      expect(guesses).toBeLessThanOrEqual(5);
      // Now even a real link from this client waits.
      const held = await oneClick(`token=${token}&kind=message`);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await request(server, 'GET', settingsPath, { cookie: kay.cookie })).json).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        report: { push: false, email: false },
      });
    });
  });
});

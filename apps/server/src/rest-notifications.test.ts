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

import { asForm, restClient } from '../test/rest-client';
import type { RestClient } from '../test/rest-client';
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

/**
 * What a client sees of a request the API's types do not describe (no origin, another site's, a form
 * where JSON is expected, a malformed body): status, JSON body and headers.
 */
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
    const client = restClient(server);
    const { data, error } = await client.POST('/api/register', {
      body: {
        email: `bell-${people}-${kind}@example.com`,
        password: PASSWORD,
        firstName,
        lastName: 'Lane',
        termsAccepted: true,
      },
    });
    if (!data) throw new Error(`registration refused: ${JSON.stringify(error)}`);
    return { client, cookie: client.cookie(), id: data.id };
  }

  /** Posts a listing as the web app does (multipart, no photos); answers its id. */
  async function post(client: RestClient, title: string) {
    const { data, error } = await client.POST('/api/listings/create-with-photos', {
      body: {
        title,
        category: 'Collectibles',
        listingType: 'single-item',
        priceRange: '$25-$50',
        address: '8 Orchard Lane, Madison, WI 53703',
      },
      bodySerializer: asForm,
    });
    if (!data) throw new Error(`listing refused: ${JSON.stringify(error)}`);
    return data.id;
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
  async function devices(client: RestClient): Promise<string[]> {
    const { data, response } = await client.GET('/api/user/export', { parseAs: 'arrayBuffer' });
    expect(response.status).toBe(200);
    if (!data) throw new Error('no export downloaded');
    const json = unzipSync(new Uint8Array(data))['yardsale-export.json'];
    if (!json) throw new Error('no yardsale-export.json in the zip');
    const document = JSON.parse(strFromU8(json)) as { pushSubscriptions: { endpoint: string }[] };
    return document.pushSubscriptions.map((s) => s.endpoint);
  }

  it("saves, lists, renames, pauses and deletes a saved search; another person's is not found", async () => {
    const bea = (await neighbour('Bea')).client;
    const sam = (await neighbour('Sam')).client;

    const banjo = await bea.POST('/api/saved-searches', {
      body: { search: 'banjo', push: true, email: 'instant' },
    });
    expect(banjo.response.status, JSON.stringify(banjo.error)).toBe(200);
    expect(banjo.data).toMatchObject({
      name: 'banjo',
      search: 'banjo',
      category: null,
      near: null,
      radiusMiles: null,
      push: true,
      email: 'instant',
      paused: false,
    });
    const chairs = await bea.POST('/api/saved-searches', {
      body: {
        name: 'Chairs near home',
        category: 'Furniture',
        near: { latitude: 43.0775, longitude: -89.3831 },
        radiusMiles: 5,
      },
    });
    expect(chairs.response.status, JSON.stringify(chairs.error)).toBe(200);
    expect(chairs.data).toMatchObject({
      name: 'Chairs near home',
      category: 'Furniture',
      near: { latitude: 43.0775, longitude: -89.3831 },
      radiusMiles: 5,
      // What nobody chose: pushes, and a daily digest by mail.
      push: true,
      email: 'daily',
    });

    const empty = await bea.POST('/api/saved-searches', { body: { search: '  ' } });
    expect([empty.response.status, empty.error?.message]).toEqual([400, M.searchEmpty]);
    const noRadius = await bea.POST('/api/saved-searches', {
      body: { search: 'lamp', near: { latitude: 43, longitude: -89 } },
    });
    expect([noRadius.response.status, noRadius.error?.message]).toEqual([400, M.placeNeedsRadius]);

    const listed = await bea.GET('/api/saved-searches');
    expect(listed.response.status).toBe(200);
    expect(listed.data?.map((s) => s.name)).toEqual(['banjo', 'Chairs near home']);

    const at = { params: { path: { id: banjo.data?.id ?? 0 } } };
    const renamed = await bea.PATCH('/api/saved-searches/{id}', {
      ...at,
      body: { name: 'Banjos', paused: true, email: 'off' },
    });
    expect([renamed.response.status, renamed.data]).toEqual([
      200,
      expect.objectContaining({ id: banjo.data?.id, name: 'Banjos', paused: true, email: 'off' }),
    ]);
    const blank = await bea.PATCH('/api/saved-searches/{id}', { ...at, body: { name: ' ' } });
    expect([blank.response.status, blank.error?.message]).toEqual([400, M.nameRequired]);

    // Sam cannot see, change or delete Bea's, and learns nothing from trying.
    const changed = await sam.PATCH('/api/saved-searches/{id}', { ...at, body: { paused: false } });
    expect([changed.response.status, changed.error?.message]).toEqual([404, M.savedSearchNotFound]);
    const removed = await sam.DELETE('/api/saved-searches/{id}', at);
    expect([removed.response.status, removed.error?.message]).toEqual([404, M.savedSearchNotFound]);
    expect((await sam.GET('/api/saved-searches')).data).toEqual([]);
    expect((await bea.GET('/api/saved-searches')).data).toEqual([
      expect.objectContaining({ name: 'Banjos', paused: true }),
      expect.objectContaining({ name: 'Chairs near home' }),
    ]);

    const deleted = await bea.DELETE('/api/saved-searches/{id}', at);
    expect([deleted.response.status, deleted.data]).toEqual([200, { success: true }]);
    const again = await bea.DELETE('/api/saved-searches/{id}', at);
    expect([again.response.status, again.error?.message]).toEqual([404, M.savedSearchNotFound]);
    expect((await bea.GET('/api/saved-searches')).data).toEqual([
      expect.objectContaining({ name: 'Chairs near home' }),
    ]);
    // An id that is no number: a path the API's types do not allow, sent by hand.
    const badId = await request(server, 'PATCH', '/api/saved-searches/abc', {
      cookie: bea.cookie(),
      json: { paused: true },
    });
    expect([badId.status, badId.json.message]).toEqual([400, UI_TEXT.request.invalidId]);
  });

  it(`keeps at most ${String(MAX_SAVED_SEARCHES)} saved searches a person`, async () => {
    const keen = (await neighbour('Kit')).client;
    for (let i = 1; i <= MAX_SAVED_SEARCHES; i += 1) {
      const res = await keen.POST('/api/saved-searches', { body: { search: `lamp ${String(i)}` } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    }
    const over = await keen.POST('/api/saved-searches', { body: { search: 'one more lamp' } });
    expect([over.response.status, over.error?.message]).toEqual([
      400,
      M.tooManySavedSearches(MAX_SAVED_SEARCHES),
    ]);
    expect((await keen.GET('/api/saved-searches')).data).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('rings the bell when a neighbour posts a listing that matches, newest first, and marks entries read', async () => {
    const bea = await neighbour('Bea');
    const sam = await neighbour('Sam');
    const saved = await bea.client.POST('/api/saved-searches', { body: { search: 'banjo' } });
    expect(saved.response.status).toBe(200);
    const quiet = await bea.client.GET('/api/notifications');
    expect([quiet.response.status, quiet.data]).toEqual([200, { items: [], unread: 0 }]);

    // The server matches each listing once its creation commits, and wakes Bea's bell then.
    const matched = bellRings(bea.id, 2);
    const banjoId = await post(sam.client, 'Five-string banjo');
    await post(sam.client, 'Walnut writing desk');
    const caseId = await post(sam.client, 'Hard banjo case');
    await within(matched, 5000, "Bea's bell told of two matches");

    const bell = await bea.client.GET('/api/notifications');
    expect(bell.response.status).toBe(200);
    const list = bell.data;
    if (!list) throw new Error('no bell');
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
    expect(Number.isNaN(Date.parse(newest.createdAt))).toBe(false);
    expect(older).toMatchObject({
      kind: 'saved-search',
      body: 'Five-string banjo',
      listingId: banjoId,
      readAt: null,
    });
    // The seller's own listings never ring their bell.
    expect((await sam.client.GET('/api/notifications')).data).toEqual({ items: [], unread: 0 });

    // Someone else's ids change nothing of Bea's.
    const foreign = await sam.client.POST('/api/notifications/read', {
      body: { ids: [newest.id, older.id] },
    });
    expect([foreign.response.status, foreign.data]).toEqual([200, { unread: 0 }]);
    const one = await bea.client.POST('/api/notifications/read', { body: { ids: [older.id] } });
    expect([one.response.status, one.data]).toEqual([200, { unread: 1 }]);
    const after = (await bea.client.GET('/api/notifications')).data;
    expect(after?.unread).toBe(1);
    expect(after?.items.map((n) => [n.id, n.readAt === null])).toEqual([
      [newest.id, true],
      [older.id, false],
    ]);

    const none = await bea.client.POST('/api/notifications/read', { body: { ids: [] } });
    expect(none.response.status).toBe(400);
    // No ids, indeed no body at all: every entry.
    const all = await request(server, 'POST', '/api/notifications/read', { cookie: bea.cookie });
    expect([all.status, all.json]).toEqual([200, { unread: 0 }]);
    expect((await bea.client.GET('/api/notifications')).data?.unread).toBe(0);
  });

  it('reads and writes the notification settings, and refuses a set missing a kind', async () => {
    const dee = await neighbour('Dee');
    const at = '/api/user/notification-settings';
    const first = await dee.client.GET(at);
    expect([first.response.status, first.data]).toEqual([200, DEFAULT_NOTIFICATION_SETTINGS]);

    const chosen = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      message: { push: false, email: true },
      'saved-search': { push: true, email: false },
    };
    const saved = await dee.client.PUT(at, { body: chosen });
    expect([saved.response.status, saved.data]).toEqual([200, chosen]);
    expect((await dee.client.GET(at)).data).toEqual(chosen);

    // Sets the API's types do not allow, sent by hand.
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
    expect((await dee.client.GET(at)).data).toEqual(chosen);

    const visitor = await restClient(server).GET(at);
    expect([visitor.response.status, visitor.error?.message]).toEqual([
      401,
      UI_TEXT.auth.unauthorized,
    ]);
  });

  it('takes a push subscription at an https address only, and forgets it when the browser says so', async () => {
    const eve = (await neighbour('Eve')).client;
    const fay = (await neighbour('Fay')).client;
    // Read by the service worker as well as the page: asked without an origin.
    const config = await request(server, 'GET', '/api/push/config', { origin: null });
    expect([config.status, config.json]).toEqual([200, { publicKey: server.deps.push?.publicKey }]);
    expect(config.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const plain = await eve.POST('/api/push-subscriptions', {
      body: subscription('http://push.example/send/eve'),
    });
    expect([plain.response.status, plain.error?.message]).toEqual([400, M.endpointHttps]);
    const badKeys = await eve.POST('/api/push-subscriptions', {
      body: {
        ...subscription('https://push.example/send/eve'),
        keys: { p256dh: 'a b', auth: 'c' },
      },
    });
    expect([badKeys.response.status, badKeys.error?.message]).toEqual([400, M.keysInvalid]);
    expect(await devices(eve)).toEqual([]);

    const endpoint = 'https://push.example/send/eve';
    const saved = await eve.POST('/api/push-subscriptions', { body: subscription(endpoint) });
    expect([saved.response.status, saved.data]).toEqual([200, { success: true }]);
    expect(await devices(eve)).toEqual([endpoint]);

    // Only the owner's own: Fay naming Eve's endpoint removes nothing.
    const foreign = await fay.DELETE('/api/push-subscriptions', { body: { endpoint } });
    expect([foreign.response.status, foreign.data]).toEqual([200, { success: true }]);
    expect(await devices(eve)).toEqual([endpoint]);
    const removed = await eve.DELETE('/api/push-subscriptions', { body: { endpoint } });
    expect([removed.response.status, removed.data]).toEqual([200, { success: true }]);
    expect(await devices(eve)).toEqual([]);
  });

  it('limits how many push subscriptions one account saves an hour', async () => {
    const gus = (await neighbour('Gus')).client;
    for (let i = 1; i <= 5; i += 1) {
      const res = await gus.POST('/api/push-subscriptions', {
        body: subscription(`https://push.example/send/gus-${String(i)}`),
      });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    }
    const over = await gus.POST('/api/push-subscriptions', {
      body: subscription('https://push.example/send/gus-6'),
    });
    expect([over.response.status, over.error?.message]).toEqual([429, UI_TEXT.rateLimited]);
    expect(Number(over.response.headers.get('retry-after'))).toBeGreaterThan(0);
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
      const hal = restClient(production);
      const registered = await hal.POST('/api/register', {
        body: {
          email: `push-${kind}@example.com`,
          password: PASSWORD,
          firstName: 'Hal',
          lastName: 'Lane',
          termsAccepted: true,
        },
      });
      expect(registered.response.status).toBe(200);
      const subscribe = (endpoint: string) =>
        hal.POST('/api/push-subscriptions', { body: subscription(endpoint) });
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
        expect([refused.response.status, refused.error?.message], endpoint).toEqual([
          400,
          M.endpointPrivate,
        ]);
      }
      for (const endpoint of ['https://93.184.216.34/push', 'https://push.example.com/send/hal']) {
        const taken = await subscribe(endpoint);
        expect([taken.response.status, taken.data], endpoint).toEqual([200, { success: true }]);
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
      const mal = restClient(unverified);
      const registered = await mal.POST('/api/register', {
        body: {
          email: stranger,
          password: PASSWORD,
          firstName: 'Mal',
          lastName: 'Lane',
          termsAccepted: true,
        },
      });
      expect(registered.response.status).toBe(200);
      const evil = 'URGENT: verify your bank at http://evil.example/x';
      for (const body of [
        { name: evil, search: 'lamp', push: false, email: 'instant' },
        { name: evil, search: 'lamp' },
        { name: evil, search: 'lamp', push: true, email: 'off' },
      ] as const) {
        const refused = await mal.POST('/api/saved-searches', { body });
        expect([refused.response.status, refused.error?.message], JSON.stringify(body)).toEqual([
          403,
          M.verifyForAlerts,
        ]);
      }
      const quiet = await mal.POST('/api/saved-searches', {
        body: { name: evil, search: 'lamp', push: false, email: 'off' },
      });
      expect([quiet.response.status, quiet.data?.email]).toEqual([200, 'off']);
      const turnOn = await mal.PATCH('/api/saved-searches/{id}', {
        params: { path: { id: quiet.data?.id ?? 0 } },
        body: { email: 'instant' },
      });
      expect([turnOn.response.status, turnOn.error?.message]).toEqual([403, M.verifyForAlerts]);

      const settingsPath = '/api/user/notification-settings';
      const shown = await mal.GET(settingsPath);
      expect(Object.values(shown.data ?? {}).map((c) => c.email)).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
      const mailOn = await mal.PUT(settingsPath, { body: DEFAULT_NOTIFICATION_SETTINGS });
      expect([mailOn.response.status, mailOn.error?.message]).toEqual([403, M.verifyForAlerts]);
      const push = await mal.POST('/api/push-subscriptions', {
        body: subscription('https://push.example/send/mal'),
      });
      expect([push.response.status, push.error?.message]).toEqual([403, M.verifyForAlerts]);

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
      await ivy.client.PUT(settingsPath, { body: DEFAULT_NOTIFICATION_SETTINGS });
      const token = encodeURIComponent(await unsubscribeToken(ivy.id));

      const done = await oneClick(`token=${token}&kind=saved-search`);
      expect([done.status, done.json]).toEqual([
        200,
        { kind: 'saved-search', message: M.unsubscribeDone(M.kinds['saved-search'].label) },
      ]);
      const settings = await ivy.client.GET(settingsPath);
      expect(settings.data).toEqual({
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
      expect((await ivy.client.GET(settingsPath)).data).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        message: { push: true, email: false },
        review: { push: true, email: false },
        'saved-search': { push: true, email: false },
      });
    });

    it('refuses a wrong token, a wrong kind and a GET, changing nothing; other paths stay same-site only', async () => {
      const jo = await neighbour('Jo');
      await jo.client.PUT(settingsPath, { body: DEFAULT_NOTIFICATION_SETTINGS });
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
      expect((await jo.client.GET(settingsPath)).data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);

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
      expect((await jo.client.GET(settingsPath)).data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      expect((await jo.client.GET('/api/saved-searches')).data).toEqual([]);
    });

    // Last: it spends this client's allowance of unknown tokens.
    it('stops a client guessing tokens, with 429 and Retry-After', async () => {
      const kay = await neighbour('Kay');
      await kay.client.PUT(settingsPath, { body: DEFAULT_NOTIFICATION_SETTINGS });
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
      expect((await kay.client.GET(settingsPath)).data).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        report: { push: false, email: false },
      });
    });
  });
});

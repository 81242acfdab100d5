import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { within } from '@yardsale/api/testing';
import { testDatabaseKinds } from '@yardsale/db/testing';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  MAX_SAVED_SEARCHES,
  NOTIFICATION_TEXT,
  UI_TEXT,
} from '@yardsale/validators';

import {
  bellRings,
  neighbour,
  PASSWORD,
  post,
  request,
  startNotificationServer,
  subscription,
  vapid,
} from '../test/notifications-testing';
import { restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const M = NOTIFICATION_TEXT;

/**
 * Saved searches, the bell and the notification settings over REST, and what an unverified account
 * may not turn on. Push subscriptions and the one-click unsubscribe have files of their own.
 */
describe.each(testDatabaseKinds())('notifications and saved searches over REST on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startNotificationServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("saves, lists, renames, pauses and deletes a saved search; another person's is not found", async () => {
    const bea = (await neighbour(server, 'Bea')).client;
    const sam = (await neighbour(server, 'Sam')).client;

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
    const keen = (await neighbour(server, 'Kit')).client;
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
    const bea = await neighbour(server, 'Bea');
    const sam = await neighbour(server, 'Sam');
    const saved = await bea.client.POST('/api/saved-searches', { body: { search: 'banjo' } });
    expect(saved.response.status).toBe(200);
    const quiet = await bea.client.GET('/api/notifications');
    expect([quiet.response.status, quiet.data]).toEqual([200, { items: [], unread: 0 }]);

    // The server matches each listing once its creation commits, and wakes Bea's bell then.
    const matched = bellRings(server, bea.id, 2);
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
    const dee = await neighbour(server, 'Dee');
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
});

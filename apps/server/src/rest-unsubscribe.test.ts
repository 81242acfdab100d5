import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationSettings } from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import { neighbour, request, startNotificationServer } from '../test/notifications-testing';
import type { TestServer } from '../test/test-server';

const M = NOTIFICATION_TEXT;

/** The unsubscribe link in every notification mail, as a mail client follows it. */
describe.each(testDatabaseKinds())('notifications and saved searches over REST on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startNotificationServer(kind);
  });
  afterAll(async () => {
    await server.stop();
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
      const ivy = await neighbour(server, 'Ivy');
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
      const jo = await neighbour(server, 'Jo');
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
      const kay = await neighbour(server, 'Kay');
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

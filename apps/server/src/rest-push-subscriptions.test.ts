import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import {
  devices,
  neighbour,
  PASSWORD,
  request,
  startNotificationServer,
  subscription,
  vapid,
} from '../test/notifications-testing';
import { restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const M = NOTIFICATION_TEXT;

/** Web push over REST: the server's key, saving and forgetting a device, and where it may push. */
describe.each(testDatabaseKinds())('notifications and saved searches over REST on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startNotificationServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('takes a push subscription at an https address only, and forgets it when the browser says so', async () => {
    const eve = (await neighbour(server, 'Eve')).client;
    const fay = (await neighbour(server, 'Fay')).client;
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
    const gus = (await neighbour(server, 'Gus')).client;
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
});

import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { until, within } from '@yardsale/api/testing';
import { describeWithService } from '@yardsale/db/testing';

import { got, startProxyDeployment } from '../test/proxy-deployment';
import type { ProxyDeployment } from '../test/proxy-deployment';

/**
 * Two processes of the built server behind nginx, as docs/deploy.md sets them up
 * (test/proxy-deployment.ts): what one instance makes, the other and the proxy show. Restarts and a
 * dying instance are in behind-proxy-restarts.test.ts. The figures it prints are the ones
 * docs/deploy.md quotes.
 */
describeWithService('TEST_DATABASE_URL', 'two built instances behind nginx', () => {
  let deployment: ProxyDeployment;
  beforeAll(async () => {
    deployment = await startProxyDeployment();
  });
  afterAll(async () => {
    await deployment.stop();
  });

  it('keeps a session made on one instance on the other, and through the proxy', async () => {
    const { direct, send, register, nginx } = deployment;
    const person = await register(direct(0), 'Sam');
    const signIn = await send(direct(0), 'POST', '/api/login', {
      body: { email: person.email, password: 'proxy-pass-1' },
      client: person.client,
    });
    expect(signIn.status).toBe(200);
    const onSecond = await send(direct(1), 'GET', '/api/user', { cookie: signIn.cookie });
    expect(onSecond.status).toBe(200);
    expect(onSecond.json).toMatchObject({ id: person.id, email: person.email });
    // Through the proxy, whichever instance answers.
    for (let i = 0; i < 4; i += 1) {
      const viaProxy = await send(nginx.url, 'GET', '/api/user', { cookie: signIn.cookie });
      expect(viaProxy.json).toMatchObject({ id: person.id });
    }
    // Signing out on the second ends the session on the first.
    expect((await send(direct(1), 'POST', '/api/logout', { cookie: signIn.cookie })).status).toBe(
      200,
    );
    expect((await send(direct(0), 'GET', '/api/user', { cookie: signIn.cookie })).status).toBe(401);
  });

  it('shows a photo uploaded through one instance through the other, at the URL the API returns', async () => {
    const { direct, send, register, createListing, nginx, s3 } = deployment;
    const seller = await register(direct(0), 'Pat');
    const { id } = await createListing(direct(0), seller, 'Relay lamp');
    const viewer = await register(direct(1), 'Viv');
    const detail = await send(direct(1), 'GET', `/api/listings/${id}`, { cookie: viewer.cookie });
    expect(detail.status, JSON.stringify(detail.json)).toBe(200);
    const images = detail.json.images as { imageUrl: string; thumbnailUrl: string }[];
    expect(images).toHaveLength(1);
    const url = got(images[0], 'a photo').imageUrl;
    expect(url.startsWith('/uploads/')).toBe(true);
    const responses = await Promise.all(
      [direct(0), direct(1), nginx.url].map((base) => fetch(`${base}${url}`)),
    );
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    const bytes = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    const [viaFirst, viaSecond, viaProxy] = bytes.map((b) => got(b, 'photo bytes'));
    expect(got(viaFirst, 'photo via the first').length).toBeGreaterThan(100);
    expect(viaSecond).toEqual(viaFirst);
    expect(viaProxy).toEqual(viaFirst);
    expect((await sharp(got(viaSecond, 'photo via the second')).metadata()).format).toBe('webp');

    // Deleted through the other instance, its objects leave the shared bucket.
    const key = url.slice('/uploads/'.length);
    expect(await s3.listKeys()).toContain(key);
    const removed = await send(direct(1), 'DELETE', `/api/listings/${id}`, {
      cookie: seller.cookie,
      client: seller.client,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(await s3.listKeys()).not.toContain(key);
    expect((await fetch(`${nginx.url}${url}`)).status).toBe(404);
  });

  it(
    'delivers messages sent through one instance live on a socket held by the other',
    { timeout: 60_000 },
    async () => {
      const { direct, send, register, createListing, liveClient } = deployment;
      const seller = await register(direct(0), 'Lee');
      const buyer = await register(direct(0), 'Kim');
      const { id: listingId } = await createListing(direct(0), seller, 'Relay chair');
      const conversation = await send(direct(0), 'POST', '/api/conversations', {
        body: { listingId },
        cookie: buyer.cookie,
        client: buyer.client,
      });
      const conversationId = conversation.json.id as number;
      const live = liveClient(direct(1), seller.cookie);
      try {
        await within(live.started, 10_000, 'the subscription on the second instance');
        const COUNT = 50;
        const latencies: number[] = [];
        for (let n = 0; n < COUNT; n += 1) {
          const before = live.events.length;
          const t0 = performance.now();
          const sent = await send(
            direct(0),
            'POST',
            `/api/conversations/${conversationId}/messages`,
            {
              body: { content: `Across ${n}` },
              cookie: buyer.cookie,
              client: buyer.client,
            },
          );
          expect(sent.status, JSON.stringify(sent.json)).toBe(200);
          await until(
            () => live.events.length > before,
            5000,
            () => `message ${n} on the second instance`,
          );
          latencies.push(got(live.events.at(-1), 'an event').at - t0);
        }
        expect(
          live.events.map(({ event }) => event.kind === 'message.created' && event.message.content),
        ).toEqual(Array.from({ length: COUNT }, (_, n) => `Across ${n}`));
        latencies.sort((a, b) => a - b);
        const p = (q: number) =>
          got(
            latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))],
            'a latency',
          );
        console.log(
          `across instances: ${COUNT} messages sent on one instance, delivered on the other; ` +
            `send to arrival p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${got(latencies.at(-1), 'a latency').toFixed(1)} ms`,
        );
      } finally {
        await live.close();
      }
    },
  );

  it('shares rate limits: failed sign-ins counted on one instance refuse the next on the other', async () => {
    const { direct, send, register, nginx, origin } = deployment;
    const person = await register(direct(0), 'Ray');
    const attempt = (i: 0 | 1) =>
      send(direct(i), 'POST', '/api/login', {
        body: { email: person.email, password: 'not-the-password' },
        client: '203.0.113.7',
      });
    // Ten wrong passwords for one account from one address are allowed in a quarter hour (decision 028).
    for (let n = 0; n < 10; n += 1) expect((await attempt(n % 2 === 0 ? 0 : 1)).status).toBe(401);
    expect((await attempt(0)).status).toBe(429);
    expect((await attempt(1)).status).toBe(429);
    // The proxy's own address is the client for anyone coming through it, whatever they claim.
    const forged = await fetch(`${nginx.url}/api/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ email: person.email, password: 'not-the-password' }),
    });
    expect(forged.status).toBe(401);
  });
});

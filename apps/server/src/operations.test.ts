import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { within } from '@yardsale/api/testing';
import { sql } from '@yardsale/db';
import { describeWithService } from '@yardsale/db/testing';

import { createServerMetrics } from './metrics';
import { openSocket } from '../test/socket-client';
import { sendJson, startTestServer, startTwoInstances } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function get(server: TestServer, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, { headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Metrics are text.
  }
  return { status: res.status, body, text, headers: res.headers };
}

const scrape = async (server: TestServer) =>
  (await get(server, '/metrics', { authorization: `Bearer ${TOKEN}` })).text;

/** The value of one sample line of the exposition, e.g. `yardsale_websockets_open`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A signed-in neighbour with a listing and a buyer in conversation about it. */
async function conversation(server: TestServer, tag: string) {
  const post = (url: string, body: unknown, cookie = '') => sendJson(server, url, body, cookie);
  const register = (who: string) =>
    post('/api/register', {
      email: `${who}-${tag}@example.com`,
      password: 'ops-pass-1',
      firstName: who,
      lastName: 'Ops',
      termsAccepted: true,
    });
  const seller = await register('seller');
  const buyer = await register('buyer');
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: 'Brass lamp',
    category: 'Home & Garden',
    listingType: 'single-item',
    priceRange: 'Under $25',
    address: '7 Quay Street',
  }))
    form.append(k, v);
  const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
    method: 'POST',
    headers: { cookie: seller.cookie, origin: server.origin },
    body: form,
  });
  const listingId = ((await created.json()) as { id: number }).id;
  const conversationId = (await post('/api/conversations', { listingId }, buyer.cookie)).json
    .id as number;
  return {
    seller,
    buyer,
    listingId,
    send: (content: string, via: TestServer = server) =>
      sendJson(via, `/api/conversations/${conversationId}/messages`, { content }, buyer.cookie),
  };
}

describe('liveness and readiness', () => {
  let databaseDown = false;
  let storageDown = false;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      operations: {
        // As a database that stopped answering: the check throws.
        healthCheck: async () => {
          if (databaseDown) throw new Error('connection refused');
          await server.deps.db.execute(sql`select 1`);
        },
      },
      wrapStorage: (storage) => ({
        ...storage,
        check: async () => {
          if (storageDown) throw new Error('EACCES: permission denied');
          await storage.check();
        },
      }),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is ready when the database and the photo storage answer', async () => {
    const ready = await get(server, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect((await get(server, '/healthz')).body).toEqual({ status: 'ok' });
  });

  it('is not ready without its database, and still alive', async () => {
    databaseDown = true;
    try {
      const ready = await get(server, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: 'database unreachable' });
      // The reason is short and never the error's own text.
      expect(ready.text).not.toContain('refused');
      const live = await get(server, '/healthz');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
    } finally {
      databaseDown = false;
    }
    expect((await get(server, '/readyz')).status).toBe(200);
  });

  it('is not ready when photos cannot be stored', async () => {
    storageDown = true;
    try {
      const ready = await get(server, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: 'storage unreachable' });
    } finally {
      storageDown = false;
    }
  });
});

describe('readiness while the server stops', () => {
  it('answers 503 from the moment the stop begins, while still serving, until the listener closes', async () => {
    const server = await startTestServer('pglite', { operations: { readinessGraceMs: 1_500 } });
    // An object, so the check in `finally` reads what the stop's callback wrote.
    const state = { stopped: false };
    try {
      expect((await get(server, '/readyz')).status).toBe(200);
      const stopping = server.stop().then(() => {
        state.stopped = true;
      });
      const ready = await get(server, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: 'draining' });
      // Traffic already on its way is still answered, and the process is alive.
      expect((await get(server, '/healthz')).status).toBe(200);
      expect((await get(server, '/api/openapi.json')).status).toBe(200);
      expect(state.stopped).toBe(false);
      await within(stopping, 10_000, 'the stop to finish');
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      if (!state.stopped) await server.stop().catch(() => undefined);
    }
  });
});

describe('metrics', () => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { operations: { metricsToken: TOKEN } });
    off = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
    await off.stop();
  });

  it('are off (404) without METRICS_TOKEN', async () => {
    const res = await get(off, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
  });

  it('need the token: 401 without it or with a wrong one, whatever the session', async () => {
    expect((await get(server, '/metrics')).status).toBe(401);
    expect((await get(server, '/metrics', { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get(server, '/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get(server, '/metrics', { authorization: TOKEN })).status).toBe(401);
    const denied = await get(server, '/metrics', { authorization: `Basic ${TOKEN}` });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('serve the Prometheus exposition with the token', async () => {
    const res = await get(server, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'yardsale_http_request_duration_seconds',
      'yardsale_websockets_open',
      'yardsale_live_subscriptions',
      'yardsale_event_delivery_lag_seconds',
      'yardsale_db_probe_seconds',
      'yardsale_db_up',
      'yardsale_job_runs_total',
      'yardsale_job_duration_seconds',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(res.text, 'yardsale_db_up')).toBe(1);
  });

  it('time requests by route pattern and status, never by the raw URL', async () => {
    const { listingId, buyer } = await conversation(server, 'routes');
    const cookie = { cookie: buyer.cookie };
    expect((await get(server, `/api/listings/${listingId}`, cookie)).status).toBe(200);
    expect((await get(server, '/api/listings/2147483000', cookie)).status).toBe(404);
    const text = await scrape(server);
    expect(text).toMatch(
      /yardsale_http_request_duration_seconds_count\{route="\/api\/listings\/:id",method="GET",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(
      /yardsale_http_request_duration_seconds_count\{route="\/api\/listings\/:id",method="GET",status_code="404"\} 1\n/,
    );
    expect(text).not.toContain(`/api/listings/${listingId}"`);
    expect(text).not.toContain('2147483000');
  });

  it('count open websockets and live streams, and time each delivery', async () => {
    const { seller, send } = await conversation(server, 'sockets');
    const before = await scrape(server);
    expect(sample(before, 'yardsale_websockets_open')).toBe(0);
    expect(sample(before, 'yardsale_live_subscriptions')).toBe(0);

    const socket = await openSocket(server.url, { cookie: seller.cookie });
    const stream = socket.subscribe('conversations.events');
    try {
      expect(await within(stream.started, 5_000, 'the stream to start')).toMatchObject({
        ok: true,
      });
      const open = await scrape(server);
      expect(sample(open, 'yardsale_websockets_open')).toBe(1);
      expect(sample(open, 'yardsale_live_subscriptions')).toBe(1);

      expect((await send('Is it brass?')).status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (stream.events.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(stream.events).toHaveLength(1);
      const delivered = await scrape(server);
      expect(sample(delivered, 'yardsale_event_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      stream.stop();
      await socket.close();
    }
    const deadline = Date.now() + 5_000;
    let after = await scrape(server);
    while (sample(after, 'yardsale_websockets_open') !== 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = await scrape(server);
    }
    expect(sample(after, 'yardsale_websockets_open')).toBe(0);
    expect(sample(after, 'yardsale_live_subscriptions')).toBe(0);
  });
});

describe('job metrics', () => {
  it('count runs and time them by job and outcome', async () => {
    const metrics = createServerMetrics();
    expect(await metrics.timeJob('purge', () => Promise.resolve(3))).toBe(3);
    await expect(
      metrics.timeJob('prune', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    const { body } = await metrics.render();
    expect(sample(body, 'yardsale_job_runs_total{job="purge",outcome="success"}')).toBe(1);
    expect(sample(body, 'yardsale_job_runs_total{job="prune",outcome="failure"}')).toBe(1);
    expect(sample(body, 'yardsale_job_duration_seconds_count{job="purge",outcome="success"}')).toBe(
      1,
    );
  });
});

describeWithService('TEST_DATABASE_URL', 'delivery lag across instances', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  beforeAll(async () => {
    instances = await startTwoInstances();
  });
  afterAll(async () => {
    await instances.stop();
  });

  it('times a wake-up sent through one instance and heard by a stream on the other', async () => {
    const { first, second } = instances;
    const { seller, send } = await conversation(first, 'instances');
    const socket = await openSocket(second.url, { cookie: seller.cookie });
    const stream = socket.subscribe('conversations.events');
    try {
      await within(stream.started, 5_000, 'the stream to start');
      expect((await send('Across the wire', first)).status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (stream.events.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(stream.events).toHaveLength(1);
      const { body } = await second.metrics.render();
      // Timed only when the NOTIFY payload carried the moment it was sent.
      expect(sample(body, 'yardsale_event_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    } finally {
      stream.stop();
      await socket.close();
    }
  });
});

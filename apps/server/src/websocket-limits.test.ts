import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LIVE_SOCKET_LIMITS, UI_TEXT } from '@yardsale/validators';

import { clientAddressReader } from './client-address';
import type { TrustProxy } from './client-address';
import { runFlood } from '../test/flood-scenario';
import { openSocket, upgradeRefusal } from '../test/socket-client';
import type { SocketClient } from '../test/socket-client';
import { sendJson as post, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';
import { CLOSE_TOO_MANY_CALLS } from './websocket';

const PASSWORD = 'limits-pass-1';
let people = 0;

async function register(server: TestServer, firstName = 'Lim') {
  people += 1;
  const res = await post(server, '/api/register', {
    email: `limits-${people}-${Date.now()}@example.com`,
    password: PASSWORD,
    firstName,
    lastName: 'Its',
    termsAccepted: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.id as number, cookie: res.cookie };
}

async function closeAll(sockets: SocketClient[]) {
  await Promise.all(sockets.map((s) => s.close()));
}

const generousRateLimits = {
  registerByClient: { points: 1000, durationSeconds: 60 },
  messagesByAccount: { points: 1000, durationSeconds: 60 },
};

describe('bounds on websockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { rateLimits: generousRateLimits });
  });
  afterAll(async () => {
    await server.stop();
  });

  it(`refuses a socket's live stream past ${LIVE_SOCKET_LIMITS.subscriptionsPerSocket} with a product message, and takes one again once another stops`, async () => {
    const { cookie } = await register(server);
    const socket = await openSocket(server.url, { cookie });
    const streams = Array.from({ length: LIVE_SOCKET_LIMITS.subscriptionsPerSocket }, () =>
      socket.subscribe('conversations.events'),
    );
    for (const stream of streams)
      expect(await stream.started).toEqual({ ok: true, data: undefined });

    const extra = socket.subscribe('conversations.events');
    expect(await extra.started).toEqual({
      ok: false,
      code: 'TOO_MANY_REQUESTS',
      message: UI_TEXT.live.tooManyStreams,
    });

    streams[0]?.stop();
    expect(await streams[0]?.ended).toBe('stopped');
    expect(await socket.subscribe('conversations.events').started).toEqual({
      ok: true,
      data: undefined,
    });
    await socket.close();
  });

  it(`answers at most ${LIVE_SOCKET_LIMITS.callsInFlightPerSocket} calls at once on one socket and refuses the rest in words`, async () => {
    const { cookie } = await register(server);
    const socket = await openSocket(server.url, { cookie });
    // More than may run at once, in one frame, within the socket's burst (with one call to spare).
    const calls = LIVE_SOCKET_LIMITS.callBurstPerSocket - 1;
    expect(calls).toBeGreaterThan(LIVE_SOCKET_LIMITS.callsInFlightPerSocket);
    const answers = await socket.callAll(
      Array.from({ length: calls }, () => ({ method: 'query' as const, path: 'auth.me' })),
    );
    const answered = answers.filter((a) => a.ok);
    const refused = answers.filter((a) => !a.ok);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThanOrEqual(LIVE_SOCKET_LIMITS.callsInFlightPerSocket);
    for (const answer of refused) {
      expect(answer).toEqual({
        ok: false,
        code: 'TOO_MANY_REQUESTS',
        message: UI_TEXT.live.tooManyCalls,
      });
    }
    // Once answered, the socket takes calls again.
    expect(await socket.call('query', 'auth.me')).toMatchObject({ ok: true });
    await socket.close();
  });

  it(`closes a socket that sends more than ${LIVE_SOCKET_LIMITS.callBurstPerSocket} calls at once, with a code and a reason`, async () => {
    const { cookie } = await register(server);
    const socket = await openSocket(server.url, { cookie });
    const sentAt = performance.now();
    const streams = Array.from({ length: 300 }, () => socket.subscribe('conversations.events'));
    expect(await socket.closed).toEqual({
      code: CLOSE_TOO_MANY_CALLS,
      reason: UI_TEXT.live.tooManyCalls,
    });
    const seconds = (performance.now() - sentAt) / 1000;
    const answers = await Promise.all(streams.map((s) => s.started));
    const read = answers.filter((a) => a.ok || a.code === 'TOO_MANY_REQUESTS').length;
    // Read up to its budget, and what the budget refilled while the calls were arriving (a busy
    // machine reads them more slowly), then not at all: far fewer than were sent.
    expect(read).toBeLessThanOrEqual(
      LIVE_SOCKET_LIMITS.callBurstPerSocket +
        1 +
        Math.ceil(seconds * LIVE_SOCKET_LIMITS.callsPerSecondPerSocket),
    );
    expect(read).toBeLessThan(streams.length / 4);
    // A well-behaved socket of the same account is not affected.
    const calm = await openSocket(server.url, { cookie });
    expect(await calm.call('query', 'auth.me')).toMatchObject({ ok: true });
    await calm.close();
  });

  it(`refuses an account's socket past ${LIVE_SOCKET_LIMITS.socketsPerUser} with 429 at the upgrade`, async () => {
    const { cookie } = await register(server);
    const sockets = await Promise.all(
      Array.from({ length: LIVE_SOCKET_LIMITS.socketsPerUser }, () =>
        openSocket(server.url, { cookie }),
      ),
    );
    const refused = await upgradeRefusal(openSocket(server.url, { cookie }));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: UI_TEXT.live.tooManyConnections });
    // Someone else from the same address is not affected.
    const other = await register(server);
    const theirs = await openSocket(server.url, { cookie: other.cookie });

    await sockets[0]?.close();
    const again = await openSocket(server.url, { cookie });
    await closeAll([...sockets.slice(1), theirs, again]);
  });

  it(`refuses a client address's socket past ${LIVE_SOCKET_LIMITS.socketsPerAddress}, whatever X-Forwarded-For it sends`, async () => {
    const sockets = await Promise.all(
      Array.from({ length: LIVE_SOCKET_LIMITS.socketsPerAddress }, () => openSocket(server.url)),
    );
    const plain = await upgradeRefusal(openSocket(server.url));
    expect(plain.status).toBe(429);
    expect(JSON.parse(plain.body)).toEqual({ message: UI_TEXT.live.tooManyConnections });
    // No proxy is trusted here: a forged header changes nothing.
    const forged = await upgradeRefusal(
      openSocket(server.url, { headers: { 'x-forwarded-for': '198.51.100.23' } }),
    );
    expect(forged.status).toBe(429);
    await sockets[0]?.close();
    const again = await openSocket(server.url);
    await closeAll([...sockets.slice(1), again]);
  });
});

describe('the client address of a websocket behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // This test's own connections come from 127.0.0.1: here, that is the trusted proxy.
    server = await startTestServer('pglite', {
      trustProxy: '127.0.0.1',
      socketLimits: { socketsPerAddress: 3 },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('counts sockets by the address the proxy saw, not by what the client wrote before it', async () => {
    const behind = (xff: string) => openSocket(server.url, { headers: { 'x-forwarded-for': xff } });
    const sockets = await Promise.all([
      behind('203.0.113.7'),
      behind('203.0.113.7'),
      behind('203.0.113.7'),
    ]);
    expect((await upgradeRefusal(behind('203.0.113.7'))).status).toBe(429);
    // The client's own entries come first; the proxy appends the address it saw.
    expect((await upgradeRefusal(behind('198.51.100.1, 203.0.113.7'))).status).toBe(429);
    const neighbour = await behind('203.0.113.8');
    await closeAll([...sockets, neighbour]);
  });
});

describe('reading a client address as Fastify reads request.ip', () => {
  const settings: [string, TrustProxy][] = [
    ['nothing trusted', false],
    ['everything trusted', true],
    ['a bare hop count', 2],
    ['one proxy address', '127.0.0.1'],
    ['a list with a range', 'loopback, 10.0.0.0/8'],
    ['a list as an array', ['127.0.0.1', '10.1.2.3']],
    [
      'a function (a hop count the server turns into one)',
      (_address: string, hop: number) => hop < 2,
    ],
  ];
  const headers = [
    undefined,
    '203.0.113.9',
    '198.51.100.1, 10.1.2.3',
    '198.51.100.1, 203.0.113.9, 10.9.9.9',
    'not-an-ip',
  ];

  it.each(settings)('agrees with Fastify with %s', async (_name, trust) => {
    const app = Fastify({ trustProxy: trust as boolean | string | string[] });
    const read = clientAddressReader(trust);
    app.get('/', (req) => ({ fastify: req.ip, ours: read(req.raw) }));
    try {
      for (const xff of headers) {
        const res = await app.inject({
          url: '/',
          headers: xff ? { 'x-forwarded-for': xff } : {},
          remoteAddress: '127.0.0.1',
        });
        const { fastify, ours } = res.json<{ fastify: string; ours: string }>();
        expect(ours, `X-Forwarded-For: ${String(xff)}`).toBe(fastify);
      }
    } finally {
      await app.close();
    }
  });
});

describe('a flood of websockets and live streams from one client (embedded database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { rateLimits: generousRateLimits });
  });
  afterAll(async () => {
    await server.stop();
  });

  it(
    'keeps answering /healthz and other people while the flood meets every bound',
    { timeout: 120_000 },
    async () => {
      const { outcome, probeStatuses, healthz, other } = await runFlood(server);
      // How long the probes took depends on the machine: `pnpm bench:flood` reports it.
      console.log(JSON.stringify({ outcome, healthz, other }));
      // The flood met every bound: refused upgrades, refused streams, sockets cut off mid-flood.
      expect(outcome.refused['429']).toBeGreaterThan(0);
      expect(outcome.streamsRefused[UI_TEXT.live.tooManyStreams]).toBeGreaterThan(0);
      expect(outcome.streamsRefused['socket closed']).toBeGreaterThan(0);
      // No signed-in socket ran more streams than its account may hold.
      expect(outcome.streamsStarted).toBeLessThanOrEqual(
        outcome.opened * LIVE_SOCKET_LIMITS.subscriptionsPerSocket,
      );
      // Every probe, all through it, was answered, and none went unanswered for 10 s (runFlood).
      expect(Object.keys(probeStatuses)).toEqual(['200']);
      expect(healthz.probes).toBeGreaterThanOrEqual(25);
      expect(other.probes).toBe(healthz.probes);
    },
  );
});

import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const CAP = 40;
const FLOOD = 400;

/**
 * Half-open requests from `from`: each connection sends a request line and one header, and never the
 * blank line that ends them. Resolves once every connection is open or closed by the server.
 */
async function halfOpenFlood(port: number, from: string, count: number) {
  const sockets: net.Socket[] = [];
  let closedByServer = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
          sockets.push(socket);
          socket.on('connect', () => {
            socket.write('GET /healthz HTTP/1.1\r\nHost: flood\r\n', () => resolve());
          });
          socket.on('close', () => {
            closedByServer += 1;
            resolve();
          });
          socket.on('error', () => resolve());
        }),
    ),
  );
  return {
    sockets,
    closedByServer: () => closedByServer,
    end: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

async function healthzFrom(url: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, ms: Date.now() - started };
}

describe('connections per client address', () => {
  let server: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { connectionsPerAddress: CAP });
    // Behind a proxy at 127.0.0.3: its connections carry every client's requests.
    proxied = await startTestServer('pglite', {
      connectionsPerAddress: CAP,
      trustProxy: '127.0.0.3',
    });
  });
  afterAll(async () => {
    await server.stop();
    await proxied.stop();
  });

  it('closes a flood of half-open requests from one address past its cap, while others are served at once', async () => {
    const port = Number(new URL(server.url).port);
    const flood = await halfOpenFlood(port, '127.0.0.2', FLOOD);
    try {
      await expect.poll(() => flood.closedByServer()).toBe(FLOOD - CAP);
      const open = await new Promise<number>((resolve, reject) =>
        server.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
      );
      expect(open).toBeLessThanOrEqual(CAP + 1);
      // Another address is served at once.
      const other = await healthzFrom(server.url);
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(1000);
      const metrics = await server.metrics.registry.getSingleMetricAsString(
        'yardsale_http_connections_refused_total',
      );
      expect(metrics).toContain(`yardsale_http_connections_refused_total ${String(FLOOD - CAP)}`);
    } finally {
      flood.end();
    }
    // Once its connections closed, the address is served again.
    await expect
      .poll(async () => {
        const again = await halfOpenFlood(port, '127.0.0.2', 1);
        const closed = again.closedByServer();
        again.end();
        return closed;
      })
      .toBe(0);
  });

  it('does not count a trusted proxy, which carries every client behind it', async () => {
    const port = Number(new URL(proxied.url).port);
    const flood = await halfOpenFlood(port, '127.0.0.3', CAP * 2);
    try {
      // The server holds every one of them open, and closed none.
      await expect
        .poll(
          () =>
            new Promise<number>((resolve, reject) =>
              proxied.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
            ),
        )
        .toBeGreaterThanOrEqual(CAP * 2);
      expect(flood.closedByServer()).toBe(0);
    } finally {
      flood.end();
    }
  });
});

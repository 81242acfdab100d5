import type { Duplex } from 'node:stream';

import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';

import { appRouter, createTRPCContext } from '@yardsale/api';
import type { ApiServices } from '@yardsale/api';

import { isOwnOrigin } from './security';

/** Subscriptions carry small events; a client sending more than this is cut off. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

/**
 * tRPC over one websocket per tab on the HTTP server's port, at /trpc. The session comes from the
 * cookie sent with the upgrade; a page of another site (its Origin) is refused before the handshake.
 */
export function attachWebSocket(app: FastifyInstance, services: ApiServices, appOrigin: string | undefined) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) =>
      createTRPCContext(services, {
        cookieHeader: req.headers.cookie,
        clientIp: req.socket.remoteAddress ?? 'unknown',
        setHeader: () => undefined,
      }),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  app.server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== '/trpc') return refuse(socket, '404 Not Found');
    // Browsers always send Origin on a websocket handshake; only a foreign one is refused.
    if (req.headers.origin && !isOwnOrigin(req.headers.origin, req.headers.host, appOrigin)) {
      return refuse(socket, '403 Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  return {
    wss,
    /** Tells every client to reconnect (to another instance) before this one stops. */
    async close() {
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1012, 'server restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { TRPCError } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';

import { appRouter, createSocketContext } from '@yardsale/api';
import type { ServerDeps } from '@yardsale/api';
import { LIVE_SOCKET_LIMITS, UI_TEXT } from '@yardsale/validators';

import { clientAddressReader } from './client-address';
import type { TrustProxy } from './client-address';
import { isOwnOrigin } from './security';
import { SocketSession } from './websocket-session';
import type { LiveSocketLimits } from './websocket-session';

// What clients and the server's set-up read of a socket: its close codes and its limits.
export { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY_CALLS } from './websocket-session';
export type { LiveSocketLimits } from './websocket-session';

/** Subscriptions carry small events; a client sending more than this is cut off. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

interface WebSocketOptions {
  appOrigin: string | undefined;
  /** The same setting Fastify reads request.ip with. */
  trustProxy: TrustProxy;
  limits?: Partial<LiveSocketLimits>;
}

function refuse(socket: Duplex, status: string, message?: string) {
  const body = message ? JSON.stringify({ message }) : '';
  const head = [`HTTP/1.1 ${status}`, 'Connection: close'];
  if (body)
    head.push(
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
    );
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Runs tasks one at a time per key, in arrival order: a burst from one client waits behind itself
 * while other clients' work goes on.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** Counts an open connection under `key` until its socket closes. */
function count(counts: Map<string, number>, key: string, socket: Duplex) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  socket.once('close', () => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  });
}

/**
 * tRPC over one websocket per tab on the HTTP server's port, at /trpc (decision 024). The upgrade is
 * refused for a foreign page (Origin), and with 429 past the sockets allowed per client address or per
 * account. The session comes from the cookie sent with the upgrade and is read again for every call;
 * when it ends (sign-out or password change on any instance, expiry) the socket is closed.
 */
export function attachWebSocket(app: FastifyInstance, deps: ServerDeps, options: WebSocketOptions) {
  const limits: LiveSocketLimits = { ...LIVE_SOCKET_LIMITS, ...options.limits };
  const addressOf = clientAddressReader(options.trustProxy);
  const queue = createKeyedQueue();
  const socketsByAddress = new Map<string, number>();
  const socketsByToken = new Map<string, number>();
  const socketsByUser = new Map<number, Set<SocketSession>>();
  /** Every open socket, signed in or not: what the metrics count streams over. */
  const openSessions = new Set<SocketSession>();
  /** The socket each upgrade request became, for tRPC's createContext. */
  const byRequest = new WeakMap<IncomingMessage, { live: SocketSession; address: string }>();

  // One message per turn of the event loop: a socket that sends thousands of frames at once waits
  // its turn with everyone else instead of holding the server until they are all handled.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES,
    allowSynchronousEvents: false,
  });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => {
      const entry = byRequest.get(req);
      if (!entry)
        throw new TRPCError({
          code: 'INTERNAL_SERVER_ERROR',
          message: 'websocket without its session',
        });
      return createSocketContext(deps, entry.live, entry.address);
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  const stopListening = deps.events.onSessionsEnded((userId) => {
    for (const live of socketsByUser.get(userId) ?? []) void live.recheck();
  });

  async function upgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    address: string,
    token: string | null,
  ) {
    const turn = <T>(task: () => Promise<T>) => queue(address, task);
    // A dead cookie opens a signed-out socket, as it makes a signed-out HTTP request.
    const session = token
      ? await turn(() => deps.sessions.validate(token, { renew: false }))
      : null;
    if (socket.destroyed) return;
    let live: SocketSession;
    if (session) {
      const userId = session.user.id;
      const mine = socketsByUser.get(userId) ?? new Set<SocketSession>();
      if (mine.size >= limits.socketsPerUser) {
        return refuse(socket, '429 Too Many Requests', UI_TEXT.live.tooManyConnections);
      }
      live = new SocketSession(deps, limits, turn, token, userId);
      mine.add(live);
      socketsByUser.set(userId, mine);
      socket.once('close', () => {
        mine.delete(live);
        if (mine.size === 0 && socketsByUser.get(userId) === mine) socketsByUser.delete(userId);
      });
    } else {
      live = new SocketSession(deps, limits, turn, null, null);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      live.attach(ws, session);
      openSessions.add(live);
      ws.once('close', () => openSessions.delete(live));
      byRequest.set(req, { live, address });
      wss.emit('connection', ws, req);
    });
  }

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== '/trpc') return refuse(socket, '404 Not Found');
    // Browsers always send Origin on a websocket handshake; only a foreign one is refused.
    if (
      req.headers.origin &&
      !isOwnOrigin(req.headers.origin, req.headers.host, options.appOrigin)
    ) {
      return refuse(socket, '403 Forbidden');
    }
    // Counted from the upgrade on, so a burst of handshakes cannot all reach the database.
    const address = addressOf(req);
    const open = socketsByAddress.get(address) ?? 0;
    if (open >= limits.socketsPerAddress) {
      return refuse(socket, '429 Too Many Requests', UI_TEXT.live.tooManyConnections);
    }
    // The same cookie over and over is refused before its session is even read.
    const token = deps.sessions.readCookie(req.headers.cookie);
    if (token && (socketsByToken.get(token) ?? 0) >= limits.socketsPerUser) {
      return refuse(socket, '429 Too Many Requests', UI_TEXT.live.tooManyConnections);
    }
    count(socketsByAddress, address, socket);
    if (token) count(socketsByToken, token, socket);
    upgrade(req, socket, head, address, token).catch((err: unknown) => {
      app.log.error({ err }, 'websocket upgrade failed');
      if (!socket.destroyed) refuse(socket, '500 Internal Server Error', UI_TEXT.serverError);
    });
  });

  return {
    wss,
    /** Live streams running over every open socket. */
    liveStreams() {
      let streams = 0;
      for (const live of openSessions) streams += live.streams;
      return streams;
    },
    /** Tells every client to reconnect (to another instance) before this one stops. */
    async close() {
      stopListening();
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1012, 'server restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

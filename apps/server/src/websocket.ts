import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { TRPCError } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';

import { appRouter, createSocketContext } from '@yardsale/api';
import type { ServerDeps, CallType, LiveSocket, ValidatedSession } from '@yardsale/api';
import { LIVE_SOCKET_LIMITS, UI_TEXT } from '@yardsale/validators';

import { clientAddressReader } from './client-address';
import type { TrustProxy } from './client-address';
import { isOwnOrigin } from './security';

/** Subscriptions carry small events; a client sending more than this is cut off. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** The close code a client reads when its socket's session ended (signed out, password changed, expired). */
export const CLOSE_SESSION_ENDED = 4401;
/** The close code of a socket that sent calls faster than its budget. */
export const CLOSE_TOO_MANY_CALLS = 4429;
/** A socket whose session ended closes once its calls have answered, and at the latest after this. */
const ENDING_GRACE_MS = 1_000;
/** An open socket re-reads its session at its end, and at least this often (timers cannot wait 30 days). */
const SESSION_RECHECK_MAX_MS = 60 * 60 * 1000;
/** After a failed session re-read (database down), the next try. */
const SESSION_RECHECK_RETRY_MS = 60 * 1000;
/**
 * A live stream reads the user's event log when it starts and when woken; a client's next stream reads
 * once that read has yielded, or after this long when it found nothing new.
 */
const STREAM_TURN_MS = 25;

export type LiveSocketLimits = { [K in keyof typeof LIVE_SOCKET_LIMITS]: number };

export interface WebSocketOptions {
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

const sessionEndedError = () =>
  new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });

/** The earliest moment a session can end without anyone ending it: idle expiry or absolute end. */
const endOf = (session: ValidatedSession) =>
  new Date(Math.min(session.expiresAt.getTime(), session.absoluteExpiresAt.getTime()));

/** One open websocket: its session, re-read per call, and what runs on it. */
class SocketSession implements LiveSocket {
  readonly ended: Promise<never>;
  private rejectEnded: (err: TRPCError) => void = () => undefined;
  private endedWith: TRPCError | null = null;
  private subscriptions = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private ws: WebSocket | null = null;
  private closed = false;
  private budget: number;
  private budgetAt = performance.now();

  constructor(
    private readonly deps: ServerDeps,
    private readonly limits: LiveSocketLimits,
    /** Serialises this client's session reads and stream starts. */
    private readonly turn: <T>(task: () => Promise<T>) => Promise<T>,
    private readonly token: string | null,
    readonly userId: number | null,
  ) {
    this.budget = limits.callBurstPerSocket;
    this.ended = new Promise<never>((_, reject) => {
      this.rejectEnded = reject;
    });
    // Nobody may be listening yet; the rejection is read by the streams that race it.
    this.ended.catch(() => undefined);
  }

  /** Live streams running on this socket. */
  get streams(): number {
    return this.subscriptions;
  }

  attach(ws: WebSocket, session: ValidatedSession | null) {
    this.ws = ws;
    ws.once('close', () => this.dispose());
    // Registered before tRPC's own listener, so a socket over its budget stops being read.
    ws.on('message', (data: RawData) => this.meter(callsIn(data)));
    if (session) this.watch(endOf(session));
  }

  /**
   * Every call costs CPU even when refused: a socket that sends more than its budget is closed and
   * the frames it already sent are dropped unread.
   */
  private meter(calls: number) {
    const at = performance.now();
    this.budget = Math.min(
      this.limits.callBurstPerSocket,
      this.budget + ((at - this.budgetAt) / 1000) * this.limits.callsPerSecondPerSocket,
    );
    this.budgetAt = at;
    this.budget -= calls;
    if (this.budget >= 0 || !this.ws) return;
    this.ws.removeAllListeners('message');
    this.ws.close(CLOSE_TOO_MANY_CALLS, UI_TEXT.live.tooManyCalls);
    const ws = this.ws;
    setTimeout(() => ws.terminate(), ENDING_GRACE_MS).unref();
  }

  admit(type: CallType): () => void {
    if (type === 'subscription') {
      if (this.subscriptions >= this.limits.subscriptionsPerSocket) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: UI_TEXT.live.tooManyStreams });
      }
      this.subscriptions += 1;
      return once(() => {
        this.subscriptions -= 1;
      });
    }
    if (this.inFlight >= this.limits.callsInFlightPerSocket) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: UI_TEXT.live.tooManyCalls });
    }
    this.inFlight += 1;
    return once(() => {
      this.inFlight -= 1;
      this.closeWhenAnswered();
    });
  }

  async session() {
    const token = this.token;
    const endedBefore = this.ending();
    if (endedBefore) throw endedBefore;
    if (!token) return null;
    const current = await this.turn(() => this.deps.sessions.validate(token, { renew: false }));
    const ended = this.ending();
    if (ended) throw ended;
    if (!current) {
      this.end();
      throw sessionEndedError();
    }
    return { user: current.user, token };
  }

  takeTurn(begin: (finished: () => void) => void) {
    void this.turn(
      () =>
        new Promise<void>((resolve) => {
          // A read with nothing new yields nothing: its turn then ends on the timer.
          const timer = setTimeout(resolve, STREAM_TURN_MS);
          begin(() => {
            clearTimeout(timer);
            resolve();
          });
        }),
    );
  }

  /** Reads the session again (its end is near, or it may have been ended elsewhere); closes the socket if it is gone. */
  async recheck() {
    if (!this.token || this.endedWith || this.closed) return;
    const token = this.token;
    try {
      const current = await this.turn(() => this.deps.sessions.validate(token, { renew: false }));
      if (current) this.watch(endOf(current));
      else this.end();
    } catch (err) {
      this.deps.logger.warn({ err }, 'could not re-read a websocket session');
      this.schedule(SESSION_RECHECK_RETRY_MS);
    }
  }

  /** The session ended: calls and streams answer UNAUTHORIZED, then the socket closes. */
  end() {
    if (this.endedWith) return;
    this.endedWith = sessionEndedError();
    this.rejectEnded(this.endedWith);
    clearTimeout(this.timer);
    this.closeWhenAnswered();
    setTimeout(() => this.close(), ENDING_GRACE_MS).unref();
  }

  dispose() {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** The error calls get once the session has ended (a method, so a check after an await reads it afresh). */
  private ending(): TRPCError | null {
    return this.endedWith;
  }

  private watch(end: Date) {
    this.schedule(end.getTime() - this.deps.now().getTime());
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(
      () => void this.recheck(),
      Math.min(Math.max(delayMs, 0), SESSION_RECHECK_MAX_MS),
    );
    this.timer.unref();
  }

  /** The answers (and streams' errors) leave in this turn of the event loop; the close frame follows them. */
  private closeWhenAnswered() {
    if (this.endedWith && this.inFlight === 0) setImmediate(() => this.close());
  }

  private close() {
    if (this.closed || !this.ws) return;
    this.ws.close(CLOSE_SESSION_ENDED, UI_TEXT.live.sessionEnded);
  }
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

const METHOD_KEY = Buffer.from('"method"');

/** How many calls a frame carries (a batch is an array of them); a keep-alive or odd frame counts as one. */
function callsIn(data: RawData): number {
  const frames = Array.isArray(data)
    ? data
    : [Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data))];
  let calls = 0;
  for (const frame of frames) {
    for (
      let at = frame.indexOf(METHOD_KEY);
      at !== -1;
      at = frame.indexOf(METHOD_KEY, at + METHOD_KEY.length)
    )
      calls += 1;
  }
  return Math.max(1, calls);
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
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

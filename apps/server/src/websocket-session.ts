/**
 * One open websocket's session: read again for every call and when it may have ended, a budget of
 * calls and streams, and the close that follows a session's end.
 */
import { TRPCError } from '@trpc/server';
import type { RawData, WebSocket } from 'ws';

import type { ServerDeps, CallType, LiveSocket, ValidatedSession } from '@yardsale/api';
import type { LIVE_SOCKET_LIMITS } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

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

const sessionEndedError = () =>
  new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });

/** The earliest moment a session can end without anyone ending it: idle expiry or absolute end. */
const endOf = (session: ValidatedSession) =>
  new Date(Math.min(session.expiresAt.getTime(), session.absoluteExpiresAt.getTime()));

/** One open websocket: its session, re-read per call, and what runs on it. */
export class SocketSession implements LiveSocket {
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

import superjson from 'superjson';
import WebSocket from 'ws';

/** What one call over the socket answered: its data, or the error a client reads. */
export type SocketAnswer =
  { ok: true; data: unknown } | { ok: false; code: string; message: string };

/** A subscription as a client sees it: started or refused, then events, then an end. */
export interface SocketStream {
  started: Promise<SocketAnswer>;
  events: unknown[];
  /** The error that ended it, or 'stopped'. */
  ended: Promise<SocketAnswer | 'stopped'>;
  stop(): void;
}

export interface SocketClient {
  ws: WebSocket;
  call(method: 'query' | 'mutation', path: string, input?: unknown): Promise<SocketAnswer>;
  /** Sends several calls in one frame, as tRPC's client batches them. */
  callAll(
    calls: { method: 'query' | 'mutation'; path: string; input?: unknown }[],
  ): Promise<SocketAnswer[]>;
  subscribe(path: string, input?: unknown): SocketStream;
  /** The close code and reason, once the socket has closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

interface Wire {
  id: number;
  result?: { type: 'data' | 'started' | 'stopped'; data?: unknown };
  error?: { json: { message: string; data?: { code?: string } } };
}

/** Why an upgrade was refused: the HTTP status and the body's message. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}

/**
 * A bare tRPC websocket client speaking the wire format (superjson), so a test sees every answer,
 * refusal and close code as they come, with no reconnecting in between.
 */
export function openSocket(
  serverUrl: string,
  options: { cookie?: string; origin?: string; headers?: Record<string, string> } = {},
): Promise<SocketClient> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  headers.origin = options.origin ?? serverUrl;
  const ws = new WebSocket(`${serverUrl.replace('http', 'ws')}/trpc`, { headers });
  let nextId = 1;
  const waiting = new Map<number, (message: Wire) => void>();
  ws.on('message', (raw: Buffer) => {
    const text = raw.toString('utf8');
    if (text === 'PING') return ws.send('PONG');
    const message = JSON.parse(text) as Wire;
    waiting.get(message.id)?.(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString('utf8') }),
    );
  });
  const answerOf = (message: Wire): SocketAnswer =>
    message.error
      ? {
          ok: false,
          code: message.error.json.data?.code ?? 'UNKNOWN',
          message: message.error.json.message,
        }
      : {
          ok: true,
          data:
            message.result?.data === undefined
              ? undefined
              : superjson.deserialize(message.result.data as never),
        };
  const request = (method: string, path: string, input: unknown) => {
    const id = nextId++;
    return { id, message: { id, method, params: { path, input: superjson.serialize(input) } } };
  };
  const once = (id: number) =>
    new Promise<SocketAnswer>((resolve) => {
      waiting.set(id, (message) => {
        waiting.delete(id);
        resolve(answerOf(message));
      });
      void closed.then(() => resolve({ ok: false, code: 'CLOSED', message: 'socket closed' }));
    });

  const client: SocketClient = {
    ws,
    closed,
    call(method, path, input) {
      const { id, message } = request(method, path, input);
      const answer = once(id);
      ws.send(JSON.stringify(message));
      return answer;
    },
    callAll(calls) {
      const built = calls.map((c) => request(c.method, c.path, c.input));
      const answers = built.map(({ id }) => once(id));
      ws.send(JSON.stringify(built.map((b) => b.message)));
      return Promise.all(answers);
    },
    subscribe(path, input) {
      const { id, message } = request('subscription', path, input);
      const events: unknown[] = [];
      let onStarted: (a: SocketAnswer) => void = () => undefined;
      let onEnded: (a: SocketAnswer | 'stopped') => void = () => undefined;
      const started = new Promise<SocketAnswer>((resolve) => (onStarted = resolve));
      const ended = new Promise<SocketAnswer | 'stopped'>((resolve) => (onEnded = resolve));
      waiting.set(id, (wire) => {
        if (wire.error) {
          const answer = answerOf(wire);
          onStarted(answer);
          onEnded(answer);
          return waiting.delete(id);
        }
        if (wire.result?.type === 'started') return onStarted({ ok: true, data: undefined });
        if (wire.result?.type === 'stopped') {
          onEnded('stopped');
          return waiting.delete(id);
        }
        events.push(answerOf(wire));
      });
      void closed.then(() => {
        onStarted({ ok: false, code: 'CLOSED', message: 'socket closed' });
        onEnded({ ok: false, code: 'CLOSED', message: 'socket closed' });
      });
      ws.send(JSON.stringify(message));
      return {
        started,
        events,
        ended,
        stop: () => ws.send(JSON.stringify({ id, method: 'subscription.stop' })),
      };
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => {
        reject(new UpgradeRefused(res.statusCode ?? 0, body));
        ws.terminate();
      });
    });
    ws.once('error', reject);
  });
}

/** The refusal an upgrade met (fails if the socket opened). */
export async function upgradeRefusal(opening: Promise<SocketClient>): Promise<UpgradeRefused> {
  const outcome = await opening.then(
    async (client) => {
      await client.close();
      return null;
    },
    (e: unknown) => e,
  );
  if (!(outcome instanceof UpgradeRefused))
    throw new Error(`expected a refused upgrade, got ${String(outcome)}`);
  return outcome;
}

import WebSocket from 'ws';

import { REQUEST_TIMEOUT_MS } from './fuzz-harness';
import type { TestServer } from './test-server';

/** Put in a socket's inbox when the server closes it. */
const CLOSED = '\u0000closed';

/** A websocket with `cookie`: a frame answered by id (a started stream is stopped at once), or raw frames. */
export async function openFuzzSocket(
  server: TestServer,
  cookie: string,
  stats: { requests: number; hangs: number },
) {
  const headers: Record<string, string> = { origin: server.origin };
  if (cookie) headers.cookie = cookie;
  let socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers });
  const inbox: string[] = [];
  const waiters = new Set<() => void>();
  const listen = (s: WebSocket) => {
    s.on('message', (data: Buffer) => {
      inbox.push(data.toString());
      for (const wake of waiters) wake();
    });
    s.on('error', () => undefined);
    // A socket the server closes (e.g. over its limits) is an answer too; the next frame reopens it.
    s.on('close', () => {
      inbox.push(CLOSED);
      for (const wake of waiters) wake();
    });
  };
  const opened = async (s: WebSocket) => {
    if (s.readyState === WebSocket.OPEN) return;
    await new Promise<void>((resolve, reject) => {
      s.once('open', () => resolve());
      s.once('close', () => reject(new Error('the server closed the websocket')));
    });
  };
  listen(socket);
  await opened(socket);
  const ensureOpen = async () => {
    if (socket.readyState === WebSocket.OPEN) return;
    // The closed socket's marker belongs to the frame it answered, not to the next one.
    for (let i = inbox.indexOf(CLOSED); i >= 0; i = inbox.indexOf(CLOSED)) inbox.splice(i, 1);
    socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers });
    listen(socket);
    await opened(socket);
  };
  const waitFor = async (match: (text: string) => boolean, ms: number): Promise<string | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = inbox.findIndex(match);
      if (index >= 0) return inbox.splice(index, 1)[0] ?? null;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, left);
      });
    }
  };
  // A frame the server cannot read is answered with a null id.
  const hasId = (id: number) => (text: string) => {
    try {
      const answered = (JSON.parse(text) as { id?: unknown }).id;
      return answered === id || answered === null;
    } catch {
      return false;
    }
  };
  return {
    async request(message: { id: number } & Record<string, unknown>): Promise<string> {
      await ensureOpen();
      socket.send(JSON.stringify(message));
      const first = await waitFor((t) => t === CLOSED || hasId(message.id)(t), REQUEST_TIMEOUT_MS);
      if (first === null) {
        stats.hangs += 1;
        throw new Error(
          `no websocket answer within ${REQUEST_TIMEOUT_MS} ms to ${JSON.stringify(message).slice(0, 300)}`,
        );
      }
      if (first === CLOSED) return '';
      if (!first.includes('"started"')) return first;
      // A started stream reads its events at once: a failure there would follow within moments.
      const failure = await waitFor((t) => hasId(message.id)(t) && t.includes('"error"'), 150);
      socket.send(JSON.stringify({ id: message.id, method: 'subscription.stop' }));
      await waitFor(hasId(message.id), 50);
      return failure ?? first;
    },
    async raw(text: string): Promise<string[]> {
      await ensureOpen();
      socket.send(text);
      const answers: string[] = [];
      for (
        let answer = await waitFor(() => true, 100);
        answer !== null;
        answer = await waitFor(() => true, 20)
      )
        if (answer !== CLOSED) answers.push(answer);
      return answers;
    },
    close() {
      socket.close();
    },
  };
}

/** The live scenario: every person's websocket subscription, as the web app opens it. */
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';

import type { Pair, Person } from '../messages-server';
import { measure } from './cpu';
import {
  WAIT_LIMIT_MS,
  newTracker,
  problems,
  receive,
  sendForAWhile,
  sleep,
  waitForDeliveries,
  warmUp,
  within,
} from './delivery';
import { summarize } from './result';
import type { Result } from './result';
import type { Server } from './server-process';

const CONNECT_BATCH = 50;

export async function runSubscriptions(
  server: Server,
  pairs: Pair[],
  durationMs: number,
  intervalMs: number,
): Promise<Result> {
  const setupStarted = performance.now();
  const tracker = newTracker(`live-${pairs.length * 2}`);
  let otherErrors = 0;
  const clients: ReturnType<typeof createWSClient>[] = [];
  const wsUrl = `${server.url.replace('http', 'ws')}/trpc`;
  const origin = server.url;

  const subscribe = (person: Person, onMessage: ((content: string) => void) | null) => {
    const headers = { cookie: person.cookie, origin, 'x-forwarded-for': person.address };
    class BrowserLikeSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    const wsClient = createWSClient({
      url: wsUrl,
      WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    });
    clients.push(wsClient);
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('subscription did not start within 15 s')),
        15_000,
      );
      client.conversations.events.subscribe(undefined, {
        onStarted: () => {
          clearTimeout(timer);
          resolve();
        },
        onData: (envelope) => {
          const event = envelope.data;
          if (
            onMessage &&
            event.kind === 'message.created' &&
            event.message.senderId !== person.id
          ) {
            onMessage(event.message.content);
          }
        },
        onError: (error) => {
          otherErrors += 1;
          if (otherErrors <= 3) problems.push(`subscription error: ${error.message}`);
        },
      });
    });
  };

  const seen = new Set<string>();
  const everyone = pairs.flatMap((p) => [
    { person: p.seller, onMessage: (content: string) => receive(tracker, content, seen) },
    { person: p.buyer, onMessage: null },
  ]);
  for (let i = 0; i < everyone.length; i += CONNECT_BATCH) {
    await Promise.all(
      everyone.slice(i, i + CONNECT_BATCH).map((e) => subscribe(e.person, e.onMessage)),
    );
  }
  await sleep(500);
  const setupMs = performance.now() - setupStarted;

  await warmUp(server, pairs, intervalMs, tracker.tag);
  const measured = await measure(server, async () => {
    await sendForAWhile(server.url, pairs, durationMs, intervalMs, tracker);
    await waitForDeliveries(tracker);
  });
  await within(
    Promise.all(clients.map((c) => c.close())),
    WAIT_LIMIT_MS,
    'closing the websockets',
    [],
  );
  return summarize(
    pairs.length * 2,
    'subscription',
    tracker,
    otherErrors,
    measured,
    tracker.sent,
    setupMs,
  );
}

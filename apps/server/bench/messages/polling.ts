/** The old way: each person polls the conversation list and the conversation's messages over HTTP. */
import { z } from 'zod';

import type { Pair, Person } from '../messages-server';
import { measure } from './cpu';
import {
  REQUEST_TIMEOUT_MS,
  isTimeout,
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

export const LIST_POLL_MS = 3000;
export const MESSAGES_POLL_MS = 5000;

const conversationListSchema = z.array(
  z.object({ lastMessage: z.object({ content: z.string(), senderId: z.number() }).nullable() }),
);
const messagePageSchema = z.object({
  items: z.array(z.object({ content: z.string(), senderId: z.number() })),
});

export async function runPolling(
  server: Server,
  pairs: Pair[],
  durationMs: number,
  intervalMs: number,
): Promise<Result> {
  const tracker = newTracker(`poll-${pairs.length * 2}`);
  let otherErrors = 0;
  let requests = 0;
  let timeouts = 0;
  let stopped = false;
  const seen = new Set<string>();

  const get = async (person: Person, url: string) => {
    requests += 1;
    try {
      const res = await fetch(`${server.url}${url}`, {
        headers: { cookie: person.cookie, 'x-forwarded-for': person.address },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await res.text();
      if (res.status !== 200)
        throw new Error(`GET ${url}: HTTP ${res.status} ${body.slice(0, 200)}`);
      return JSON.parse(body) as unknown;
    } catch (error) {
      otherErrors += 1;
      if (isTimeout(error)) timeouts += 1;
      if (otherErrors <= 3) problems.push(`poll failed: ${(error as Error).message}`);
      return null;
    }
  };

  /** One user's poller: a request never overlaps the previous one of its kind, as a browser tab would. */
  const poll = async (everyMs: number, once: () => Promise<void>) => {
    await sleep(Math.random() * everyMs);
    while (!stopped) {
      const started = performance.now();
      await once();
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  };

  const pollers = pairs.flatMap((pair) =>
    [pair.seller, pair.buyer].flatMap((person) => {
      const isSeller = person === pair.seller;
      const look = (content: string, senderId: number) => {
        if (isSeller && senderId !== person.id) receive(tracker, content, seen);
      };
      return [
        poll(LIST_POLL_MS, async () => {
          const parsed = conversationListSchema.safeParse(await get(person, '/api/conversations'));
          if (parsed.success) {
            for (const c of parsed.data)
              if (c.lastMessage) look(c.lastMessage.content, c.lastMessage.senderId);
          }
        }),
        poll(MESSAGES_POLL_MS, async () => {
          const parsed = messagePageSchema.safeParse(
            await get(person, `/api/conversations/${pair.conversationId}/messages?limit=50`),
          );
          if (parsed.success) for (const m of parsed.data.items) look(m.content, m.senderId);
        }),
      ];
    }),
  );
  // Let the pollers spread out and read what earlier scenarios left, so old messages do not count.
  await sleep(MESSAGES_POLL_MS + 500);
  await warmUp(server, pairs, intervalMs, tracker.tag);
  requests = 0;
  timeouts = 0;
  otherErrors = 0;

  const measured = await measure(server, async () => {
    await sendForAWhile(server.url, pairs, durationMs, intervalMs, tracker);
    await waitForDeliveries(tracker);
  });
  const pollRequests = requests;
  const pollTimeouts = timeouts;
  stopped = true;
  // Each poller ends after its request in flight, itself bounded by REQUEST_TIMEOUT_MS.
  await within(
    Promise.all(pollers),
    REQUEST_TIMEOUT_MS + MESSAGES_POLL_MS + 1000,
    'the pollers stopping',
    [],
  );
  const result = summarize(
    pairs.length * 2,
    'polling',
    tracker,
    otherErrors,
    measured,
    tracker.sent,
    0,
  );
  result.requestsPerSecond = (pollRequests + tracker.sent) / (measured.wallMs / 1000);
  result.requests = pollRequests + tracker.sent;
  result.timeouts = pollTimeouts + tracker.sendTimeouts;
  return result;
}

import { EventEmitter, once } from 'node:events';

import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';
import { latestEventId, within } from '@yardsale/api/testing';
import { describeWithService } from '@yardsale/db/testing';
import type { ConversationEvent } from '@yardsale/validators';

import { sendJson as post, startTwoInstances } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/** Needs PostgreSQL (TEST_DATABASE_URL): the embedded database serves one process only. */
describeWithService('TEST_DATABASE_URL', 'two server instances on one PostgreSQL', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });
  afterAll(async () => {
    await instances.stop();
  });

  it('delivers a message sent through one instance to a subscriber on the other', async () => {
    const seller = await post(first, '/api/register', {
      email: 'two-seller@example.com',
      password: 'two-pass-1',
      firstName: 'Sel',
      lastName: 'Ler',
      termsAccepted: true,
    });
    const buyer = await post(first, '/api/register', {
      email: 'two-buyer@example.com',
      password: 'two-pass-1',
      firstName: 'Buy',
      lastName: 'Er',
      termsAccepted: true,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Two-instance lamp',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: 'Free',
      address: '2 Relay Road',
    }))
      form.append(k, v);
    const created = await fetch(`${first.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie: seller.cookie, origin: first.origin },
      body: form,
    });
    const listingId = ((await created.json()) as { id: number }).id;
    const conversation = await post(first, '/api/conversations', { listingId }, buyer.cookie);
    const conversationId = conversation.json.id as number;

    const send = async (content: string) => {
      const sent = await post(
        first,
        `/api/conversations/${conversationId}/messages`,
        { content },
        buyer.cookie,
      );
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    };
    // The seller's app saw this one earlier and comes back, on the second instance, resuming after it.
    await send('Is the lamp still there?');
    const seen = await latestEventId(first.deps.db, seller.json.id as number);

    // The seller listens on the second instance.
    const cookie = seller.cookie;
    const origin = second.origin;
    class BrowserLikeSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie, origin } });
      }
    }
    const wsClient = createWSClient({
      url: `${second.url.replace('http', 'ws')}/trpc`,
      WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const events: ConversationEvent[] = [];
    let failure: Error | null = null;
    const arrivals = new EventEmitter();
    const sub = client.conversations.events.subscribe(
      { lastEventId: seen },
      {
        onData: (envelope) => {
          events.push(envelope.data);
          arrivals.emit('event');
        },
        onError: (err) => {
          failure = err;
          arrivals.emit('event');
        },
      },
    );
    const arrived = async (count: number) => {
      const deadline = Date.now() + 5000;
      while (events.length < count && failure === null) {
        await within(
          once(arrivals, 'event'),
          deadline - Date.now(),
          () => `${count} events on the second instance; got ${JSON.stringify(events)}`,
        );
      }
      if (failure !== null) throw failure;
    };
    try {
      await send('Hello across instances');
      await arrived(1);
      // The first one shows the stream on the second instance is listening: this one can only arrive live.
      await send('Still free?');
      await arrived(2);
      expect(events).toMatchObject(
        ['Hello across instances', 'Still free?'].map((content) => ({
          kind: 'message.created',
          conversationId,
          message: { content },
        })),
      );
    } finally {
      sub.unsubscribe();
      await wsClient.close();
    }
  });
});

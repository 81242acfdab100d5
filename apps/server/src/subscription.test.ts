import { EventEmitter, once } from 'node:events';

import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';
import { latestEventId, within } from '@yardsale/api/testing';
import type { ConversationEvent } from '@yardsale/validators';

import { sendJson, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

describe('the live stream over a real websocket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  const post = (url: string, body: unknown, cookie = '') => sendJson(server, url, body, cookie);

  it('resumes after a dropped connection with every missed message, in order, once', async () => {
    const seller = await post('/api/register', {
      email: 'ws-seller@example.com',
      password: 'ws-pass-1',
      firstName: 'Wen',
      lastName: 'Seller',
      termsAccepted: true,
    });
    const buyer = await post('/api/register', {
      email: 'ws-buyer@example.com',
      password: 'ws-pass-1',
      firstName: 'Bo',
      lastName: 'Buyer',
      termsAccepted: true,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Oak stool',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: 'Under $25',
      address: '4 Mill Lane',
    }))
      form.append(k, v);
    const listing = (await (
      await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie: seller.cookie, origin: server.origin },
        body: form,
      })
    ).json()) as { id: number };
    const conversationId = (
      await post('/api/conversations', { listingId: listing.id }, buyer.cookie)
    ).json.id as number;
    const send = async (content: string) => {
      const sent = await post(
        `/api/conversations/${conversationId}/messages`,
        { content },
        buyer.cookie,
      );
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    };

    // The seller's app saw this one earlier and comes back resuming after it.
    await send('zero');
    const seen = await latestEventId(server.deps.db, seller.json.id as number);

    const cookie = seller.cookie;
    const origin = server.origin;
    class BrowserLikeSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie, origin } });
      }
    }
    const wsClient = createWSClient({
      url: `${server.url.replace('http', 'ws')}/trpc`,
      WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
      retryDelayMs: () => 200,
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const received: string[] = [];
    const arrivals = new EventEmitter();
    const sub = client.conversations.events.subscribe(
      { lastEventId: seen },
      {
        onData: ({ data }: { data: ConversationEvent }) => {
          if (data.kind === 'message.created') received.push(data.message.content);
          arrivals.emit('message');
        },
      },
    );
    const until = async (count: number) => {
      const deadline = Date.now() + 8000;
      while (received.length < count) {
        await within(
          once(arrivals, 'message'),
          deadline - Date.now(),
          () => `${count} messages on the live stream; got ${JSON.stringify(received)}`,
        );
      }
    };
    try {
      await send('one');
      await until(1);
      expect(received).toEqual(['one']);

      // Drop every connection from the server side; the client reconnects by itself.
      for (const socket of server.websockets.clients) socket.terminate();
      await send('two');
      await send('three');
      await until(3);
      // A later message: had anything arrived twice, it would have come before this one.
      await send('four');
      await until(4);
      expect(received).toEqual(['one', 'two', 'three', 'four']);
    } finally {
      sub.unsubscribe();
      await wsClient.close();
    }
  });
});

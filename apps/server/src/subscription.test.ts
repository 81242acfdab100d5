import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';
import type { ConversationEvent } from '@yardsale/validators';

import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

describe('the live stream over a real websocket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  async function post(url: string, body: unknown, cookie = '') {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.origin,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      json: (await res.json()) as Record<string, unknown>,
      cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    };
  }

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
    const send = (content: string) =>
      post(`/api/conversations/${conversationId}/messages`, { content }, buyer.cookie);

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
    const waiters: (() => void)[] = [];
    const sub = client.conversations.events.subscribe(undefined, {
      onData: ({ data }: { data: ConversationEvent }) => {
        if (data.kind === 'message.created') received.push(data.message.content);
        waiters.splice(0).forEach((w) => w());
      },
    });
    const until = async (count: number) => {
      const deadline = Date.now() + 8000;
      while (received.length < count && Date.now() < deadline)
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
    };
    try {
      await new Promise((r) => setTimeout(r, 300));
      await send('one');
      await until(1);
      expect(received).toEqual(['one']);

      // Drop every connection from the server side; the client reconnects by itself.
      for (const socket of server.websockets.clients) socket.terminate();
      await send('two');
      await send('three');
      await until(3);
      await new Promise((r) => setTimeout(r, 500));
      expect(received).toEqual(['one', 'two', 'three']);
    } finally {
      sub.unsubscribe();
      await wsClient.close();
    }
  });
});

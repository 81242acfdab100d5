import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';
import { describeWithService } from '@yardsale/db/testing';
import type { ConversationEvent } from '@yardsale/validators';

import { sendJson as post, startTwoInstances } from './test-server';
import type { TestServer } from './test-server';

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
    const received = new Promise<ConversationEvent>((resolve, reject) => {
      const sub = client.conversations.events.subscribe(undefined, {
        onData: (envelope) => {
          sub.unsubscribe();
          resolve(envelope.data);
        },
        onError: reject,
      });
    });
    try {
      // Let the subscription start before sending.
      await new Promise((r) => setTimeout(r, 300));
      const sent = await post(
        first,
        `/api/conversations/${conversationId}/messages`,
        { content: 'Hello across instances' },
        buyer.cookie,
      );
      expect(sent.status).toBe(200);
      const event = await Promise.race([
        received,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event within 5 s')), 5000),
        ),
      ]);
      expect(event).toMatchObject({
        kind: 'message.created',
        conversationId,
        message: { content: 'Hello across instances' },
      });
    } finally {
      await wsClient.close();
    }
  });
});

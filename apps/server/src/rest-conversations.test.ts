import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { PRICE_RANGES, UI_TEXT } from '@yardsale/validators';

import { asForm, restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

describe.each(testDatabaseKinds())('REST conversation paths over HTTP on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A new account, signed in on a client of its own. */
  async function signUp(email: string, firstName: string, lastName: string) {
    const client = restClient(server);
    const { response } = await client.POST('/api/register', {
      body: { email, password: 'conv-pass-1', firstName, lastName, termsAccepted: true },
    });
    expect(response.status).toBe(200);
    return client;
  }

  it('runs a conversation end to end: start, send, list, read, delete a message, delete for oneself', async () => {
    const seller = await signUp(`rs-${kind}@example.com`, 'Rae', 'Seller');
    const buyer = await signUp(`rb-${kind}@example.com`, 'Ben', 'Buyer');
    const stranger = await signUp(`rx-${kind}@example.com`, 'Sam', 'Stranger');
    const { data: listing } = await seller.POST('/api/listings/create-with-photos', {
      body: {
        title: 'Garden bench',
        category: 'Home & Garden',
        listingType: 'single-item',
        priceRange: '$50-$100',
        address: '9 Orchard Lane',
      },
      bodySerializer: asForm,
    });
    if (!listing) throw new Error('no listing created');

    const { data: started } = await buyer.POST('/api/conversations', {
      body: { listingId: listing.id },
    });
    const id = started?.id ?? 0;
    const path = { id };

    const empty = await buyer.POST('/api/conversations/{id}/messages', {
      params: { path },
      body: { content: '   ' },
    });
    expect(empty.response.status).toBe(400);
    expect(empty.error).toMatchObject({ message: UI_TEXT.message.empty });
    const sent = await buyer.POST('/api/conversations/{id}/messages', {
      params: { path },
      body: { content: 'Would you take $60?' },
    });
    expect(sent.response.status).toBe(200);
    const messageId = sent.data?.id ?? 0;

    const inbox = await seller.GET('/api/conversations');
    expect(inbox.data).toEqual([
      expect.objectContaining({
        id,
        unreadCount: 1,
        listing: { id: listing.id, title: 'Garden bench', priceRange: '$50-$100', photoUrl: null },
      }),
    ]);
    expect(
      (await stranger.GET('/api/conversations/{id}/messages', { params: { path } })).response
        .status,
    ).toBe(404);

    expect((await seller.POST('/api/conversations/{id}/read', { params: { path } })).data).toEqual({
      updated: 1,
    });
    const thread = await buyer.GET('/api/conversations/{id}/messages', {
      params: { path, query: { limit: 10 } },
    });
    expect(thread.data).toMatchObject({
      items: [{ id: messageId, content: 'Would you take $60?', isRead: true }],
      nextCursor: null,
    });

    const message = { params: { path: { id: messageId } } };
    expect((await seller.DELETE('/api/messages/{id}', message)).response.status).toBe(403);
    expect((await buyer.DELETE('/api/messages/{id}', message)).response.status).toBe(200);

    expect(
      (await buyer.DELETE('/api/conversations/{id}', { params: { path } })).response.status,
    ).toBe(200);
    expect((await buyer.GET('/api/conversations')).data).toEqual([]);
    expect((await seller.GET('/api/conversations')).data).toHaveLength(1);
  });

  it("documents the thread header's listing fields in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              {
                content: Record<
                  string,
                  { schema: { items: { properties: { listing: unknown } } } }
                >;
              }
            >;
          }
        >
      >;
    };
    const listing =
      doc.paths['/api/conversations']?.get?.responses['200']?.content['application/json']?.schema
        .items.properties.listing;
    const [described, orNull] = (listing as { anyOf: Record<string, unknown>[] }).anyOf;
    expect(orNull).toEqual({ type: 'null' });
    expect(described?.required).toEqual(['id', 'title', 'priceRange', 'photoUrl']);
    expect(described?.properties).toMatchObject({
      priceRange: { enum: [...PRICE_RANGES] },
      photoUrl: { type: ['string', 'null'] },
    });
  });
});

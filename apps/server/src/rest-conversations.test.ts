import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { PRICE_RANGES, UI_TEXT } from '@yardsale/validators';

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

  async function call(method: string, url: string, cookie: string, body?: unknown) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as unknown,
      cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    };
  }

  it('runs a conversation end to end: start, send, list, read, delete a message, delete for oneself', async () => {
    const seller = (
      await call('POST', '/api/register', '', {
        email: `rs-${kind}@example.com`,
        password: 'conv-pass-1',
        firstName: 'Rae',
        lastName: 'Seller',
        termsAccepted: true,
      })
    ).cookie;
    const buyer = (
      await call('POST', '/api/register', '', {
        email: `rb-${kind}@example.com`,
        password: 'conv-pass-1',
        firstName: 'Ben',
        lastName: 'Buyer',
        termsAccepted: true,
      })
    ).cookie;
    const stranger = (
      await call('POST', '/api/register', '', {
        email: `rx-${kind}@example.com`,
        password: 'conv-pass-1',
        firstName: 'Sam',
        lastName: 'Stranger',
        termsAccepted: true,
      })
    ).cookie;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Garden bench',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: '$50-$100',
      address: '9 Orchard Lane',
    }))
      form.append(k, v);
    const listing = (await (
      await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie: seller, origin: server.origin },
        body: form,
      })
    ).json()) as { id: number };

    const { body: started } = await call('POST', '/api/conversations', buyer, {
      listingId: listing.id,
    });
    const id = (started as { id: number }).id;

    const empty = await call('POST', `/api/conversations/${id}/messages`, buyer, {
      content: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: UI_TEXT.message.empty });
    const sent = await call('POST', `/api/conversations/${id}/messages`, buyer, {
      content: 'Would you take $60?',
    });
    expect(sent.status).toBe(200);
    const messageId = (sent.body as { id: number }).id;

    const inbox = await call('GET', '/api/conversations', seller);
    expect(inbox.body).toEqual([
      expect.objectContaining({
        id,
        unreadCount: 1,
        listing: { id: listing.id, title: 'Garden bench', priceRange: '$50-$100', photoUrl: null },
      }),
    ]);
    expect((await call('GET', `/api/conversations/${id}/messages`, stranger)).status).toBe(404);

    expect((await call('POST', `/api/conversations/${id}/read`, seller)).body).toEqual({
      updated: 1,
    });
    const thread = await call('GET', `/api/conversations/${id}/messages?limit=10`, buyer);
    expect(thread.body).toMatchObject({
      items: [{ id: messageId, content: 'Would you take $60?', isRead: true }],
      nextCursor: null,
    });

    expect((await call('DELETE', `/api/messages/${messageId}`, seller)).status).toBe(403);
    expect((await call('DELETE', `/api/messages/${messageId}`, buyer)).status).toBe(200);

    expect((await call('DELETE', `/api/conversations/${id}`, buyer)).status).toBe(200);
    expect(await call('GET', '/api/conversations', buyer).then((r) => r.body)).toEqual([]);
    expect(
      (await call('GET', '/api/conversations', seller).then((r) => r.body as unknown[])).length,
    ).toBe(1);
  });

  it("documents the thread header's listing fields in the OpenAPI document", async () => {
    const doc = (await call('GET', '/api/openapi.json', '')).body as {
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

import { readFileSync } from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';

import {
  CLIENT_TYPES_FILE,
  describeProblems,
  generateClientTypes,
  lintOpenApiDocument,
} from './rest/openapi-tooling';
import { restRoutes } from './rest/routes';
import { asForm, restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

describe('the served OpenAPI document', () => {
  let server: TestServer;
  let documentJson = '';
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    documentJson = await res.text();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("passes Redocly's recommended rules: no error, and no warning but the probes' (decision 060)", async () => {
    const problems = await lintOpenApiDocument(documentJson);
    expect(describeProblems(problems.filter((p) => p.severity === 'error'))).toEqual([]);
    // Liveness and readiness have no client error to answer; the rules warn that they list no 4XX.
    const probeHasNo4xx = (p: (typeof problems)[number]) =>
      p.ruleId === 'operation-4xx-response' &&
      p.location.every((l) => /^#\/paths\/~1(healthz|readyz)\//.test(l.pointer ?? ''));
    expect(describeProblems(problems.filter((p) => !probeHasNo4xx(p)))).toEqual([]);
  });

  it('names the server it is served from and a licence', () => {
    const doc = JSON.parse(documentJson) as {
      servers?: { url: string }[];
      info: { license?: { name: string; identifier?: string; url?: string } };
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.license?.identifier ?? doc.info.license?.url).toBeTruthy();
  });

  it('gives every operation its own camelCase operationId, the one written in the route table', () => {
    const doc = JSON.parse(documentJson) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, id: op.operationId })),
    );
    expect(served.filter((op) => !op.id).map((op) => op.at)).toEqual([]);
    const ids = served.map((op) => op.id ?? '');
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:[A-Z][a-z]*)*$/);
    const byRoute = Object.fromEntries(served.map((op) => [op.at, op.id]));
    for (const route of restRoutes) {
      const at = `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      expect(byRoute[at], at).toBe(route.operationId);
    }
  });

  it('matches the committed client types (regenerate: pnpm --filter @yardsale/server generate:openapi-client)', async () => {
    const generated = await generateClientTypes(documentJson);
    // A plain equality, not a diff of 4,000 lines: the script rewrites the file.
    expect(
      generated === readFileSync(CLIENT_TYPES_FILE, 'utf8'),
      'test/openapi-client.gen.ts differs from what the served document generates: run pnpm --filter @yardsale/server generate:openapi-client',
    ).toBe(true);
  });
});

describe.each(testDatabaseKinds())('a client generated from the document, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signUp(name: string) {
    const client = restClient(server);
    const { data, error, response } = await client.POST('/api/register', {
      body: {
        email: `${name}-${kind}@example.com`,
        password: 'client-pass-1',
        firstName: name,
        lastName: 'Client',
        termsAccepted: true,
      },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.email).toBe(`${name}-${kind}@example.com`);
    return { client, id: data?.id ?? 0 };
  }

  it('signs up, lists a sale with a photo, finds it by search and messages its seller', async () => {
    const seller = await signUp('seller');
    const buyer = await signUp('buyer');

    const me = await seller.client.GET('/api/user');
    expect(me.data?.id).toBe(seller.id);

    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const created = await seller.client.POST('/api/listings/create-with-photos', {
      body: {
        title: 'Porch sale: quilts and a banjo',
        description: 'Hand-made quilts, a five-string banjo, garden tools.',
        category: 'Collectibles',
        listingType: 'garage-sale',
        priceRange: '$25-$50',
        address: '8 Orchard Lane, Brookfield',
        startDate: '2031-06-07',
        startTime: '08:00',
        endTime: '14:00',
        timeZone: 'America/New_York',
        photos: [new Blob([new Uint8Array(photo)], { type: 'image/jpeg' })],
      },
      bodySerializer: asForm,
    });
    expect(created.error, JSON.stringify(created.error)).toBeUndefined();
    const listing = created.data;
    if (!listing) throw new Error('no listing created');
    expect(listing.images).toHaveLength(1);
    expect(listing.images[0]?.isPrimary).toBe(true);
    expect(listing.user.id).toBe(seller.id);
    const thumbnail = await fetch(`${server.url}${listing.images[0]?.thumbnailUrl ?? ''}`);
    expect(thumbnail.status).toBe(200);

    const found = await buyer.client.GET('/api/listings', {
      params: { query: { search: 'banjo', listingType: 'garage-sale' } },
    });
    expect(found.error).toBeUndefined();
    expect(found.data?.items.map((item) => item.id)).toEqual([listing.id]);
    const missed = await buyer.client.GET('/api/listings', {
      params: { query: { search: 'harpsichord' } },
    });
    expect(missed.data?.items).toEqual([]);

    const opened = await buyer.client.POST('/api/conversations', {
      body: { listingId: listing.id },
    });
    expect(opened.error).toBeUndefined();
    const conversationId = opened.data?.id ?? 0;
    const sent = await buyer.client.POST('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId } },
      body: { content: 'Is the banjo still there on Saturday?' },
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data).toMatchObject({
      conversationId,
      senderId: buyer.id,
      content: 'Is the banjo still there on Saturday?',
    });

    const inbox = await seller.client.GET('/api/conversations');
    expect(inbox.data?.map((c) => ({ id: c.id, unread: c.unreadCount }))).toEqual([
      { id: conversationId, unread: 1 },
    ]);
    const thread = await seller.client.GET('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId }, query: { limit: 10 } },
    });
    expect(thread.data?.items.map((m) => m.content)).toEqual([
      'Is the banjo still there on Saturday?',
    ]);
    const read = await seller.client.POST('/api/conversations/{id}/read', {
      params: { path: { id: conversationId } },
    });
    expect(read.data?.updated).toBe(1);
    const after = await seller.client.GET('/api/conversations');
    expect(after.data?.[0]?.unreadCount).toBe(0);
  });

  it('reads refusals through the documented error body', async () => {
    const visitor = restClient(server);
    const refused = await visitor.GET('/api/user');
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
    expect(typeof refused.error?.message).toBe('string');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { asForm, restClient } from '../../test/rest-client';
import type { RestClient } from '../../test/rest-client';
import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

const M = UI_TEXT.listing;

describe.each(testDatabaseKinds())('GET /api/listings near a point on %s', (kind) => {
  let server: TestServer;
  let seller: RestClient;
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    seller = restClient(server);
    const registered = await seller.POST('/api/register', {
      body: {
        email: `near-${kind}@example.com`,
        password: 'rest-pass-1',
        firstName: 'Near',
        lastName: 'Test',
        termsAccepted: true,
      },
    });
    expect(registered.response.status).toBe(200);
    // Madison's Capitol square, 3 miles north-ish, and Chicago.
    const points = [
      [43.0747, -89.3841],
      [43.118, -89.3841],
      [41.8781, -87.6298],
    ] as const;
    for (const [i, [latitude, longitude]] of points.entries()) {
      const created = await seller.POST('/api/listings/create-with-photos', {
        body: {
          title: `Bookcase ${i}`,
          category: 'Furniture',
          listingType: 'single-item',
          priceRange: 'Free',
          address: 'Somewhere without a ZIP',
        },
        bodySerializer: asForm,
      });
      expect(created.response.status).toBe(200);
      const id = created.data?.id ?? 0;
      await server.deps.db
        .update(schema.listings)
        .set({ latitude, longitude })
        .where(eq(schema.listings.id, id));
      ids.push(id);
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A query the API's types may not allow (these tests send bad ones on purpose), sent by hand. */
  const get = async (query: string) => {
    const res = await fetch(`${server.url}/api/listings?${query}`, {
      headers: { cookie: seller.cookie() },
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };

  it('lists listings within the radius nearest first, with their distance', async () => {
    const reply = await seller.GET('/api/listings', {
      params: { query: { near: '43.0747,-89.3841', radiusMiles: 10, sort: 'distance' } },
    });
    expect(reply.response.status).toBe(200);
    expect(reply.data?.items.map((l) => l.id)).toEqual([ids[0], ids[1]]);
    expect(reply.data?.items.map((l) => l.distanceMiles)).toEqual([0, 3]);
  });

  it('refuses coordinates that are no point on earth, or not two numbers, with a 400 and the message', async () => {
    for (const [query, message] of [
      ['near=95,-89.38', M.latitudeRange],
      ['near=43.07,-189.38', M.longitudeRange],
      ['near=Madison', M.nearFormat],
      ['near=43.07', M.nearFormat],
      ['radiusMiles=10', M.radiusNeedsNear],
      ['sort=distance', M.distanceSortNeedsNear],
      ['near=43.07,-89.38&radiusMiles=300', M.radiusRange],
    ] as const) {
      const reply = await get(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toBe(message);
    }
  });
});

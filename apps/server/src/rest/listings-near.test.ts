import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

const M = UI_TEXT.listing;

describe.each(testDatabaseKinds())('GET /api/listings near a point on %s', (kind) => {
  let server: TestServer;
  let cookie = '';
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `near-${kind}@example.com`,
        password: 'rest-pass-1',
        firstName: 'Near',
        lastName: 'Test',
        termsAccepted: true,
      }),
    });
    cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    // Madison's Capitol square, 3 miles north-ish, and Chicago.
    const points = [
      [43.0747, -89.3841],
      [43.118, -89.3841],
      [41.8781, -87.6298],
    ] as const;
    for (const [i, [latitude, longitude]] of points.entries()) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: `Bookcase ${i}`,
        category: 'Furniture',
        listingType: 'single-item',
        priceRange: 'Free',
        address: 'Somewhere without a ZIP',
      }))
        form.append(name, value);
      const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie, origin: server.origin },
        body: form,
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: number };
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

  const get = async (query: string) => {
    const res = await fetch(`${server.url}/api/listings?${query}`, { headers: { cookie } });
    return {
      status: res.status,
      body: (await res.json()) as {
        message?: string;
        items?: { id: number; distanceMiles: number | null }[];
      },
    };
  };

  it('lists listings within the radius nearest first, with their distance', async () => {
    const reply = await get('near=43.0747,-89.3841&radiusMiles=10&sort=distance');
    expect(reply.status).toBe(200);
    expect(reply.body.items?.map((l) => l.id)).toEqual([ids[0], ids[1]]);
    expect(reply.body.items?.map((l) => l.distanceMiles)).toEqual([0, 3]);
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

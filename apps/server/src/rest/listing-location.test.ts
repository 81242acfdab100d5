import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';

import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

const fields = {
  title: 'Cedar porch swing',
  category: 'Home & Garden',
  listingType: 'single-item',
  priceRange: '$50-$100',
  timeZone: 'America/Chicago',
};

describe.each(testDatabaseKinds())(
  'a listing created with photos lands on the map on %s',
  (kind) => {
    let server: TestServer;
    let cookie = '';

    beforeAll(async () => {
      server = await startTestServer(kind);
      const res = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({
          email: `placed-${kind}@example.com`,
          password: 'rest-pass-1',
          firstName: 'Placed',
          lastName: 'Seller',
          termsAccepted: true,
        }),
      });
      expect(res.status).toBe(200);
      cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    });
    afterAll(async () => {
      await server.stop();
    });

    async function create(form: FormData) {
      const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie, origin: server.origin },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { location: unknown } };
    }

    it("keeps the seller's pin sent in the form's JSON, as exact", async () => {
      const form = new FormData();
      const pin = { latitude: 43.0741, longitude: -89.3896 };
      form.append(
        'listing',
        JSON.stringify({ ...fields, address: '5 Gorham Street, Madison, WI 53703', location: pin }),
      );
      const created = await create(form);
      expect(created.status).toBe(200);
      expect(created.body.location).toEqual({ ...pin, approximate: false });
    });

    it('places fields sent one by one at the ZIP, as approximate', async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        ...fields,
        address: '5 Gorham Street, Madison, WI 53703',
      }))
        form.append(k, v);
      const created = await create(form);
      expect(created.status).toBe(200);
      expect(created.body.location).toEqual({
        latitude: 43.0775,
        longitude: -89.3831,
        approximate: true,
      });
    });

    it('publishes a listing whose address is on no map with a null location', async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...fields, address: '3 Mill Lane, Cedar Hollow' }))
        form.append(k, v);
      const created = await create(form);
      expect([created.status, created.body.location]).toEqual([200, null]);
    });
  },
);

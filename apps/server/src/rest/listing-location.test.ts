import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';

import { asForm, restClient } from '../../test/rest-client';
import type { RestClient } from '../../test/rest-client';
import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

const fields = {
  title: 'Cedar porch swing',
  category: 'Home & Garden',
  listingType: 'single-item',
  priceRange: '$50-$100',
  timeZone: 'America/Chicago',
} as const;

describe.each(testDatabaseKinds())(
  'a listing created with photos lands on the map on %s',
  (kind) => {
    let server: TestServer;
    let seller: RestClient;

    beforeAll(async () => {
      server = await startTestServer(kind);
      seller = restClient(server);
      const registered = await seller.POST('/api/register', {
        body: {
          email: `placed-${kind}@example.com`,
          password: 'rest-pass-1',
          firstName: 'Placed',
          lastName: 'Seller',
          termsAccepted: true,
        },
      });
      expect(registered.response.status).toBe(200);
    });
    afterAll(async () => {
      await server.stop();
    });

    const create = (address: string) =>
      seller.POST('/api/listings/create-with-photos', {
        body: { ...fields, address },
        bodySerializer: asForm,
      });

    it("keeps the seller's pin sent in the form's JSON, as exact", async () => {
      // The form's "listing" field holding JSON, a shape the API's types leave out: sent by hand.
      const form = new FormData();
      const pin = { latitude: 43.0741, longitude: -89.3896 };
      form.append(
        'listing',
        JSON.stringify({ ...fields, address: '5 Gorham Street, Madison, WI 53703', location: pin }),
      );
      const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { cookie: seller.cookie(), origin: server.origin },
        body: form,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { location: unknown }).location).toEqual({
        ...pin,
        approximate: false,
      });
    });

    it('places fields sent one by one at the ZIP, as approximate', async () => {
      const created = await create('5 Gorham Street, Madison, WI 53703');
      expect(created.response.status).toBe(200);
      expect(created.data?.location).toEqual({
        latitude: 43.0775,
        longitude: -89.3831,
        approximate: true,
      });
    });

    it('publishes a listing whose address is on no map with a null location', async () => {
      const created = await create('3 Mill Lane, Cedar Hollow');
      expect([created.response.status, created.data?.location]).toEqual([200, null]);
    });
  },
);

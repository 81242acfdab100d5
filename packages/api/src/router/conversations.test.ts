import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { createTestApi } from '../testing';
import type { TestApi } from '../testing';

describe.each(testDatabaseKinds())('starting a conversation on %s', (kind) => {
  let api: TestApi;
  let counter = 0;
  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: { registerByClient: { points: 100, durationSeconds: 60 } } });
  });
  afterAll(async () => {
    await api.close();
  });

  async function person() {
    counter += 1;
    const client = await api.as();
    const user = await client.caller.auth.register({
      email: `talk-${kind}-${counter}@example.com`,
      password: 'talk-pass-1',
      firstName: 'Tal',
      lastName: 'K',
      termsAccepted: true,
    });
    return { user, caller: (await api.as(client.cookie())).caller };
  }

  it('opens one conversation per listing and buyer, again and again', async () => {
    const seller = await person();
    const buyer = await person();
    const { id: listingId } = await seller.caller.listings.create({
      title: 'Cedar bookshelf',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '8 Alder Way',
    });
    const first = await buyer.caller.conversations.start({ listingId });
    const again = await buyer.caller.conversations.start({ listingId });
    expect(again.id).toBe(first.id);
    const rows = await api.services.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.listingId, listingId));
    expect(rows).toEqual([expect.objectContaining({ buyerId: buyer.user.id, sellerId: seller.user.id })]);

    const own = await seller.caller.conversations.start({ listingId }).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(TRPCError);
    expect((own as TRPCError).code).toBe('BAD_REQUEST');
    const missing = await buyer.caller.conversations.start({ listingId: 999_999 }).catch((e: unknown) => e);
    expect((missing as TRPCError).code).toBe('NOT_FOUND');
  });
});

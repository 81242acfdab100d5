import { asc, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { eventsAfter, pruneEvents } from './conversation-events';

describe.each(testDatabaseKinds())('pruning live events on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 100, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('removes events older than the retention, keeps the rest, and readers still catch up on what is kept', async () => {
    const seller = await api.signUp();
    const buyer = await api.signUp();
    const { id: listingId } = await seller.caller.listings.create({
      title: 'Brass floor lamp',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '9 Rowan Court',
    });
    const { id: conversationId } = await buyer.caller.conversations.start({ listingId });
    const send = (content: string) => buyer.caller.conversations.send({ conversationId, content });
    for (const n of [1, 2, 3]) await send(`Old question ${n}`);
    const events = () =>
      api.deps.db
        .select({ id: schema.userEvents.id, userId: schema.userEvents.userId })
        .from(schema.userEvents)
        .orderBy(asc(schema.userEvents.id));
    const old = await events();
    const lastOld = old.at(-1)?.id ?? 0;
    // Six events (two people, three messages) written eight days ago.
    await api.deps.db
      .update(schema.userEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(lte(schema.userEvents.id, lastOld));
    const kept = await send('Still there this weekend?');

    expect(await pruneEvents(api.deps, 7, 4)).toBe(old.length);
    const left = await events();
    expect(left.every((e) => e.id > lastOld)).toBe(true);
    expect(left.filter((e) => e.userId === seller.user.id)).toHaveLength(1);
    // A seller reconnecting from before the pruned events still receives the newer one, once.
    const caughtUp = await eventsAfter(api.deps.db, seller.user.id, 0, 100);
    expect(caughtUp.map((e) => e.event)).toEqual([
      { kind: 'message.created', conversationId, message: kept },
    ]);
    // The messages themselves are not touched.
    const messages = await api.deps.db
      .select({ id: schema.messages.id })
      .from(schema.messages)
      .where(eq(schema.messages.conversationId, conversationId));
    expect(messages).toHaveLength(4);
    // Nothing more to do the next time.
    expect(await pruneEvents(api.deps, 7)).toBe(0);
    expect(await events()).toEqual(left);
    // When every event is old, every one goes.
    await api.deps.db.update(schema.userEvents).set({ createdAt: sql`now() - interval '8 days'` });
    expect(await pruneEvents(api.deps, 7)).toBe(left.length);
    expect(await events()).toEqual([]);
  });
});

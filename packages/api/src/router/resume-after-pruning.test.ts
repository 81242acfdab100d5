import { lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { pruneEvents } from '../services/conversation-events';
import { createTestApi, latestEventId, take } from '../../test/testing';
import type { TestApi } from '../../test/testing';

/**
 * A client resuming its live stream (decision 059): from an event still kept it gets exactly what it
 * missed; from one that pruning took away (or one this database never gave out) it gets `refresh`,
 * never a silent gap.
 */
describe.each(testDatabaseKinds())('resuming live events after pruning on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 100, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  async function conversationBetween() {
    const seller = await api.signUp('Seller');
    const buyer = await api.signUp('Buyer');
    const { id: listingId } = await seller.caller.listings.create({
      title: 'Pine bookcase',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '3 Linden Row',
    });
    const { id: conversationId } = await buyer.caller.conversations.start({ listingId });
    const send = (content: string) => buyer.caller.conversations.send({ conversationId, content });
    return { seller, buyer, conversationId, send };
  }

  /** Every event so far becomes eight days old, and the hourly clean-up runs. */
  async function ageAndPrune(upTo: number) {
    await api.deps.db
      .update(schema.userEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(lte(schema.userEvents.id, upTo));
    await pruneEvents(api.deps, 7);
  }

  async function resume(cookie: string | undefined, lastEventId: number) {
    const controller = new AbortController();
    const stream = await (
      await api.as(cookie, undefined, controller.signal)
    ).caller.conversations.events({ lastEventId });
    return { stream, stop: () => controller.abort() };
  }

  it('sends exactly the missed events to a client resuming from a kept event', async () => {
    const { seller, send } = await conversationBetween();
    await send('Is it solid pine?');
    const seen = await latestEventId(api.deps.db, seller.user.id);
    await send('Could I pick it up Saturday?');
    await send('I can bring a van.');

    const { stream, stop } = await resume(seller.cookie, seen);
    try {
      const missed = await take(stream, 2);
      expect(
        missed.map((e) => e.data.kind === 'message.created' && e.data.message.content),
      ).toEqual(['Could I pick it up Saturday?', 'I can bring a van.']);
      expect(missed.map((e) => e.data.kind)).not.toContain('refresh');
      // And the stream goes on live.
      await send('Thanks!');
      const [live] = await take(stream, 1);
      expect(live?.data).toMatchObject({
        kind: 'message.created',
        message: { content: 'Thanks!' },
      });
    } finally {
      stop();
    }
  });

  it('tells a client resuming from a pruned event to refresh, then goes on from the newest event', async () => {
    const { seller, send } = await conversationBetween();
    await send('Old question');
    const seenLongAgo = await latestEventId(api.deps.db, seller.user.id);
    await send('Another old question');
    const lastOld = await latestEventId(api.deps.db, seller.user.id);
    await ageAndPrune(lastOld);
    // Kept: a message written after the week's cut.
    await send('Still for sale?');
    const newest = await latestEventId(api.deps.db, seller.user.id);

    const { stream, stop } = await resume(seller.cookie, seenLongAgo);
    try {
      const [first] = await take(stream, 1);
      // Not the kept message alone, which would hide that "Another old question" was lost.
      expect(first).toEqual({ id: String(newest), data: { kind: 'refresh' } });
      await send('Hello again');
      const [next] = await take(stream, 1);
      expect(next?.data).toMatchObject({
        kind: 'message.created',
        message: { content: 'Hello again' },
      });
    } finally {
      stop();
    }

    // Resuming from the refresh's id is a normal resume.
    const again = await resume(seller.cookie, newest);
    try {
      const caughtUp = await take(again.stream, 1);
      expect(caughtUp[0]?.data).toMatchObject({
        kind: 'message.created',
        message: { content: 'Hello again' },
      });
    } finally {
      again.stop();
    }
  });

  it('tells a client to refresh when its id is beyond any this database gave out', async () => {
    const { seller, send } = await conversationBetween();
    await send('Hello');
    const newest = await latestEventId(api.deps.db, seller.user.id);
    const { stream, stop } = await resume(seller.cookie, newest + 1_000_000);
    try {
      expect(await take(stream, 1)).toEqual([{ id: String(newest), data: { kind: 'refresh' } }]);
    } finally {
      stop();
    }
  });

  it('tells a client to refresh when every event was pruned', async () => {
    const { seller, send } = await conversationBetween();
    await send('Anyone there?');
    const seen = await latestEventId(api.deps.db, seller.user.id);
    await send('Hello?');
    const [newestOfAll] = await api.deps.db
      .select({ id: sql<number>`max(${schema.userEvents.id})` })
      .from(schema.userEvents);
    await ageAndPrune(Number(newestOfAll?.id));
    const { stream, stop } = await resume(seller.cookie, seen);
    try {
      // The user has no event kept: the id it gave stays its place.
      expect(await take(stream, 1)).toEqual([{ id: String(seen), data: { kind: 'refresh' } }]);
      await send('Back again');
      const [next] = await take(stream, 1);
      expect(next?.data).toMatchObject({ kind: 'message.created' });
    } finally {
      stop();
    }
  });
});

import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { createListing, purgeEndedListings } from '../services/listings';
import {
  TEST_PASSWORD,
  createTestApi,
  latestEventId,
  refusal,
  take,
  within,
} from '../../test/testing';
import type { TestApi } from '../../test/testing';

describe.each(testDatabaseKinds())('messaging on %s', (kind) => {
  let api: TestApi;
  /** Statements sent to the database, in order. */
  const queries: string[] = [];
  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 100, durationSeconds: 60 } },
      onQuery: (query) => queries.push(query),
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const person = () => api.signUp();

  async function conversationBetween() {
    const seller = await person();
    const buyer = await person();
    const { id: listingId } = await seller.caller.listings.create({
      title: 'Walnut rocking chair',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$50-$100',
      address: '5 Linden Close',
    });
    const { id } = await buyer.caller.conversations.start({ listingId });
    return { seller, buyer, conversationId: id, listingId };
  }

  it("opens one conversation per listing and buyer, again and again, never on one's own listing", async () => {
    const { seller, buyer, conversationId, listingId } = await conversationBetween();
    expect((await buyer.caller.conversations.start({ listingId })).id).toBe(conversationId);
    const rows = await api.deps.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.listingId, listingId));
    expect(rows).toEqual([
      expect.objectContaining({ buyerId: buyer.user.id, sellerId: seller.user.id }),
    ]);
    expect((await refusal(seller.caller.conversations.start({ listingId }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await refusal(buyer.caller.conversations.start({ listingId: 999_999 }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('lets only the two participants read and write, with unread counts and read marks', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const stranger = await person();

    const sent = await buyer.caller.conversations.send({
      conversationId,
      content: '  Is it still available?  ',
    });
    expect(sent.content).toBe('Is it still available?');
    await buyer.caller.conversations.send({
      conversationId,
      content: 'I could pick it up Saturday.',
    });

    const [inbox] = await seller.caller.conversations.list();
    expect(inbox).toMatchObject({
      id: conversationId,
      unreadCount: 2,
      listing: { title: 'Walnut rocking chair' },
      lastMessage: { content: 'I could pick it up Saturday.' },
    });
    expect((await buyer.caller.conversations.list())[0]?.unreadCount).toBe(0);

    expect((await refusal(stranger.caller.conversations.messages({ conversationId }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await refusal(stranger.caller.conversations.send({ conversationId, content: 'hi' }))).code,
    ).toBe('NOT_FOUND');
    expect(await stranger.caller.conversations.list()).toEqual([]);
    expect(
      (await refusal(buyer.caller.conversations.send({ conversationId, content: '   ' }))).code,
    ).toBe('BAD_REQUEST');

    expect(await seller.caller.conversations.markRead({ conversationId })).toEqual({ updated: 2 });
    expect((await seller.caller.conversations.list())[0]?.unreadCount).toBe(0);
    const page = await buyer.caller.conversations.messages({ conversationId });
    expect(page.items.map((m) => [m.content, m.isRead])).toEqual([
      ['Is it still available?', true],
      ['I could pick it up Saturday.', true],
    ]);
  });

  it("lists each conversation with its listing's title, price and cover photo at card size, in one query for any number", async () => {
    const seller = await person();
    const buyer = await person();
    const photo = (background: string) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const withPhotos = await createListing(
      api.deps,
      seller.user,
      {
        title: 'Brass floor lamp',
        category: 'Home & Garden',
        listingType: 'single-item',
        priceRange: 'Under $25',
        address: '9 Elm Court',
      },
      [await photo('#c08040'), await photo('#4080c0')],
    );
    const { id: withoutPhotos } = await seller.caller.listings.create({
      title: 'Box of paperbacks',
      category: 'Books & Media',
      listingType: 'single-item',
      priceRange: 'Free',
      address: '9 Elm Court',
    });
    const lamp = await buyer.caller.conversations.start({ listingId: withPhotos });
    const books = await buyer.caller.conversations.start({ listingId: withoutPhotos });
    const cover = (await buyer.caller.listings.byId({ id: withPhotos })).images[0];

    queries.length = 0;
    const inbox = await buyer.caller.conversations.list();
    const statementsForTwo = queries.length;
    expect(inbox.find((c) => c.id === lamp.id)?.listing).toEqual({
      id: withPhotos,
      title: 'Brass floor lamp',
      priceRange: 'Under $25',
      photoUrl: cover?.thumbnailUrl,
    });
    expect(cover?.thumbnailUrl).toMatch(/\S/);
    expect(inbox.find((c) => c.id === books.id)?.listing).toEqual({
      id: withoutPhotos,
      title: 'Box of paperbacks',
      priceRange: 'Free',
      photoUrl: null,
    });

    const { id: third } = await seller.caller.listings.create({
      title: 'Garden hose',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '9 Elm Court',
    });
    await buyer.caller.conversations.start({ listingId: third });
    queries.length = 0;
    expect(await buyer.caller.conversations.list()).toHaveLength(3);
    expect(queries.length).toBe(statementsForTwo);
  });

  it('stores a message sent again with the same key once, tells the other party once, and keeps keys per sender', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const clientKey = crypto.randomUUID();
    const first = await buyer.caller.conversations.send({
      conversationId,
      content: 'Can I come at six?',
      clientKey,
    });
    // The answer was lost on the way back: the device sends the same message again.
    const again = await buyer.caller.conversations.send({
      conversationId,
      content: 'Can I come at six?',
      clientKey,
    });
    expect(again).toEqual(first);
    const page = await seller.caller.conversations.messages({ conversationId });
    expect(page.items.map((m) => m.content)).toEqual(['Can I come at six?']);
    expect((await seller.caller.conversations.list())[0]?.unreadCount).toBe(1);
    // One live event for each of the two, not two.
    const events = await api.deps.db
      .select()
      .from(schema.userEvents)
      .where(eq(schema.userEvents.messageId, first.id));
    expect(events.map((event) => event.kind)).toEqual(['message.created', 'message.created']);

    // The same key from the other person is their own message; without a key, each send is new.
    const reply = await seller.caller.conversations.send({
      conversationId,
      content: 'Six works.',
      clientKey,
    });
    expect(reply.id).not.toBe(first.id);
    await buyer.caller.conversations.send({ conversationId, content: 'Great' });
    await buyer.caller.conversations.send({ conversationId, content: 'Great' });
    expect(
      (await buyer.caller.conversations.messages({ conversationId })).items.map((m) => m.content),
    ).toEqual(['Can I come at six?', 'Six works.', 'Great', 'Great']);

    // A key is one message: reused in another conversation it is refused, and nothing is stored.
    const { id: otherListing } = await seller.caller.listings.create({
      title: 'Pine bookshelf',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '5 Linden Close',
    });
    const other = await buyer.caller.conversations.start({ listingId: otherListing });
    const elsewhere = await refusal(
      buyer.caller.conversations.send({
        conversationId: other.id,
        content: 'Wrong thread',
        clientKey,
      }),
    );
    expect(elsewhere.code).toBe('CONFLICT');
    expect(elsewhere.message).toBe(UI_TEXT.message.keyReused);
    expect(
      (
        await refusal(
          buyer.caller.conversations.send({
            conversationId,
            content: 'Hi',
            clientKey: 'not-a-key',
          }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
  });

  it('lets only the sender delete a message', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const message = await buyer.caller.conversations.send({ conversationId, content: 'Typo here' });
    expect(
      (await refusal(seller.caller.conversations.deleteMessage({ messageId: message.id }))).code,
    ).toBe('FORBIDDEN');
    await buyer.caller.conversations.deleteMessage({ messageId: message.id });
    expect((await seller.caller.conversations.messages({ conversationId })).items).toEqual([]);
  });

  it('hides a deleted conversation for one side only, brings it back on a new message, removes it when both delete', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    await buyer.caller.conversations.send({ conversationId, content: 'Hello!' });
    await buyer.caller.conversations.delete({ conversationId });
    expect((await buyer.caller.conversations.list()).map((c) => c.id)).not.toContain(
      conversationId,
    );
    expect((await seller.caller.conversations.list()).map((c) => c.id)).toContain(conversationId);

    await seller.caller.conversations.send({ conversationId, content: 'Yes, still here.' });
    expect((await buyer.caller.conversations.list()).map((c) => c.id)).toContain(conversationId);

    await buyer.caller.conversations.delete({ conversationId });
    await seller.caller.conversations.delete({ conversationId });
    const rows = await api.deps.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, conversationId));
    expect(rows).toEqual([]);
  });

  it('keeps announcement conversations read-only for their recipients', async () => {
    const reader = await person();
    const [system] = await api.deps.db
      .insert(schema.users)
      .values({
        email: `team-${kind}@yardsale.system`,
        firstName: 'The YardSale',
        lastName: 'Team',
        role: 'system',
      })
      .returning();
    const [announcement] = await api.deps.db
      .insert(schema.conversations)
      .values({ buyerId: reader.user.id, sellerId: system?.id ?? 0, isAnnouncement: true })
      .returning();
    const err = await refusal(
      reader.caller.conversations.send({
        conversationId: announcement?.id ?? 0,
        content: 'Thanks!',
      }),
    );
    expect(err.code).toBe('FORBIDDEN');
    const [summary] = await reader.caller.conversations.list();
    expect(summary).toMatchObject({ id: announcement?.id, listing: null });
  });

  it('streams events live and, after a dropped connection, resumes with exactly what was missed, in order, once', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    // The seller's app saw this one earlier and comes back resuming after it.
    await buyer.caller.conversations.send({ conversationId, content: 'Hello' });
    const seen = await latestEventId(api.deps.db, seller.user.id);
    const live = new AbortController();
    const stream = await (
      await api.as(seller.cookie, undefined, live.signal)
    ).caller.conversations.events({ lastEventId: seen });
    await buyer.caller.conversations.send({ conversationId, content: 'First' });
    // Its arrival shows the stream is listening: what follows can only arrive live.
    const first = await take(stream, 1);
    await buyer.caller.conversations.send({ conversationId, content: 'Second' });
    first.push(...(await take(stream, 1)));
    expect(first.map((e) => e.data.kind === 'message.created' && e.data.message.content)).toEqual([
      'First',
      'Second',
    ]);
    live.abort();

    // While the seller is away: two more messages, one of them deleted, and a read mark.
    await buyer.caller.conversations.send({ conversationId, content: 'Third' });
    const fourth = await buyer.caller.conversations.send({
      conversationId,
      content: 'Fourth (oops)',
    });
    await buyer.caller.conversations.deleteMessage({ messageId: fourth.id });
    await buyer.caller.conversations.send({ conversationId, content: 'Fifth' });

    const lastSeen = first.at(-1)?.id ?? '0';
    const resumed = new AbortController();
    const again = await (
      await api.as(seller.cookie, undefined, resumed.signal)
    ).caller.conversations.events({
      lastEventId: Number(lastSeen),
    });
    const missed = await take(again, 3);
    resumed.abort();
    expect(missed.map((e) => e.data.kind)).toEqual([
      'message.created',
      'message.deleted',
      'message.created',
    ]);
    expect(missed[0]?.data).toMatchObject({
      kind: 'message.created',
      message: { content: 'Third' },
    });
    expect(missed[1]?.data).toMatchObject({ kind: 'message.deleted', messageId: fourth.id });
    expect(missed[2]?.data).toMatchObject({
      kind: 'message.created',
      message: { content: 'Fifth' },
    });
    const ids = [...first, ...missed].map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  /** The kinds (and reasons) of a user's events after `afterId`, as stored. */
  async function eventsSince(userId: number, afterId: number) {
    const rows = await api.deps.db
      .select({
        kind: schema.userEvents.kind,
        conversationId: schema.userEvents.conversationId,
        reason: schema.userEvents.closedReason,
      })
      .from(schema.userEvents)
      .where(and(eq(schema.userEvents.userId, userId), gt(schema.userEvents.id, afterId)))
      .orderBy(schema.userEvents.id);
    return rows;
  }

  it('tells the buyer live that the seller deleted the listing; the seller, a buyer who had hidden it and outsiders are not told it closed', async () => {
    const { seller, buyer, conversationId, listingId } = await conversationBetween();
    // A second buyer who had removed the conversation from their list, and an outsider in a
    // conversation of their own about another listing of the same seller.
    const hider = await person();
    const { id: hiddenId } = await hider.caller.conversations.start({ listingId });
    await hider.caller.conversations.send({ conversationId: hiddenId, content: 'Hi there' });
    await hider.caller.conversations.delete({ conversationId: hiddenId });
    const outsider = await person();
    const { id: otherListing } = await seller.caller.listings.create({
      title: 'Brass floor lamp',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '5 Linden Close',
    });
    const { id: outsiderConversation } = await outsider.caller.conversations.start({
      listingId: otherListing,
    });

    await buyer.caller.conversations.send({ conversationId, content: 'Is it still for sale?' });
    const before = {
      seller: await latestEventId(api.deps.db, seller.user.id),
      hider: await latestEventId(api.deps.db, hider.user.id),
      outsider: await latestEventId(api.deps.db, outsider.user.id),
    };
    const live = new AbortController();
    const stream = await (
      await api.as(buyer.cookie, undefined, live.signal)
    ).caller.conversations.events({
      lastEventId: await latestEventId(api.deps.db, buyer.user.id),
    });
    await seller.caller.conversations.send({ conversationId, content: 'Still available' });
    // Its arrival shows the stream is listening: the closure can only arrive live.
    expect((await take(stream, 1)).map((e) => e.data.kind)).toEqual(['message.created']);

    await seller.caller.listings.delete({ id: listingId });
    const [closed] = await take(stream, 1);
    live.abort();
    expect(closed?.data).toEqual({
      kind: 'conversation.closed',
      conversationId,
      reason: 'listing.deleted',
    });

    // The seller's own screens drop the conversation; nobody else hears of a closure.
    expect(await eventsSince(seller.user.id, before.seller)).toEqual([
      { kind: 'message.created', conversationId, reason: null },
      { kind: 'conversation.deleted', conversationId, reason: null },
      { kind: 'conversation.deleted', conversationId: hiddenId, reason: null },
    ]);
    expect(await eventsSince(hider.user.id, before.hider)).toEqual([]);
    expect(await eventsSince(outsider.user.id, before.outsider)).toEqual([]);
    expect((await outsider.caller.conversations.list()).map((c) => c.id)).toEqual([
      outsiderConversation,
    ]);

    // The conversation went with the listing: writing to it is refused, as before.
    const err = await refusal(
      buyer.caller.conversations.send({ conversationId, content: 'Hello?' }),
    );
    expect(err.code).toBe('NOT_FOUND');
  });

  it('tells both sides why when the admin removes a listing or an ended listing is deleted, also on resume', async () => {
    const admin = await api.signUpAdmin();
    const removed = await conversationBetween();
    const ended = await conversationBetween();
    // Each has said something, so each has an event to resume after.
    for (const { buyer, conversationId } of [removed, ended]) {
      await buyer.caller.conversations.send({ conversationId, content: 'Is it still for sale?' });
    }
    const mark = async () => ({
      removedBuyer: await latestEventId(api.deps.db, removed.buyer.user.id),
      removedSeller: await latestEventId(api.deps.db, removed.seller.user.id),
      endedBuyer: await latestEventId(api.deps.db, ended.buyer.user.id),
      endedSeller: await latestEventId(api.deps.db, ended.seller.user.id),
    });
    const before = await mark();

    await admin.caller.admin.deleteListing({ id: removed.listingId });
    await api.deps.db
      .update(schema.listings)
      .set({ endsAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
      .where(eq(schema.listings.id, ended.listingId));
    expect(await purgeEndedListings(api.deps, 7)).toBeGreaterThanOrEqual(1);

    const closedBy = (conversationId: number, reason: string) => [
      { kind: 'conversation.closed', conversationId, reason },
    ];
    expect(await eventsSince(removed.buyer.user.id, before.removedBuyer)).toEqual(
      closedBy(removed.conversationId, 'listing.removed'),
    );
    expect(await eventsSince(removed.seller.user.id, before.removedSeller)).toEqual(
      closedBy(removed.conversationId, 'listing.removed'),
    );
    expect(await eventsSince(ended.buyer.user.id, before.endedBuyer)).toEqual(
      closedBy(ended.conversationId, 'listing.ended'),
    );
    expect(await eventsSince(ended.seller.user.id, before.endedSeller)).toEqual(
      closedBy(ended.conversationId, 'listing.ended'),
    );

    // A client that was away receives the closure, with its reason, when it comes back.
    const resumed = new AbortController();
    const again = await (
      await api.as(removed.buyer.cookie, undefined, resumed.signal)
    ).caller.conversations.events({ lastEventId: before.removedBuyer });
    const [missed] = await take(again, 1);
    resumed.abort();
    expect(missed?.data).toEqual({
      kind: 'conversation.closed',
      conversationId: removed.conversationId,
      reason: 'listing.removed',
    });
  });

  it('ends a live stream with UNAUTHORIZED when its session signs out', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const client = await api.as();
    await client.caller.auth.login({ email: seller.user.email, password: TEST_PASSWORD });
    const cookie = client.cookie();
    await buyer.caller.conversations.send({ conversationId, content: 'Hello' });
    const seen = await latestEventId(api.deps.db, seller.user.id);
    const controller = new AbortController();
    const stream = await (
      await api.as(cookie, undefined, controller.signal)
    ).caller.conversations.events({ lastEventId: seen });
    await buyer.caller.conversations.send({ conversationId, content: 'Still there?' });
    // Its arrival shows the stream is open and waiting when the session signs out.
    expect((await take(stream, 1)).map((e) => e.data.kind)).toEqual(['message.created']);
    const ended = (async () => {
      try {
        for await (const _event of stream) {
          // no more events are expected before the sign-out
        }
        return 'finished';
      } catch (err) {
        return err instanceof TRPCError ? err.code : String(err);
      }
    })();
    await (await api.as(cookie)).caller.auth.logout();
    const outcome = await within(ended, 5000, 'the live stream to end after the sign-out');
    controller.abort();
    expect(outcome).toBe('UNAUTHORIZED');
  });

  it('limits how fast one account sends', async () => {
    const limited = await createTestApi(kind, {
      rateLimits: { messagesByAccount: { points: 2, durationSeconds: 60 } },
    });
    try {
      const seller = (await limited.signUp('A')).caller;
      const buyer = (await limited.signUp('B')).caller;
      const { id: listingId } = await seller.listings.create({
        title: 'Desk',
        category: 'Furniture',
        listingType: 'single-item',
        priceRange: 'Free',
        address: '1 Oak St',
      });
      const { id } = await buyer.conversations.start({ listingId });
      await buyer.conversations.send({ conversationId: id, content: 'one' });
      await buyer.conversations.send({ conversationId: id, content: 'two' });
      const err = await refusal(buyer.conversations.send({ conversationId: id, content: 'three' }));
      expect(err.code).toBe('TOO_MANY_REQUESTS');
      expect(err.message).toBe(UI_TEXT.rateLimited);
    } finally {
      await limited.close();
    }
  });
});

import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT, SYSTEM_ACCOUNT } from '@yardsale/validators';
import type { ListingInput } from '@yardsale/validators';

import { describeError } from '../errors';
import { appRouter } from '../root';
import { dayFromToday, item, sale, trustRateLimits } from '../../test/trust-testing';
import { adminOnFirstUse, createTestApi, latestEventId, refusal, take } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const { conversations, listings, messages, reports, users } = schema;

describe.each(testDatabaseKinds())('reviews, reports and the admin on %s', (kind) => {
  let api: TestApi;
  const statements: string[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind, {
      onQuery: (query) => statements.push(query),
      rateLimits: trustRateLimits,
    });
  });
  /** The sentence a client is shown for a refusal (schema refusals give their first field message). */
  const said = (err: Parameters<typeof describeError>[0]) => describeError(err, api.logger).message;
  afterAll(async () => {
    await api.close();
  });

  const theAdmin = adminOnFirstUse(() => api);

  describe('announcements', () => {
    it('refuses an empty or blank announcement', async () => {
      const { caller } = await theAdmin();
      for (const message of ['', '   \n ']) {
        const refused = await refusal(caller.admin.announce({ message }));
        expect([refused.code, said(refused)]).toEqual(['BAD_REQUEST', UI_TEXT.announcement.empty]);
      }
    });

    it('reaches every user in one write, whatever their number, and arrives live', async () => {
      const { caller } = await theAdmin();
      const listener = await api.signUp('Lou');
      // Warm up: the first announcement also makes the system account when the database was not seeded.
      await caller.admin.announce({ message: 'Welcome to YardSale!' });
      const seen = await latestEventId(api.deps.db, listener.user.id);

      const count = async (message: string) => {
        statements.length = 0;
        const result = await caller.admin.announce({ message });
        // The listener's subscription reads its events meanwhile; those reads are not the write.
        return {
          result,
          statements: statements.filter((q) => !q.includes('from "user_events" where')),
        };
      };
      const few = await count('Spring clean-up day is Saturday.');

      // A thousand more neighbours (inserted directly: signing up a thousand people is not the point here).
      const before = await api.deps.db.$count(users);
      await api.deps.db.insert(users).values(
        Array.from({ length: 1000 }, (_, i) => ({
          email: `crowd-${kind}-${i}@example.com`,
          passwordHash: null,
          firstName: 'Crowd',
          lastName: `Member ${i}`,
        })),
      );

      // The listener's app resumes after the welcome; the clean-up news arriving shows it is listening.
      const live = new AbortController();
      const stream = await (
        await api.as(listener.cookie, undefined, live.signal)
      ).caller.conversations.events({ lastEventId: seen });
      expect((await take(stream, 1))[0]?.data).toMatchObject({
        message: { content: 'Spring clean-up day is Saturday.' },
      });
      const many = await count('Remember: meet in public places.');
      const [event] = await take(stream, 1);
      live.abort();

      expect(many.result.recipients).toBe(few.result.recipients + 1000);
      // Everyone but the system account and the admin who sends it.
      expect(many.result.recipients).toBe(before + 1000 - 2);
      expect(many.result.message).toBe(UI_TEXT.announcement.sentDescription);
      expect(many.statements).toEqual(few.statements);
      expect(many.statements.length).toBeLessThanOrEqual(3);

      expect(event?.data).toMatchObject({
        kind: 'message.created',
        message: { content: 'Remember: meet in public places.' },
      });

      // One announcement conversation per user, holding every announcement, from the system account.
      const [system] = await api.deps.db.select().from(users).where(eq(users.role, 'system'));
      expect(system).toMatchObject({
        firstName: SYSTEM_ACCOUNT.firstName,
        lastName: SYSTEM_ACCOUNT.lastName,
        passwordHash: null,
      });
      const threads = await api.deps.db
        .select()
        .from(conversations)
        .where(eq(conversations.isAnnouncement, true));
      expect(threads).toHaveLength(many.result.recipients);
      expect(new Set(threads.map((t) => t.buyerId)).size).toBe(threads.length);
      const crowdThread = threads.find(
        (t) => t.buyerId !== listener.user.id && t.sellerId === system?.id,
      );
      const listenerList = await listener.caller.conversations.list();
      const announcements = listenerList.find((c) => c.isAnnouncement);
      expect(announcements).toMatchObject({
        seller: { id: system?.id },
        unreadCount: 3,
        lastMessage: { content: 'Remember: meet in public places.' },
      });
      expect(crowdThread).toBeDefined();

      // Read-only for the recipient.
      const reply = await refusal(
        listener.caller.conversations.send({
          conversationId: announcements?.id ?? 0,
          content: 'Thanks!',
        }),
      );
      expect(reply.code).toBe('FORBIDDEN');
    });

    it('reaches every other member, not the admin who sends it, and counts only them', async () => {
      const { caller, user: sender } = await theAdmin();
      const neighbours = [await api.signUp('Rae'), await api.signUp('Rik')];
      const others = await api.deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(ne(users.role, 'system'), ne(users.id, sender.id)));

      const sent = await caller.admin.announce({ message: 'Street sale this Sunday.' });
      expect(sent.recipients).toBe(others.length);

      // The sender's Messages hold no copy, so nothing unread appears for them.
      expect((await caller.conversations.list()).filter((c) => c.isAnnouncement)).toEqual([]);
      const reached = await api.deps.db
        .select({ userId: conversations.buyerId })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(messages.content, 'Street sale this Sunday.'));
      expect(reached.map((r) => r.userId).sort((a, b) => a - b)).toEqual(
        others.map((o) => o.id).sort((a, b) => a - b),
      );
      for (const neighbour of neighbours) {
        const thread = (await neighbour.caller.conversations.list()).find((c) => c.isAnnouncement);
        expect(thread).toMatchObject({
          unreadCount: 1,
          lastMessage: { content: 'Street sale this Sunday.' },
        });
      }
    });

    it('brings a deleted announcement conversation back with the next announcement', async () => {
      const { caller } = await theAdmin();
      const person = await api.signUp('Pat');
      await caller.admin.announce({ message: 'First news' });
      const thread = (await person.caller.conversations.list()).find((c) => c.isAnnouncement);
      if (!thread) throw new Error('no announcement conversation');
      await person.caller.conversations.delete({ conversationId: thread.id });
      expect((await person.caller.conversations.list()).some((c) => c.isAnnouncement)).toBe(false);
      await caller.admin.announce({ message: 'Second news' });
      const back = (await person.caller.conversations.list()).find((c) => c.isAnnouncement);
      expect(back?.id).toBe(thread.id);
      const page = await person.caller.conversations.messages({ conversationId: thread.id });
      expect(page.items.map((m) => m.content).slice(-2)).toEqual(['First news', 'Second news']);
    });
  });

  describe('duplicates and listings', () => {
    it('removes duplicates of active listings per seller, keeps the oldest, and finds nothing the second time', async () => {
      const { caller } = await theAdmin();
      const seller = await api.signUp('Dee');
      const neighbour = await api.signUp('Nia');
      const create = async (who: typeof seller, input: ListingInput) =>
        (await who.caller.listings.create(input)).id;

      const keep = {
        sale: await create(seller, sale()),
        otherDay: await create(seller, sale({ startDate: dayFromToday(6) })),
        item: await create(seller, item()),
        otherAddress: await create(seller, item({ address: '14 Elm Street' })),
        asSale: await create(seller, sale({ title: 'Oak bookcase' })),
        neighbours: await create(neighbour, sale()),
      };
      const duplicates = [
        await create(
          seller,
          sale({ title: '  BIG family   garage sale ', address: '12 elm street' }),
        ),
        await create(seller, sale({ address: '12 Elm  Street', startTime: '09:00' })),
        await create(seller, item({ title: 'oak Bookcase', priceRange: 'Free' })),
      ];

      // An ended copy is not an active listing: the clean-up leaves it to the usual expiry.
      const ended = await create(seller, item());
      await api.deps.db
        .update(listings)
        .set({ endsAt: new Date(Date.now() - 60_000) })
        .where(eq(listings.id, ended));

      const first = await caller.admin.cleanupDuplicates();
      expect(first).toEqual({ removed: 3, message: UI_TEXT.cleanup.result(3) });
      expect(first.message).toBe('Removed 3 duplicate listings.');

      const left = await api.deps.db
        .select({ id: listings.id })
        .from(listings)
        .where(inArray(listings.id, [...Object.values(keep), ...duplicates, ended]));
      expect(left.map((l) => l.id).sort((a, b) => a - b)).toEqual(
        [...Object.values(keep), ended].sort((a, b) => a - b),
      );

      expect(await caller.admin.cleanupDuplicates()).toEqual({
        removed: 0,
        message: 'No duplicate listings found.',
      });
    });

    it('lets the admin delete any listing with its conversations; nobody else', async () => {
      const { caller } = await theAdmin();
      const seller = await api.signUp('Dee');
      const buyer = await api.signUp('Bo');
      const { id } = await seller.caller.listings.create(item());
      const { id: conversationId } = await buyer.caller.conversations.start({ listingId: id });
      await buyer.caller.conversations.send({ conversationId, content: 'Still available?' });

      expect((await refusal(buyer.caller.admin.deleteListing({ id }))).code).toBe('FORBIDDEN');
      expect(await caller.admin.deleteListing({ id })).toEqual({ success: true });
      expect(await api.deps.db.select().from(listings).where(eq(listings.id, id))).toEqual([]);
      expect(
        await api.deps.db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, conversationId)),
      ).toEqual([]);
      expect((await refusal(caller.admin.deleteListing({ id }))).code).toBe('NOT_FOUND');
    });
  });

  it('answers every admin procedure with UNAUTHORIZED for visitors and FORBIDDEN for users, changing nothing', async () => {
    const visitor = (await api.as()).caller;
    const user = await api.signUp('Uma');
    const seller = await api.signUp('Sid');
    const { id: listingId } = await seller.caller.listings.create(item());
    const { id: reportId } = await user.caller.reports.create({
      reportedUserId: seller.user.id,
      listingId,
      category: 'other',
      description: 'Checking who may act on this.',
    });

    const calls = {
      reports: (c: typeof visitor) => c.admin.reports(),
      updateReport: (c: typeof visitor) =>
        c.admin.updateReport({ id: reportId, status: 'reviewed' }),
      announce: (c: typeof visitor) => c.admin.announce({ message: 'Not from the admin' }),
      cleanupDuplicates: (c: typeof visitor) => c.admin.cleanupDuplicates(),
      deleteListing: (c: typeof visitor) => c.admin.deleteListing({ id: listingId }),
    } satisfies Record<keyof typeof visitor.admin, unknown>;
    // A new admin procedure must be added above (the `satisfies` fails to compile otherwise).
    const adminProcedures = Object.keys(appRouter._def.procedures).filter((p) =>
      p.startsWith('admin.'),
    );
    expect(
      Object.keys(calls)
        .map((c) => `admin.${c}`)
        .sort(),
    ).toEqual(adminProcedures.sort());

    for (const [name, call] of Object.entries(calls)) {
      expect((await refusal(call(visitor))).code, name).toBe('UNAUTHORIZED');
      expect((await refusal(call(user.caller))).code, name).toBe('FORBIDDEN');
    }
    const [report] = await api.deps.db
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.id, reportId));
    expect(report?.status).toBe('pending');
    expect(await api.deps.db.$count(listings, eq(listings.id, listingId))).toBe(1);
    expect(
      await api.deps.db.$count(messages, and(eq(messages.content, 'Not from the admin'))),
    ).toBe(0);

    // A user whose role is changed in the database loses (or gains) access on the next request.
    // Each request reads the session and the role afresh.
    const nextRequest = async () => (await api.as(user.cookie)).caller;
    await api.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.user.id));
    expect(Array.isArray((await (await nextRequest()).admin.reports()).items)).toBe(true);
    await api.deps.db.update(users).set({ role: 'user' }).where(eq(users.id, user.user.id));
    expect((await refusal((await nextRequest()).admin.reports())).code).toBe('FORBIDDEN');
  });
});

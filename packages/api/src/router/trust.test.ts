import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT, REPORT_STATUSES, REPORT_TRANSITIONS, SYSTEM_ACCOUNT } from '@yardsale/validators';
import type { ListingInput, ReportStatus } from '@yardsale/validators';

import { describeError } from '../errors';
import { appRouter } from '../root';
import { createTestApi, latestEventId, refusal, take } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const { conversations, listings, messages, reports, reviews, users } = schema;

/** A date `days` from today, as a garage sale's start date. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function item(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    title: 'Oak bookcase',
    category: 'Furniture',
    listingType: 'single-item',
    priceRange: '$50-$100',
    address: '12 Elm Street',
    ...overrides,
  };
}

function sale(overrides: Partial<ListingInput> = {}): ListingInput {
  return item({
    title: 'Big family garage sale',
    category: 'Multi-Family',
    listingType: 'garage-sale',
    priceRange: 'Negotiable',
    startDate: dayFromToday(5),
    startTime: '08:00',
    endTime: '14:00',
    timeZone: 'UTC',
    ...overrides,
  });
}

describe.each(testDatabaseKinds())('reviews, reports and the admin on %s', (kind) => {
  let api: TestApi;
  const statements: string[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind, {
      onQuery: (query) => statements.push(query),
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        listingCreateByAccount: { points: 1000, durationSeconds: 60 },
        listingCreateByClient: { points: 1000, durationSeconds: 60 },
        reviewsByClient: { points: 1000, durationSeconds: 60 },
        reviewsByAccount: { points: 1000, durationSeconds: 60 },
        reportsByClient: { points: 1000, durationSeconds: 60 },
        reportsByAccount: { points: 1000, durationSeconds: 60 },
      },
    });
  });
  /** The sentence a client is shown for a refusal (schema refusals give their first field message). */
  const said = (err: Parameters<typeof describeError>[0]) => describeError(err, api.logger).message;
  afterAll(async () => {
    await api.close();
  });

  let admin: Awaited<ReturnType<TestApi['signUp']>> | undefined;
  async function theAdmin() {
    admin ??= await api.signUpAdmin('Ada');
    return admin;
  }

  describe('reviews', () => {
    it('rates a seller: newest first, surname shortened, average to one decimal', async () => {
      const seller = await api.signUp('Sam');
      const first = await api.signUp('Maria', { lastName: 'Gonzalez' });
      const second = await api.signUp('Élodie', { lastName: 'Øster' });
      const third = await api.signUp('Kim');
      const { id: listingId } = await seller.caller.listings.create(item());

      expect(await first.caller.reviews.rating({ userId: seller.user.id })).toEqual({
        averageRating: null,
        totalReviews: 0,
      });

      const created = await first.caller.reviews.create({
        revieweeId: seller.user.id,
        listingId,
        rating: 5,
        comment: '  Lovely bookcase, easy pickup.  ',
      });
      expect(created).toMatchObject({
        rating: 5,
        comment: 'Lovely bookcase, easy pickup.',
        listingId,
        reviewer: { firstName: 'Maria', lastName: 'G' },
      });
      await second.caller.reviews.create({ revieweeId: seller.user.id, listingId, rating: 4 });
      await third.caller.reviews.create({
        revieweeId: seller.user.id,
        listingId,
        rating: 4,
        comment: '',
      });

      expect(await third.caller.reviews.rating({ userId: seller.user.id })).toEqual({
        averageRating: 4.3,
        totalReviews: 3,
      });
      const listed = await third.caller.reviews.ofUser({ userId: seller.user.id });
      expect(
        listed.map((r) => [r.reviewer.firstName, r.reviewer.lastName, r.rating, r.comment]),
      ).toEqual([
        ['Kim', 'L', 4, null],
        ['Élodie', 'Ø', 4, null],
        ['Maria', 'G', 5, 'Lovely bookcase, easy pickup.'],
      ]);
      expect(await third.caller.reviews.ofUser({ userId: seller.user.id, limit: 1 })).toHaveLength(
        1,
      );
    });

    it('refuses reviews of oneself, a second one for the same listing, and listings that are not theirs', async () => {
      const seller = await api.signUp('Sam');
      const buyer = await api.signUp('Bo');
      const stranger = await api.signUp('Cy');
      const { id: listingId } = await seller.caller.listings.create(item());
      const { id: otherListing } = await seller.caller.listings.create(
        item({ title: 'Pine dresser' }),
      );
      const { id: strangersListing } = await stranger.caller.listings.create(
        item({ title: 'Bike' }),
      );

      const self = await refusal(
        seller.caller.reviews.create({ revieweeId: seller.user.id, listingId, rating: 5 }),
      );
      expect([self.code, self.message]).toEqual(['BAD_REQUEST', UI_TEXT.review.notYourself]);

      await buyer.caller.reviews.create({ revieweeId: seller.user.id, listingId, rating: 3 });
      const again = await refusal(
        buyer.caller.reviews.create({ revieweeId: seller.user.id, listingId, rating: 1 }),
      );
      expect([again.code, again.message]).toEqual(['CONFLICT', UI_TEXT.review.duplicate]);
      // Another listing of the same seller is another review.
      await buyer.caller.reviews.create({
        revieweeId: seller.user.id,
        listingId: otherListing,
        rating: 4,
      });
      // Without a listing: once too.
      await buyer.caller.reviews.create({ revieweeId: seller.user.id, rating: 5 });
      const noListingAgain = await refusal(
        buyer.caller.reviews.create({ revieweeId: seller.user.id, rating: 2 }),
      );
      expect(noListingAgain.code).toBe('CONFLICT');

      const notTheirs = await refusal(
        buyer.caller.reviews.create({
          revieweeId: seller.user.id,
          listingId: strangersListing,
          rating: 2,
        }),
      );
      expect([notTheirs.code, notTheirs.message]).toEqual([
        'BAD_REQUEST',
        UI_TEXT.review.listingNotTheirs,
      ]);
      expect(
        (await refusal(buyer.caller.reviews.create({ revieweeId: 9_999_999, rating: 2 }))).code,
      ).toBe('NOT_FOUND');

      const tooLow = await refusal(
        buyer.caller.reviews.create({ revieweeId: stranger.user.id, rating: 0 }),
      );
      expect(said(tooLow)).toBe(UI_TEXT.review.ratingMin);
      const tooHigh = await refusal(
        buyer.caller.reviews.create({ revieweeId: stranger.user.id, rating: 6 }),
      );
      expect(said(tooHigh)).toBe(UI_TEXT.review.ratingMax);
      const tooLong = await refusal(
        buyer.caller.reviews.create({
          revieweeId: stranger.user.id,
          rating: 3,
          comment: 'x'.repeat(501),
        }),
      );
      expect(said(tooLong)).toBe(UI_TEXT.review.commentTooLong);

      // Only the three accepted reviews were written.
      const rows = await api.deps.db
        .select({ rating: reviews.rating })
        .from(reviews)
        .where(eq(reviews.reviewerId, buyer.user.id));
      expect(rows.map((r) => r.rating).sort()).toEqual([3, 4, 5]);
      expect(await buyer.caller.reviews.rating({ userId: stranger.user.id })).toEqual({
        averageRating: null,
        totalReviews: 0,
      });
    });

    it('keeps reviews when the listing is deleted', async () => {
      const seller = await api.signUp('Sam');
      const buyer = await api.signUp('Bo');
      const { id: listingId } = await seller.caller.listings.create(item());
      await buyer.caller.reviews.create({ revieweeId: seller.user.id, listingId, rating: 2 });
      await seller.caller.listings.delete({ id: listingId });
      expect(await buyer.caller.reviews.rating({ userId: seller.user.id })).toEqual({
        averageRating: 2,
        totalReviews: 1,
      });
    });
  });

  describe('reports', () => {
    it("files a report; its reporter sees it without the team's notes", async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const { id: listingId } = await seller.caller.listings.create(item());
      const report = await reporter.caller.reports.create({
        reportedUserId: seller.user.id,
        listingId,
        category: 'fake_listing',
        description: '  The photos are from a catalogue.  ',
      });
      expect(report).toMatchObject({
        status: 'pending',
        category: 'fake_listing',
        description: 'The photos are from a catalogue.',
        listingId,
      });
      const mine = await reporter.caller.reports.mine();
      expect(mine.map((r) => r.id)).toEqual([report.id]);
      expect(mine[0]).not.toHaveProperty('adminNotes');
      expect(await seller.caller.reports.mine()).toEqual([]);
    });

    it('refuses reports about oneself, unknown users, listings that are not theirs, and a second pending one', async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const other = await api.signUp('Oz');
      const { id: listingId } = await seller.caller.listings.create(item());
      const { id: othersListing } = await other.caller.listings.create(item());
      const report = {
        reportedUserId: seller.user.id,
        listingId,
        category: 'scammer' as const,
        description: 'Asked me to pay in advance by wire.',
      };

      const self = await refusal(seller.caller.reports.create({ ...report }));
      expect([self.code, self.message]).toEqual(['BAD_REQUEST', UI_TEXT.report.notYourself]);
      expect(
        (await refusal(reporter.caller.reports.create({ ...report, reportedUserId: 9_999_999 })))
          .code,
      ).toBe('NOT_FOUND');
      const notTheirs = await refusal(
        reporter.caller.reports.create({ ...report, listingId: othersListing }),
      );
      expect([notTheirs.code, notTheirs.message]).toEqual([
        'BAD_REQUEST',
        UI_TEXT.report.listingNotTheirs,
      ]);
      const short = await refusal(
        reporter.caller.reports.create({ ...report, description: 'too short' }),
      );
      expect(said(short)).toBe(UI_TEXT.report.descriptionLength);

      const first = await reporter.caller.reports.create(report);
      const second = await refusal(
        reporter.caller.reports.create({ ...report, category: 'harassment' }),
      );
      expect([second.code, second.message]).toEqual(['CONFLICT', UI_TEXT.report.duplicatePending]);
      // About the user without a listing is a different report; so is someone else's report.
      await reporter.caller.reports.create({ ...report, listingId: null });
      await other.caller.reports.create(report);

      // Once the team has dealt with the first, the same report can be filed again.
      await (await theAdmin()).caller.admin.updateReport({ id: first.id, status: 'dismissed' });
      await reporter.caller.reports.create(report);

      const rows = await api.deps.db
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.reporterId, reporter.user.id));
      expect(rows).toHaveLength(3);
    });

    it('lists reports for the admin with the listing title and both e-mails', async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const { id: listingId } = await seller.caller.listings.create(
        item({ title: 'Suspicious stereo' }),
      );
      const report = await reporter.caller.reports.create({
        reportedUserId: seller.user.id,
        listingId,
        category: 'other',
        description: 'Seller never turned up twice.',
      });
      const { items: all } = await (await theAdmin()).caller.admin.reports();
      const found = all.find((r) => r.id === report.id);
      expect(found).toMatchObject({
        listing: { id: listingId, title: 'Suspicious stereo' },
        reporter: { email: reporter.user.email },
        reportedUser: { email: seller.user.email },
        adminNotes: null,
        status: 'pending',
      });
      const { items: pending } = await (
        await theAdmin()
      ).caller.admin.reports({
        status: 'pending',
      });
      expect(pending.every((r) => r.status === 'pending')).toBe(true);
      expect(pending.some((r) => r.id === report.id)).toBe(true);
    });

    it('moves a report only along pending -> reviewed | dismissed, reviewed -> resolved', async () => {
      const { caller: adminCaller } = await theAdmin();
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      let n = 0;
      /** A fresh report brought to `status` along allowed moves. */
      async function reportIn(status: ReportStatus) {
        n += 1;
        const { id: listingId } = await seller.caller.listings.create(item({ title: `Lot ${n}` }));
        const { id } = await reporter.caller.reports.create({
          reportedUserId: seller.user.id,
          listingId,
          category: 'other',
          description: 'Something is off with this one.',
        });
        const path: Record<ReportStatus, ReportStatus[]> = {
          pending: [],
          reviewed: ['reviewed'],
          resolved: ['reviewed', 'resolved'],
          dismissed: ['dismissed'],
        };
        for (const step of path[status]) await adminCaller.admin.updateReport({ id, status: step });
        return id;
      }

      for (const from of REPORT_STATUSES) {
        for (const to of REPORT_STATUSES) {
          const id = await reportIn(from);
          const attempt = adminCaller.admin.updateReport({
            id,
            status: to,
            adminNotes: `${from} to ${to}`,
          });
          const [row] = await (async () => {
            if (from === to || REPORT_TRANSITIONS[from].includes(to)) {
              const updated = await attempt;
              expect([updated.status, updated.adminNotes]).toEqual([to, `${from} to ${to}`]);
            } else {
              const refused = await refusal(attempt);
              expect([refused.code, refused.message], `${from} -> ${to}`).toEqual([
                'CONFLICT',
                UI_TEXT.report.transitionRefused(from, to),
              ]);
            }
            return api.deps.db
              .select({ status: reports.status })
              .from(reports)
              .where(eq(reports.id, id));
          })();
          const expected = from === to || REPORT_TRANSITIONS[from].includes(to) ? to : from;
          expect(row?.status, `${from} -> ${to}`).toBe(expected);
        }
      }
      expect(
        (await refusal(adminCaller.admin.updateReport({ id: 9_999_999, status: 'reviewed' }))).code,
      ).toBe('NOT_FOUND');
    });
  });

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

describe('abuse limits on reviews and reports', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite', {
      rateLimits: {
        registerByClient: { points: 100, durationSeconds: 60 },
        reviewsByAccount: { points: 2, durationSeconds: 3600 },
        reportsByAccount: { points: 2, durationSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers TOO_MANY_REQUESTS with Retry-After once an account used its reviews and reports', async () => {
    const [a, b, c] = [await api.signUp('A'), await api.signUp('B'), await api.signUp('C')];
    const writer = await api.signUp('W');
    await writer.caller.reviews.create({ revieweeId: a.user.id, rating: 5 });
    await writer.caller.reviews.create({ revieweeId: b.user.id, rating: 5 });
    const client = await api.as(writer.cookie);
    const limited = await refusal(
      client.caller.reviews.create({ revieweeId: c.user.id, rating: 5 }),
    );
    expect([limited.code, limited.message]).toEqual(['TOO_MANY_REQUESTS', UI_TEXT.rateLimited]);
    expect(Number(client.headers.find(([n]) => n === 'Retry-After')?.[1])).toBeGreaterThan(0);

    const report = (id: number) => ({
      reportedUserId: id,
      category: 'other' as const,
      description: 'Testing the abuse limit.',
    });
    await writer.caller.reports.create(report(a.user.id));
    await writer.caller.reports.create(report(b.user.id));
    expect((await refusal(writer.caller.reports.create(report(c.user.id)))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(await api.deps.db.$count(reviews, eq(reviews.revieweeId, c.user.id))).toBe(0);
    expect(await api.deps.db.$count(reports, eq(reports.reportedUserId, c.user.id))).toBe(0);
  });
});

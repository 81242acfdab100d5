import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from './client';
import {
  conversations,
  listingImages,
  listings,
  messages,
  reports,
  reviews,
  savedListings,
  sessions,
  users,
} from './schema';
import { errorCode, insertListing, insertUser } from '../test/rows';
import { createTestDatabase, testDatabaseKinds } from '../test/testing';
import type { TestDatabase } from '../test/testing';

/** What the schema itself refuses, and what a delete takes with it. */
describe.each(testDatabaseKinds())('%s database', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps e-mail addresses unique', async () => {
    await db.insert(users).values({ email: 'dup@example.com', firstName: 'A', lastName: 'B' });
    expect(
      await errorCode(
        db.insert(users).values({ email: 'dup@example.com', firstName: 'C', lastName: 'D' }),
      ),
    ).toBe('23505');
  });

  it('keeps one save per user and listing', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const listingId = await insertListing(db, seller);
    await db.insert(savedListings).values({ userId: buyer, listingId });
    expect(await errorCode(db.insert(savedListings).values({ userId: buyer, listingId }))).toBe(
      '23505',
    );
    await db.insert(savedListings).values({ userId: seller, listingId });
    const [saves] = await db
      .select({ n: count() })
      .from(savedListings)
      .where(eq(savedListings.listingId, listingId));
    expect(saves?.n).toBe(2);
  });

  it('deleting a listing removes its images, saves, conversations and messages, and keeps reviews', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const listingId = await insertListing(db, seller);
    await db.insert(listingImages).values({
      listingId,
      imageUrl: '/uploads/listings/a-detail.webp',
      thumbnailUrl: '/uploads/listings/a-card.webp',
      isPrimary: true,
    });
    await db.insert(savedListings).values({ userId: buyer, listingId });
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId, buyerId: buyer, sellerId: seller })
      .returning();
    if (!conversation) throw new Error('no conversation');
    await db
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: buyer, content: 'Still available?' });
    const [review] = await db
      .insert(reviews)
      .values({ reviewerId: buyer, revieweeId: seller, listingId, rating: 5 })
      .returning();
    const [report] = await db
      .insert(reports)
      .values({
        reporterId: buyer,
        reportedUserId: seller,
        listingId,
        category: 'other',
        description: 'Asked for payment up front.',
      })
      .returning();
    if (!review || !report) throw new Error('no review or report');

    await db.delete(listings).where(eq(listings.id, listingId));

    expect(
      await db.select().from(listingImages).where(eq(listingImages.listingId, listingId)),
    ).toEqual([]);
    expect(
      await db.select().from(savedListings).where(eq(savedListings.listingId, listingId)),
    ).toEqual([]);
    expect(
      await db.select().from(conversations).where(eq(conversations.id, conversation.id)),
    ).toEqual([]);
    expect(
      await db.select().from(messages).where(eq(messages.conversationId, conversation.id)),
    ).toEqual([]);
    const [keptReview] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(keptReview?.listingId).toBeNull();
    expect(keptReview?.rating).toBe(5);
    const [keptReport] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(keptReport?.listingId).toBeNull();
  });

  it('deleting a user removes their sessions and listings', async () => {
    const userId = await insertUser(db);
    const listingId = await insertListing(db, userId);
    await db
      .insert(sessions)
      .values({ id: 'a'.repeat(64), userId, expiresAt: new Date(Date.now() + 60_000) });
    await db.delete(users).where(eq(users.id, userId));
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(listings).where(eq(listings.id, listingId))).toEqual([]);
  });

  it('refuses ratings outside 1 to 5 and a second review of the same listing', async () => {
    const reviewer = await insertUser(db);
    const reviewee = await insertUser(db);
    const listingId = await insertListing(db, reviewee);
    for (const rating of [0, 6]) {
      expect(
        await errorCode(
          db.insert(reviews).values({ reviewerId: reviewer, revieweeId: reviewee, rating }),
        ),
      ).toBe('23514');
    }
    await db
      .insert(reviews)
      .values({ reviewerId: reviewer, revieweeId: reviewee, listingId, rating: 4 });
    expect(
      await errorCode(
        db
          .insert(reviews)
          .values({ reviewerId: reviewer, revieweeId: reviewee, listingId, rating: 2 }),
      ),
    ).toBe('23505');
  });

  it('allows one pending report per reporter, user and listing', async () => {
    const reporter = await insertUser(db);
    const reported = await insertUser(db);
    const listingId = await insertListing(db, reported);
    const report = (listing: number | null) =>
      db.insert(reports).values({
        reporterId: reporter,
        reportedUserId: reported,
        listingId: listing,
        category: 'scammer',
        description: 'Asked me to pay with gift cards.',
      });
    await report(null);
    expect(await errorCode(report(null))).toBe('23505');
    await report(listingId);
    expect(await errorCode(report(listingId))).toBe('23505');
    // Once the first is handled, a new pending report may be filed.
    await db
      .update(reports)
      .set({ status: 'dismissed' })
      .where(and(eq(reports.reporterId, reporter), eq(reports.listingId, listingId)));
    await report(listingId);
  });

  it('keeps one conversation per listing and buyer, and one announcement conversation per user', async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const system = await insertUser(db, 'System');
    const listingId = await insertListing(db, seller);
    await db.insert(conversations).values({ listingId, buyerId: buyer, sellerId: seller });
    expect(
      await errorCode(
        db.insert(conversations).values({ listingId, buyerId: buyer, sellerId: seller }),
      ),
    ).toBe('23505');
    await db
      .insert(conversations)
      .values({ listingId: null, buyerId: buyer, sellerId: system, isAnnouncement: true });
    expect(
      await errorCode(
        db
          .insert(conversations)
          .values({ listingId: null, buyerId: buyer, sellerId: system, isAnnouncement: true }),
      ),
    ).toBe('23505');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { describeError } from '../errors';
import { item, trustRateLimits } from '../../test/trust-testing';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const { reports, reviews } = schema;

// Reports are in trust-reports.test.ts; announcements and the admin's other tools in trust-admin.test.ts.
describe.each(testDatabaseKinds())('reviews, reports and the admin on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: trustRateLimits });
  });
  /** The sentence a client is shown for a refusal (schema refusals give their first field message). */
  const said = (err: Parameters<typeof describeError>[0]) => describeError(err, api.logger).message;
  afterAll(async () => {
    await api.close();
  });

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

import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';
import type { RatingSummary, ReviewOutput, SessionUser } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { isUniqueViolation } from './db-errors';
import { announceNotifications, recordNotifications } from './notifications';
import type { ServerDeps } from './types';

const { listings, reviews, users } = schema;

/** Keeps these advisory locks apart from any other use of pg_advisory_xact_lock. */
const REVIEW_LOCK_SPACE = 7_302;

const userNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.users.notFoundTitle });
const duplicate = () => new TRPCError({ code: 'CONFLICT', message: UI_TEXT.review.duplicate });

/** A person others can review or report: exists, is not the system account and was not deleted. */
export async function findPerson(deps: ServerDeps, id: number) {
  const [row] = await deps.db
    .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id));
  return row && row.role !== 'system' && !row.deletedAt ? { id: row.id, role: row.role } : null;
}

/** Holds the person reviewed until the review commits; refused once they are deleted. */
async function lockPerson(tx: Executor, id: number) {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('key share');
  if (!row || row.deletedAt) throw userNotFound();
}

/** The listing, if it exists and belongs to `ownerId`. */
export async function listingOf(deps: ServerDeps, listingId: number, ownerId: number) {
  const [row] = await deps.db
    .select({ id: listings.id, userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
  return row.userId === ownerId ? row : null;
}

export async function createReview(
  deps: ServerDeps,
  reviewer: SessionUser,
  input: { revieweeId: number; listingId?: number | null; rating: number; comment: string | null },
): Promise<ReviewOutput> {
  if (input.revieweeId === reviewer.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.review.notYourself });
  }
  if (!(await findPerson(deps, input.revieweeId))) throw userNotFound();
  const listingId = input.listingId ?? null;
  if (listingId !== null && !(await listingOf(deps, listingId, input.revieweeId))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.review.listingNotTheirs });
  }

  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      // The unique constraint treats "no listing" values as distinct, so that case is checked here,
      // one review at a time per reviewer.
      await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_LOCK_SPACE}, ${reviewer.id})`);
      // Neither account may be in the middle of being deleted: its reviews go with it (decision 068).
      await lockLiveAccount(tx, reviewer.id);
      await lockPerson(tx, input.revieweeId);
      if (listingId === null) {
        const [existing] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(
            and(
              eq(reviews.reviewerId, reviewer.id),
              eq(reviews.revieweeId, input.revieweeId),
              isNull(reviews.listingId),
            ),
          );
        if (existing) throw duplicate();
      }
      const [row] = await tx
        .insert(reviews)
        .values({
          reviewerId: reviewer.id,
          revieweeId: input.revieweeId,
          listingId,
          rating: input.rating,
          comment: input.comment,
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error('insert returned no row');
      // The person reviewed hears of it (decision 073).
      await recordNotifications(
        tx,
        [
          {
            userId: input.revieweeId,
            kind: 'review',
            title: NOTIFICATION_TEXT.reviewTitle(reviewer.firstName, input.rating),
            body: input.comment ?? '',
            listingId,
            key: `review:${String(row.id)}`,
          },
        ],
        deps.now(),
      );
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
  await announceNotifications(deps, [input.revieweeId]);
  const [created] = await reviewRows(deps, eq(reviews.id, id), 1);
  if (!created) throw new Error('review vanished after insert');
  return created;
}

async function reviewRows(
  deps: ServerDeps,
  where: ReturnType<typeof eq>,
  limit: number,
): Promise<ReviewOutput[]> {
  const rows = await deps.db
    .select({
      id: reviews.id,
      revieweeId: reviews.revieweeId,
      listingId: reviews.listingId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      reviewer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicture: users.profilePicture,
      },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  // Others see the reviewer's surname as its first letter only.
  return rows.map((r) => ({
    ...r,
    reviewer: { ...r.reviewer, lastName: firstLetter(r.reviewer.lastName) },
  }));
}

const letters = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** The first letter as a reader sees it (accents and combined characters kept whole). */
export function firstLetter(name: string): string {
  return letters.segment(name)[Symbol.iterator]().next().value?.segment ?? '';
}

/** A user's reviews, newest first. */
export async function reviewsOf(
  deps: ServerDeps,
  userId: number,
  limit: number,
): Promise<ReviewOutput[]> {
  if (!(await findPerson(deps, userId))) throw userNotFound();
  return reviewRows(deps, eq(reviews.revieweeId, userId), limit);
}

export async function ratingOf(deps: ServerDeps, userId: number): Promise<RatingSummary> {
  if (!(await findPerson(deps, userId))) throw userNotFound();
  const [row] = await deps.db
    .select({
      average: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float8`.mapWith(
        Number,
      ),
      total: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(reviews)
    .where(eq(reviews.revieweeId, userId));
  return { averageRating: row?.average ?? null, totalReviews: row?.total ?? 0 };
}

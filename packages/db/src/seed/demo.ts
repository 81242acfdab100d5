/**
 * The demo rows, inserted in one transaction: the system account, the admin, the neighbours, their
 * listings and photos, saves, reviews, conversations and one pending report.
 */
import type { Transaction } from '../client';
import {
  conversations,
  listingImages,
  listings,
  messages,
  reports,
  reviews,
  savedListings,
  users,
} from '../schema';
import type { NewListingImage, NewUser } from '../schema';
import { adminAccountRow, systemAccountRow } from './accounts';
import { CONVERSATIONS, REPORTS, REVIEWS, SAVES, SELLERS } from './content';
import { DAY_MS, HOUR_MS } from './listing-plan';
import type { PlannedListing } from './listing-plan';
import type { StoredPhoto } from './photos';

export function demoEmail(firstName: string, lastName: string): string {
  const part = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  return `${part(firstName)}.${part(lastName)}@example.com`;
}

/** The demo neighbours' addresses, e.g. to check a database has none of them. */
export const DEMO_EMAILS: readonly string[] = SELLERS.map((s) =>
  demoEmail(s.firstName, s.lastName),
);

interface DemoInput {
  now: Date;
  adminEmail: string;
  adminHash: string;
  demoHash: string;
  plannedListings: readonly PlannedListing[];
  photos: Map<string, StoredPhoto[]>;
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed content refers to an unknown ${what}: ${key}`);
  return value;
}

export async function insertDemo(tx: Transaction, input: DemoInput): Promise<void> {
  const { now } = input;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const sellerRows: NewUser[] = SELLERS.map((s) => {
    const createdAt = ago(s.memberForDays * DAY_MS);
    return {
      email: demoEmail(s.firstName, s.lastName),
      passwordHash: input.demoHash,
      firstName: s.firstName,
      lastName: s.lastName,
      phone: s.phone,
      role: 'user',
      termsAcceptedAt: createdAt,
      // Demo neighbours count as verified, as accounts made before verification do (decision 067).
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const accountsCreatedAt = ago(365 * DAY_MS);
  const inserted = await tx
    .insert(users)
    .values([
      systemAccountRow(accountsCreatedAt),
      adminAccountRow(input.adminEmail, input.adminHash, accountsCreatedAt),
      ...sellerRows,
    ])
    .returning({ id: users.id, email: users.email, phone: users.phone });
  const byEmail = new Map(inserted.map((u) => [u.email, u]));
  const sellers = new Map(
    SELLERS.map((s) => {
      const email = demoEmail(s.firstName, s.lastName);
      return [s.key, lookup(byEmail, email, 'user')];
    }),
  );

  const listingRows = await tx
    .insert(listings)
    .values(
      input.plannedListings.map((l) => {
        const seller = lookup(sellers, l.seller, 'seller');
        return {
          ...l.values,
          userId: seller.id,
          contactPhone: seller.phone,
          contactEmail: l.withContactEmail ? seller.email : null,
        };
      }),
    )
    .returning({ id: listings.id, userId: listings.userId, createdAt: listings.createdAt });
  const listingByKey = new Map(
    input.plannedListings.map((l, i) => {
      const row = listingRows[i];
      if (!row) throw new Error('Listing insert returned fewer rows than sent');
      return [l.key, row];
    }),
  );

  const imageRows: NewListingImage[] = input.plannedListings.flatMap((l) => {
    const listing = lookup(listingByKey, l.key, 'listing');
    return (input.photos.get(l.key) ?? []).map((photo, position) => ({
      listingId: listing.id,
      ...photo,
      position,
      isPrimary: position === 0,
      createdAt: listing.createdAt,
    }));
  });
  await tx.insert(listingImages).values(imageRows);

  await tx.insert(savedListings).values(
    SAVES.map((s) => ({
      userId: lookup(sellers, s.user, 'seller').id,
      listingId: lookup(listingByKey, s.listing, 'listing').id,
      createdAt: ago(2 * HOUR_MS),
    })),
  );

  await tx.insert(reviews).values(
    REVIEWS.map((r) => {
      const createdAt = ago(r.daysAgo * DAY_MS + HOUR_MS);
      return {
        reviewerId: lookup(sellers, r.reviewer, 'seller').id,
        revieweeId: lookup(sellers, r.reviewee, 'seller').id,
        listingId: r.listing === null ? null : lookup(listingByKey, r.listing, 'listing').id,
        rating: r.rating,
        comment: r.comment,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  for (const c of CONVERSATIONS) {
    const listing = lookup(listingByKey, c.listing, 'listing');
    const buyer = lookup(sellers, c.buyer, 'seller');
    const times = c.messages.map((m) => ago(m.minutesAgo * 60_000));
    const first = times[0];
    const last = times.at(-1);
    if (!first || !last) throw new Error(`Seed conversation about ${c.listing} has no messages`);
    const [conversation] = await tx
      .insert(conversations)
      .values({
        listingId: listing.id,
        buyerId: buyer.id,
        sellerId: listing.userId,
        createdAt: first,
        lastMessageAt: last,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('Conversation insert returned no row');
    await tx.insert(messages).values(
      c.messages.map((m, i) => ({
        conversationId: conversation.id,
        senderId: m.from === 'buyer' ? buyer.id : listing.userId,
        content: m.text,
        isRead: m.read,
        createdAt: times[i] ?? last,
      })),
    );
  }

  await tx.insert(reports).values(
    REPORTS.map((r) => {
      const createdAt = ago(r.hoursAgo * HOUR_MS);
      return {
        reporterId: lookup(sellers, r.reporter, 'seller').id,
        reportedUserId: lookup(sellers, r.reported, 'seller').id,
        listingId: r.listing === null ? null : lookup(listingByKey, r.listing, 'listing').id,
        category: r.category,
        description: r.description,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

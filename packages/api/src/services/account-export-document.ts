import { TRPCError } from '@trpc/server';
import { aliasedTable, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { Executor } from '@yardsale/db';
import { SYSTEM_ACCOUNT, UI_TEXT } from '@yardsale/validators';

import { notificationSettingsOf } from './notifications';
import { firstLetter } from './reviews';
import type { ServerDeps } from './types';

const {
  conversations,
  listingImages,
  listings,
  messages,
  notificationSettings,
  notifications,
  passkeys,
  pushSubscriptions,
  reports,
  reviews,
  savedListings,
  savedSearches,
  users,
} = schema;

/** The folder of the zip that holds the photos, each under its storage key. */
const PHOTOS_FOLDER = 'photos/';

interface Person {
  firstName: string;
  lastName: string;
  role: (typeof users.$inferSelect)['role'];
  deletedAt: Date | null;
}

/** How others appear in the export: as the product shows them, never with their e-mail or phone. */
function nameOf(person: Person, surname: 'full' | 'initial' = 'full'): string {
  if (person.deletedAt) return UI_TEXT.dataExport.deletedUser;
  if (person.role === 'system') return SYSTEM_ACCOUNT.displayName;
  const last = surname === 'full' ? person.lastName : firstLetter(person.lastName);
  return `${person.firstName} ${last}`;
}

const personColumns = (t: typeof users) => ({
  firstName: t.firstName,
  lastName: t.lastName,
  role: t.role,
  deletedAt: t.deletedAt,
});

/** A photo in the zip: where it sits in the archive and the stored file it is read from. */
export interface ExportedPhoto {
  path: string;
  key: string;
}

/** The zip path of a stored photo, or null for a URL this storage did not make. */
function photoPath(deps: ServerDeps, url: string | null, photos: ExportedPhoto[]): string | null {
  const key = url ? deps.storage.keyFromUrl(url) : null;
  if (!key) return null;
  const path = `${PHOTOS_FOLDER}${key}`;
  if (!photos.some((p) => p.path === path)) photos.push({ path, key });
  return path;
}

/** Everything the product holds about the user, read in one snapshot. */
export async function readDocument(
  tx: Executor,
  deps: ServerDeps,
  userId: number,
  photos: ExportedPhoto[],
) {
  const { passwordHash: _hash, totpSecret: _secret, ...profileColumns } = getTableColumns(users);
  const [account] = await tx
    .select({
      ...profileColumns,
      // Whether two-factor sign-in is on; the secret itself never leaves the database.
      twoFactorEnabled: sql<boolean>`${users.totpSecret} is not null`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account)
    throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.profile.accountNotFound });
  const profile = {
    ...account,
    profilePictureFile: photoPath(deps, account.profilePicture, photos),
  };

  const keys = await tx
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));

  const { searchVector: _v, searchText: _t, ...listingColumns } = getTableColumns(listings);
  const ownListings = await tx
    .select(listingColumns)
    .from(listings)
    .where(eq(listings.userId, userId))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  const images = ownListings.length
    ? await tx
        .select()
        .from(listingImages)
        .where(
          inArray(
            listingImages.listingId,
            ownListings.map((l) => l.id),
          ),
        )
        .orderBy(asc(listingImages.position), asc(listingImages.id))
    : [];

  const saved = await tx
    .select({ ...getTableColumns(savedListings), listingTitle: listings.title })
    .from(savedListings)
    .innerJoin(listings, eq(listings.id, savedListings.listingId))
    .where(eq(savedListings.userId, userId))
    .orderBy(asc(savedListings.createdAt), asc(savedListings.id));

  const buyer = aliasedTable(users, 'buyer');
  const seller = aliasedTable(users, 'seller');
  const threads = await tx
    .select({
      conversation: conversations,
      listingTitle: listings.title,
      buyer: personColumns(buyer),
      seller: personColumns(seller),
    })
    .from(conversations)
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  const sender = aliasedTable(users, 'sender');
  const threadMessages = threads.length
    ? await tx
        .select({ message: messages, sender: personColumns(sender) })
        .from(messages)
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .where(
          inArray(
            messages.conversationId,
            threads.map((t) => t.conversation.id),
          ),
        )
        .orderBy(asc(messages.id))
    : [];

  const reviewer = aliasedTable(users, 'reviewer');
  const reviewee = aliasedTable(users, 'reviewee');
  const reviewRows = await tx
    .select({
      review: reviews,
      listingTitle: listings.title,
      reviewer: personColumns(reviewer),
      reviewee: personColumns(reviewee),
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .leftJoin(listings, eq(listings.id, reviews.listingId))
    .where(or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId)))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));

  const reported = aliasedTable(users, 'reported');
  const { adminNotes: _notes, ...reportColumns } = getTableColumns(reports);
  const filed = await tx
    .select({
      report: reportColumns,
      listingTitle: listings.title,
      reported: personColumns(reported),
    })
    .from(reports)
    .innerJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(listings, eq(listings.id, reports.listingId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));

  const [settingsRow] = await tx
    .select({ updatedAt: notificationSettings.updatedAt })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const {
    p256dh: _key,
    auth: _auth,
    sessionId: _session,
    ...subscriptionColumns
  } = getTableColumns(pushSubscriptions);
  const devices = await tx
    .select(subscriptionColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  const { wordCount: _count, ...savedSearchColumns } = getTableColumns(savedSearches);
  const searches = await tx
    .select(savedSearchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const bell = await tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));

  return {
    format: 'yardsale-export',
    version: 1,
    exportedAt: deps.now(),
    profile,
    passkeys: keys,
    listings: ownListings.map((listing) => ({
      ...listing,
      images: images
        .filter((image) => image.listingId === listing.id)
        .map((image) => ({ ...image, file: photoPath(deps, image.imageUrl, photos) })),
    })),
    savedListings: saved,
    conversations: threads.map(({ conversation, listingTitle, ...people }) => {
      const { buyerHiddenAt, sellerHiddenAt, ...rest } = conversation;
      const isBuyer = conversation.buyerId === userId;
      return {
        ...rest,
        listingTitle,
        buyer: nameOf(people.buyer),
        seller: nameOf(people.seller),
        deletedByYouAt: isBuyer ? buyerHiddenAt : sellerHiddenAt,
        messages: threadMessages
          .filter((m) => m.message.conversationId === conversation.id)
          .map((m) => ({ ...m.message, sender: nameOf(m.sender) })),
      };
    }),
    reviewsWritten: reviewRows
      .filter((r) => r.review.reviewerId === userId)
      .map((r) => ({ ...r.review, listingTitle: r.listingTitle, reviewee: nameOf(r.reviewee) })),
    // The reviewer's surname as the product shows it to the reviewed: its first letter.
    reviewsReceived: reviewRows
      .filter((r) => r.review.revieweeId === userId)
      .map((r) => ({
        ...r.review,
        listingTitle: r.listingTitle,
        reviewer: nameOf(r.reviewer, 'initial'),
      })),
    reportsFiled: filed.map((r) => ({
      ...r.report,
      listingTitle: r.listingTitle,
      reportedUser: nameOf(r.reported),
    })),
    // Every switch as the settings page shows it, the defaults included (updatedAt null: no row yet).
    notificationSettings: {
      userId,
      settings: await notificationSettingsOf(tx, userId),
      updatedAt: settingsRow?.updatedAt ?? null,
    },
    pushSubscriptions: devices,
    savedSearches: searches,
    notifications: bell,
  };
}

export type AccountExportDocument = Awaited<ReturnType<typeof readDocument>>;

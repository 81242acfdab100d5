import { Readable } from 'node:stream';

import { TRPCError } from '@trpc/server';
import { aliasedTable, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

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

/** The document's name inside the zip. */
export const EXPORT_DOCUMENT_NAME = 'yardsale-export.json';
/** The folder of the zip that holds the photos, each under its storage key. */
const PHOTOS_FOLDER = 'photos/';

const SECRET = 'a secret that signs the user in; a copy would only put the account at risk';
const DERIVED = 'derived by the database from columns that are exported';

/** Where rows of one table go in the document, and the columns left out of them with why. */
interface TableInExport {
  /** Paths in the document: `listings[]` is each item of `listings`, `listings[].images[]` each of their images. */
  at: readonly string[];
  columnsLeftOut?: Readonly<Record<string, string>>;
}

/**
 * Every table that holds a user's data (one that refers to users, directly or through such a table) is either
 * here or in TABLES_LEFT_OUT: the coverage test fails on a new table until it is placed (decision 069).
 */
export const EXPORTED_TABLES = {
  users: {
    at: ['profile'],
    columnsLeftOut: {
      passwordHash: SECRET,
      totpSecret: `${SECRET} (twoFactorEnabled says whether one is set)`,
    },
  },
  passkeys: {
    at: ['passkeys[]'],
    columnsLeftOut: {
      id: 'the credential id is part of signing in, not something the user chose',
      userId: 'the user themself',
      publicKey: 'key material of the sign-in, not the user’s data',
      counter: 'a replay guard of the sign-in',
      transports: 'how the browser reached the authenticator, not the user’s data',
    },
  },
  listings: {
    at: ['listings[]'],
    columnsLeftOut: { searchVector: DERIVED, searchText: DERIVED },
  },
  listing_images: { at: ['listings[].images[]'] },
  saved_listings: { at: ['savedListings[]'] },
  conversations: {
    at: ['conversations[]'],
    columnsLeftOut: {
      buyerHiddenAt:
        'when a participant deleted it: the user’s own is deletedByYouAt, the other’s is theirs',
      sellerHiddenAt:
        'when a participant deleted it: the user’s own is deletedByYouAt, the other’s is theirs',
    },
  },
  messages: { at: ['conversations[].messages[]'] },
  reviews: { at: ['reviewsWritten[]', 'reviewsReceived[]'] },
  reports: {
    at: ['reportsFiled[]'],
    columnsLeftOut: { adminNotes: 'the moderators’ own notes about the report' },
  },
  notification_settings: {
    at: ['notificationSettings'],
    columnsLeftOut: {
      unsubscribeToken:
        'the key of the unsubscribe links in mails: whoever holds a copy can switch the user’s mail off',
    },
  },
  push_subscriptions: {
    // The endpoint says which browsers and push services get the user's pushes: theirs to see.
    at: ['pushSubscriptions[]'],
    columnsLeftOut: {
      p256dh: 'the browser’s encryption key for pushes, made by the browser, not the user’s data',
      auth: 'the browser’s secret for decrypting pushes: a copy would only put it at risk',
      sessionId: 'which sign-in subscribed the browser: a session key, never shown',
    },
  },
  saved_searches: {
    at: ['savedSearches[]'],
    columnsLeftOut: { wordCount: 'how many words of `search` matching reads, derived from it' },
  },
  notifications: { at: ['notifications[]'] },
} as const satisfies Record<string, TableInExport>;

/** Tables deliberately not in the export, with why. */
export const TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  sessions: `${SECRET}: session ids are the keys of signed-in browsers`,
  account_tokens: `${SECRET}: the hashes of mailed links`,
  recovery_codes: `${SECRET}: the hashes of two-factor recovery codes`,
  sign_in_challenges: `${SECRET}: sign-ins half done, kept for minutes`,
  user_events:
    'a delivery log for live updates: ids of messages and conversations, all of which the export holds, kept a week',
  saved_search_words: `the words of each saved search as matching reads them: ${DERIVED}`,
  saved_search_matches:
    'which listings each saved search was already told of, so none is told twice; each is a notification, exported',
  notification_outbox:
    'pushes and mails waiting to be sent, and how their sending went: each repeats a notification or a message, both exported',
  notification_digests:
    'a mark that a day’s digest mail went (the day and a count), so two servers never both send it; its listings are in notifications',
  user_presence:
    'until when the app was open somewhere, renewed every 30 seconds to hold back pushes, and soon stale',
  listing_match_queue:
    'new listings waiting, for a moment after their creation, to be matched against saved searches; the listings are exported whole',
  // These two refer to no user: indexes derived from listings' words, which the listings themselves carry.
  search_terms: 'a search index of the words of all listings, no one’s in particular',
  listing_terms: 'a search index derived from listings, which are exported whole',
};

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
interface ExportedPhoto {
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
async function readDocument(
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

type AccountExportDocument = Awaited<ReturnType<typeof readDocument>>;

/** The download's name, dated the day it was made (UTC). */
export function accountExportFileName(now: Date): string {
  return `yardsale-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The user's data as a zip, streamed: the photos first (each stored as is, being compressed already), then
 * yardsale-export.json, which marks a photo the storage no longer has with `file: null`. Every row is
 * read before the first byte is sent; only photo reads happen while streaming.
 */
export async function exportAccount(deps: ServerDeps, userId: number): Promise<Readable> {
  const photos: ExportedPhoto[] = [];
  const document = await deps.db.transaction((tx) => readDocument(tx, deps, userId, photos), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return Readable.from(zipEntries(deps, document, photos));
}

async function* zipEntries(
  deps: ServerDeps,
  document: AccountExportDocument,
  photos: ExportedPhoto[],
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  // fflate calls back synchronously: what it made is handed on after each push, so memory holds one chunk.
  function* made(): Generator<Uint8Array> {
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  const mtime = document.exportedAt;

  const missing = new Set<string>();
  for (const photo of photos) {
    const stored = await deps.storage.get(photo.key);
    if (!stored) {
      missing.add(photo.path);
      continue;
    }
    const entry = new ZipPassThrough(photo.path);
    entry.mtime = mtime;
    zip.add(entry);
    for await (const chunk of stored.body) {
      entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk)));
      yield* made();
    }
    entry.push(new Uint8Array(0), true);
    yield* made();
  }
  if (missing.size > 0) {
    deps.logger.warn(
      { missing: [...missing] },
      'photos missing from storage left out of an export',
    );
  }

  const json = new ZipDeflate(EXPORT_DOCUMENT_NAME, { level: 6 });
  json.mtime = mtime;
  zip.add(json);
  json.push(strToU8(JSON.stringify(withoutMissing(document, missing), null, 2)), true);
  zip.end();
  yield* made();
}

/** The document with `file: null` for the photos that could not be read. */
function withoutMissing(document: AccountExportDocument, missing: Set<string>) {
  if (missing.size === 0) return document;
  const present = (file: string | null) => (file && missing.has(file) ? null : file);
  return {
    ...document,
    profile: {
      ...document.profile,
      profilePictureFile: present(document.profile.profilePictureFile),
    },
    listings: document.listings.map((listing) => ({
      ...listing,
      images: listing.images.map((image) => ({ ...image, file: present(image.file) })),
    })),
  };
}

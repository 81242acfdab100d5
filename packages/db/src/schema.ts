import {
  CATEGORIES,
  CONVERSATION_CLOSED_REASONS,
  LISTING_TYPES,
  NOTIFICATION_KINDS,
  PRICE_RANGES,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  USER_ROLES,
} from '@yardsale/validators';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Column names come from the TypeScript keys through drizzle's `casing: 'snake_case'` (client and drizzle.config).
 * Raw SQL below (generated columns, index expressions) names columns in snake_case directly, because drizzle-kit
 * does not apply the casing inside `sql` fragments.
 */

const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });

/** Drizzle has no tsvector type; the column is only ever written by PostgreSQL (generated). */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * `column in (...)` over a fixed list, written as SQL literals (a check constraint takes no
 * parameters). Category and price range are text columns held to their lists by such checks rather
 * than PostgreSQL enums (decision 032).
 */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);

export const userRole = pgEnum('user_role', USER_ROLES);
export const listingType = pgEnum('listing_type', LISTING_TYPES);
export const reportCategory = pgEnum('report_category', REPORT_CATEGORIES);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);

export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Stored trimmed and lower-cased, so equality is case-insensitive. */
  email: text().notNull().unique(),
  /** Null for the system account, which cannot sign in. */
  passwordHash: text(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  phone: text(),
  profilePicture: text(),
  role: userRole().notNull().default('user'),
  termsAcceptedAt: timestamptz(),
  /** When the address in `email` was confirmed by a mailed link; null until then (decision 067). */
  emailVerifiedAt: timestamptz(),
  /** The authenticator app's shared secret (base32) once two-factor sign-in is on; null while it is off. */
  totpSecret: text(),
  /** Set when the account was deleted: the row stays only as "Deleted user" for others' messages and reports. */
  deletedAt: timestamptz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;

/** Single-use links mailed to a user; only the token's SHA-256 is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull().unique(),
    /** For verify-email: the address the link confirms (the account's, or the one it is moving to). */
    email: text(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_tokens_purpose_check', oneOf('purpose', ACCOUNT_TOKEN_PURPOSES)),
    index('account_tokens_user_id_idx').on(t.userId),
  ],
);

/** Ten single-use codes that stand in for the authenticator app; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** WebAuthn credentials: a second factor, or a sign-in without a password. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

export const SIGN_IN_CHALLENGE_PURPOSES = [
  'second-factor',
  'passkey-sign-in',
  'passkey-register',
] as const;

/**
 * A sign-in half done (password accepted, second factor awaited) or a WebAuthn ceremony under way.
 * Keyed by the SHA-256 of the token the client holds; short-lived.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text().primaryKey(),
    /** Null for a password-less passkey sign-in, where the user is known only at the end. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: SIGN_IN_CHALLENGE_PURPOSES }).notNull(),
    /** The WebAuthn challenge, base64url, when a passkey is involved. */
    challenge: text(),
    remember: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('sign_in_challenges_purpose_check', oneOf('purpose', SIGN_IN_CHALLENGE_PURPOSES)),
    index('sign_in_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the session token; the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz().notNull(),
    remember: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const listings = pgTable(
  'listings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    category: text({ enum: CATEGORIES }).notNull(),
    listingType: listingType().notNull().default('garage-sale'),
    priceRange: text({ enum: PRICE_RANGES }).notNull(),
    address: text().notNull(),
    /** Seller's local wall-clock date and times (garage sales only), interpreted in `timeZone`. */
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    startTime: text(),
    endTime: text(),
    timeZone: text().notNull().default('UTC'),
    /** The instant the listing ends (listingEndsAt); browse and search filter on it. */
    endsAt: timestamptz().notNull(),
    contactPhone: text(),
    contactEmail: text(),
    /** Where the sale is on the map; both null when the address could not be placed. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** True only when the seller placed the pin; otherwise the point is the ZIP or town centre (approximate). */
    locationExact: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    /**
     * Lower-cased title, category and description: the words search_terms collects, against which a
     * search finds partial words and corrects typos (which full text misses).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || coalesce(description, ''))`,
      ),
  },
  (t) => [
    index('listings_search_vector_idx').using('gin', t.searchVector),
    index('listings_ends_at_idx').on(t.endsAt),
    // NULLS FIRST matches a plain `ORDER BY created_at DESC, id DESC`, so the planner can walk this index.
    index('listings_created_at_id_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('listings_category_idx').on(t.category),
    index('listings_user_id_idx').on(t.userId),
    // Near-me queries: earthdistance's earth_box/earth_distance search this index. Migration 0013
    // adds search_vector as a second key and INCLUDE columns, which drizzle-kit does not model.
    index('listings_location_idx')
      .using('gist', sql`ll_to_earth(latitude, longitude)`)
      .where(sql`latitude IS NOT NULL`),
    check('listings_category_check', oneOf('category', CATEGORIES)),
    check('listings_price_range_check', oneOf('price_range', PRICE_RANGES)),
  ],
);

/**
 * Every word (three letters or more) that appears in a listing's searchable text, kept by a trigger
 * on listings. A misspelt search word is corrected against this short list, through its trigram
 * index, instead of comparing it with the text of every listing.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text().primaryKey(),
  },
  () => [index('search_terms_term_trgm_idx').using('gin', sql`term gin_trgm_ops`)],
);

/**
 * One row per word form (lexeme of `search_vector`) of each listing, with the columns search filters and
 * orders by, kept by triggers on listings (migration 0010). Its index lists a word's listings newest
 * first, so a search reads only the rows of the page it shows instead of every listing with the word.
 */
export const listingTerms = pgTable(
  'listing_terms',
  {
    lexeme: text().notNull(),
    createdAt: timestamptz().notNull(),
    listingId: integer().notNull(),
    endsAt: timestamptz().notNull(),
    category: text().notNull(),
    listingType: listingType().notNull(),
  },
  (t) => [
    // Filter columns at the end: a search reads them from the index alone.
    index('listing_terms_lexeme_created_at_idx').on(
      t.lexeme,
      t.createdAt.desc().nullsFirst(),
      t.listingId.desc().nullsFirst(),
      t.endsAt,
      t.category,
      t.listingType,
    ),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Detail-size copy. */
    imageUrl: text().notNull(),
    /** Card-size copy. */
    thumbnailUrl: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    width: integer(),
    height: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_images_listing_id_idx').on(t.listingId)],
);

export const savedListings = pgTable(
  'saved_listings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('saved_listings_user_listing_unique').on(t.userId, t.listingId),
    index('saved_listings_listing_id_idx').on(t.listingId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Kept when the listing is deleted: the review is about the seller. */
    listingId: integer().references(() => listings.id, { onDelete: 'set null' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`rating between 1 and 5`),
    // NULLs are distinct here, so the server checks the one-review-without-listing case itself.
    unique('reviews_reviewer_reviewee_listing_unique').on(t.reviewerId, t.revieweeId, t.listingId),
    index('reviews_reviewee_created_at_idx').on(t.revieweeId, t.createdAt),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null for announcement conversations. */
    listingId: integer().references(() => listings.id, { onDelete: 'cascade' }),
    /** For announcements: the recipient. */
    buyerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** For announcements: the system account. */
    sellerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAnnouncement: boolean().notNull().default(false),
    /** Set when that participant deletes the conversation; a new message clears it. */
    buyerHiddenAt: timestamptz(),
    sellerHiddenAt: timestamptz(),
    lastMessageAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_listing_buyer_unique').on(t.listingId, t.buyerId),
    uniqueIndex('conversations_announcement_buyer_unique')
      .on(t.buyerId)
      .where(sql`is_announcement`),
    index('conversations_buyer_id_idx').on(t.buyerId),
    index('conversations_seller_id_idx').on(t.sellerId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
    /** The sender's device's key for this message: a retried send is the same message (decision 088). */
    clientKey: uuid(),
  },
  (t) => [
    index('messages_conversation_id_id_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_id_client_key_unique').on(t.senderId, t.clientKey),
  ],
);

export const USER_EVENT_KINDS = [
  'message.created',
  'message.read',
  'message.deleted',
  'conversation.deleted',
  'conversation.closed',
] as const;
export const userEventKind = pgEnum('user_event_kind', USER_EVENT_KINDS);
export const conversationClosedReason = pgEnum(
  'conversation_closed_reason',
  CONVERSATION_CLOSED_REASONS,
);

/**
 * What each user's open clients must hear about, in database order. The id is the resume point:
 * a client that reconnects with the last id it saw receives exactly what came after, once. Rows
 * carry ids only; readers load the rows they point at.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: userEventKind().notNull(),
    /** Not a foreign key: the event outlives a deleted conversation. */
    conversationId: integer().notNull(),
    messageId: integer(),
    /** Why the conversation closed, for 'conversation.closed' only. */
    closedReason: conversationClosedReason(),
    createdAt: createdAt(),
  },
  (t) => [index('user_events_user_id_id_idx').on(t.userId, t.id)],
);

export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer().references(() => listings.id, { onDelete: 'set null' }),
    category: reportCategory().notNull(),
    description: text().notNull(),
    status: reportStatus().notNull().default('pending'),
    adminNotes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pending report per reporter, user and listing; coalesce makes "no listing" count as one value.
    uniqueIndex('reports_pending_unique')
      .on(t.reporterId, t.reportedUserId, sql`coalesce(listing_id, 0)`)
      .where(sql`status = 'pending'`),
    // The admin's pages, newest first, with and without a status (NULLS FIRST as a plain DESC sorts).
    index('reports_created_at_id_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reports_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A person's notification switches, per kind and channel; no row means the defaults (decision 073). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Only the kinds a person changed; the rest follow DEFAULT_NOTIFICATION_SETTINGS. */
  settings: jsonb()
    .$type<Record<string, { push?: boolean; email?: boolean }>>()
    .notNull()
    .default({}),
  /** In every notification mail's unsubscribe link; it can only turn mail off. */
  unsubscribeToken: text().notNull().unique(),
  updatedAt: updatedAt(),
});

/** One browser (device) that accepted push: where its push service takes messages, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /**
     * The sign-in that subscribed this browser: when it ends (sign-out, expiry, a password reset),
     * the device stops getting this person's pushes.
     */
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** Sends in a row that did not get through; a success sets it back to 0. */
    failures: integer().notNull().default(0),
    /** After a failure the device is left alone until then (growing with `failures`). */
    restingUntil: timestamptz(),
    /** Why the last send failed, for whoever looks into it. */
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** A search a person keeps, told of new listings that match it. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    search: text().notNull().default(''),
    category: text({ enum: CATEGORIES }),
    listingType: listingType(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    radiusMiles: doublePrecision(),
    push: boolean().notNull().default(true),
    email: text({ enum: ['instant', 'daily', 'off'] })
      .notNull()
      .default('daily'),
    paused: boolean().notNull().default(false),
    /** Words of `search` a listing must match (saved_search_words); 0 matches on the filters alone. */
    wordCount: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_id_idx').on(t.userId),
    // Searches without words are matched on their filters alone: those with a place by the area
    // they cover (the box search checks first, decision 074), the others by category.
    index('saved_searches_no_words_idx')
      .on(t.category)
      .where(sql`word_count = 0 and not paused and latitude is null`),
    index('saved_searches_no_words_place_idx')
      .using('gist', sql`earth_box(ll_to_earth(latitude, longitude), radius_miles * 1609.344)`)
      .where(sql`word_count = 0 and not paused and latitude is not null`),
    check('saved_searches_email_check', oneOf('email', ['instant', 'daily', 'off'])),
  ],
);

/**
 * Each word of a saved search as search reads it: the word itself (found as part of a listing's
 * words) and the full-text forms search looks for. A new listing finds the searches it matches
 * through these indexes (decision 074).
 */
export const savedSearchWords = pgTable(
  'saved_search_words',
  {
    savedSearchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    /**
     * The word's place among the search's words, stop words counted: as in search, only the first
     * six are also found as part of a longer word.
     */
    position: integer().notNull(),
    word: text().notNull(),
    forms: text().array().notNull(),
    /**
     * The search's word count and filters, copied: they never change once it is saved, and a new
     * listing's hits are checked on these rows before any search is read.
     */
    wordCount: integer().notNull(),
    category: text({ enum: CATEGORIES }),
    listingType: listingType(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    radiusMiles: doublePrecision(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.position] }),
    index('saved_search_words_word_idx').on(t.word),
    index('saved_search_words_forms_idx').using('gin', t.forms),
  ],
);

/** Listings that matched a saved search: each once, and those waiting for the daily digest. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a match that goes into the daily digest; cleared when a digest took it. */
    digestDue: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_digest_idx')
      .on(t.userId)
      .where(sql`digest_due`),
  ],
);

/**
 * New listings waiting to be matched against the saved searches: written in the listing's own
 * transaction, taken by the matcher of any instance (decision 077). A row outlives a crash between
 * the listing's commit and its matching; it goes in the transaction that writes the matches.
 */
export const listingMatchQueue = pgTable(
  'listing_match_queue',
  {
    listingId: integer()
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Not before then: a matching that failed waits longer each time. */
    dueAt: timestamptz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [index('listing_match_queue_due_idx').on(t.dueAt)],
);

/** The bell: what happened to a person, newest first, and whether they have seen it. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** Not foreign keys: the entry outlives a deleted listing or conversation (which then says so). */
    listingId: integer(),
    conversationId: integer(),
    createdAt: createdAt(),
    readAt: timestamptz(),
  },
  (t) => [
    index('notifications_user_id_id_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    check('notifications_kind_check', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

/**
 * Pushes and mails to send, written in the transaction of the event that causes them and sent by
 * the outbox worker. The key makes each one unique: written twice, it is kept once (decision 073).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    channel: text({ enum: ['push', 'email'] }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    dueAt: timestamptz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    /** A worker holds the row until then; after it, another may take it (the first one crashed). */
    lockedUntil: timestamptz(),
    sentAt: timestamptz(),
    /** Given up: retries ran out, or it is no longer wanted (read, switched off). */
    doneReason: text(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_due_idx')
      .on(t.dueAt)
      .where(sql`sent_at is null and done_reason is null`),
    index('notification_outbox_user_id_idx').on(t.userId),
    // Whose rows a claim holds: a person's next rows wait until those are done.
    index('notification_outbox_held_idx')
      .on(t.userId)
      .where(sql`locked_until is not null and sent_at is null and done_reason is null`),
    check('notification_outbox_channel_check', oneOf('channel', ['push', 'email'])),
  ],
);

/** One digest per person per day: the row is the claim, so two instances never both send it. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    matches: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Until when a person has the app open somewhere: pushes for messages wait while they do. */
export const userPresence = pgTable('user_presence', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  onlineUntil: timestamptz().notNull(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type AccountToken = typeof accountTokens.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingImage = typeof listingImages.$inferSelect;
export type NewListingImage = typeof listingImages.$inferInsert;
export type SavedListing = typeof savedListings.$inferSelect;
export type NewSavedListing = typeof savedListings.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type Conversation = typeof conversations.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type Report = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type OutboxRow = typeof notificationOutbox.$inferSelect;

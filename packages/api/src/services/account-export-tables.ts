/*
 * What of a user's data the export holds, table by table, and what it leaves out with why: the reading
 * in account-export-document.ts keeps to it, and account-export.test.ts holds the schema and the
 * export to it.
 */
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

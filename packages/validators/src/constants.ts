/**
 * Product constants (docs/product/rules.md#limits-and-timings and the decisions). One place each.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

export const REVIEW_COMMENT_MAX_LENGTH = 500;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const REPORT_DESCRIPTION_MIN_LENGTH = 10;
export const REPORT_DESCRIPTION_MAX_LENGTH = 1000;

export const MESSAGE_MAX_LENGTH = 2000;

export const MAX_PHOTOS_PER_LISTING = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PROFILE_PICTURE_BYTES = 5 * 1024 * 1024;
/** Client-side compression before upload: photos over this size are re-encoded. */
export const PHOTO_COMPRESS_THRESHOLD_BYTES = 200 * 1024;
export const PHOTO_COMPRESS_MAX_DIMENSION = 1200;
export const PHOTO_COMPRESS_QUALITY = 0.85;

export const SINGLE_ITEM_LIFETIME_DAYS = 14;
/** A garage sale with no end time ends at this local wall-clock time. */
export const DEFAULT_SALE_END_TIME = '18:00';
/** Ended listings are purged this many days after they end. */
export const ENDED_LISTING_PURGE_DAYS = 7;
/** Live events (user_events) are kept this long for clients catching up after a reconnect, then pruned. */
export const USER_EVENT_RETENTION_DAYS = 7;

export const SESSION_REMEMBER_DAYS = 30;
export const SESSION_SHORT_HOURS = 24;
/** However often it is used, a remembered session ends this long after sign-in (decision 025). */
export const SESSION_REMEMBER_ABSOLUTE_DAYS = 90;
/** A session that is not remembered ends this long after sign-in, even in a browser never closed. */
export const SESSION_SHORT_ABSOLUTE_HOURS = 24;

/**
 * Bounds on live-update connections (decision 024). A tab opens one websocket with one or two live
 * streams; these leave room for many tabs and devices, and for a household or office behind one address.
 */
export const LIVE_SOCKET_LIMITS = {
  /** Live streams open at once on one websocket. */
  subscriptionsPerSocket: 5,
  /** Calls waiting for their answer at once on one websocket. */
  callsInFlightPerSocket: 8,
  /** Websockets open at once for one signed-in account, on one server. */
  socketsPerUser: 20,
  /** Websockets open at once from one client address, on one server. */
  socketsPerAddress: 60,
  /** Calls (and stream starts and stops) one websocket may send at once; beyond, it is closed. */
  callBurstPerSocket: 12,
  /** ...refilled at this many a second, far above what a tab sends. */
  callsPerSecondPerSocket: 5,
} as const;

export const SAVED_PREVIEW_COUNT = 3;
export const PROFILE_REVIEW_COUNT = 3;

export const POLL_CONVERSATIONS_MS = 3000;
export const POLL_MESSAGES_MS = 5000;
export const POLL_LISTING_WITHOUT_IMAGES_MS = 3000;
export const MARK_READ_DELAY_MS = 3000;

export const CAROUSEL = {
  snapDebounceMs: 150,
  snapTolerancePx: 3,
  gapPx: 16,
  cardWidthPx: 320,
  skeletonCount: 3,
} as const;

export const TOAST_DURATION_MS = 5000;
export const INSTALL_MODAL_DELAY_MS = 30_000;
export const IOS_INSTALL_TOAST_MS = 8000;

export const SUPPORT_EMAIL = 'support@yardsale.local';
export const SUPPORT_RESPONSE_TIME = '24-48 hours';
export const LEGAL_LAST_UPDATED = 'July 3, 2025';

export const LISTING_TYPES = ['garage-sale', 'single-item'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  'garage-sale': 'Garage Sale',
  'single-item': 'Single Item',
};

/** The one canonical category list (product decisions), in display order. */
export const CATEGORIES = [
  'Multi-Family',
  'Electronics',
  'Furniture',
  'Clothing',
  'Books & Media',
  'Kids & Family',
  'Toys',
  'Sports',
  'Home & Garden',
  'Automotive',
  'Collectibles',
  'Antiques',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];
/** Old category names still accepted on the REST surface, mapped to the canonical one. */
export const LEGACY_CATEGORY_ALIASES: Readonly<Record<string, Category>> = {
  Books: 'Books & Media',
};

export const PRICE_RANGES = [
  'Free',
  'Under $25',
  '$25-$50',
  '$50-$100',
  '$100-$250',
  '$250+',
  'Negotiable',
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export const REPORT_CATEGORIES = [
  'scammer',
  'inappropriate_content',
  'fake_listing',
  'harassment',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  scammer: 'Scammer',
  inappropriate_content: 'Inappropriate content',
  fake_listing: 'Fake listing',
  harassment: 'Harassment',
  other: 'Other',
};

export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Allowed report status moves: pending -> reviewed | dismissed, reviewed -> resolved. */
export const REPORT_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  pending: ['reviewed', 'dismissed'],
  reviewed: ['resolved'],
  resolved: [],
  dismissed: [],
};

/**
 * Why a conversation closed under an open thread: its listing was deleted by the seller, removed by
 * the admin, or deleted after it ended. A later reason (sold) joins this list and the notice texts.
 */
export const CONVERSATION_CLOSED_REASONS = [
  'listing.deleted',
  'listing.removed',
  'listing.ended',
] as const;
export type ConversationClosedReason = (typeof CONVERSATION_CLOSED_REASONS)[number];

export const USER_ROLES = ['user', 'admin', 'system'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SYSTEM_ACCOUNT = {
  displayName: 'The YardSale Team',
  initials: 'YS',
  firstName: 'The YardSale',
  lastName: 'Team',
  email: 'team@yardsale.system',
  conversationTitle: 'YardSale Team Announcements',
} as const;

export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

// Here, with no schema beside them, so the web app's request client carries no zod code for them.
/** Calls one batched tRPC HTTP request may carry; the web app's batch link uses the same number. */
export const MAX_BATCH_SIZE = 10;
/**
 * What one batched HTTP request may cost, in units: a call costs 1, a listing search (which may run
 * a second, spelling-tolerant pass) costs SEARCH_CALL_COST.
 */
export const BATCH_COST_LIMIT = 12;
export const SEARCH_CALL_COST = 4;

/**
 * The home tabs' counts stop here: counting every match of a common word costs as much as reading
 * them all, and past a thousand the exact number tells a neighbour nothing more.
 */
export const LISTING_COUNT_LIMIT = 1000;

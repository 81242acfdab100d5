import { z } from './zod';

import { LISTING_TYPES } from './constants';
import { idSchema, text } from './input';
import { searchFilterSchema } from './listing';
import { NOTIFICATION_TEXT } from './notification-text';

const M = NOTIFICATION_TEXT;

/** What a person can be told about; each has its own push and e-mail switch (decision 073). */
export const NOTIFICATION_KINDS = [
  'message',
  'review',
  'report',
  'announcement',
  'saved-search',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

const channelsSchema = z.object({ push: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.output<typeof channelsSchema>;

/** Every kind's switches: what `GET /api/user/notification-settings` answers and `PUT` takes. */
export const notificationSettingsSchema = z.object({
  message: channelsSchema,
  review: channelsSchema,
  report: channelsSchema,
  announcement: channelsSchema,
  'saved-search': channelsSchema,
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

/** Where nobody chose otherwise (decision 073). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  message: { push: true, email: true },
  review: { push: true, email: true },
  report: { push: false, email: true },
  announcement: { push: true, email: false },
  'saved-search': { push: true, email: true },
};

/** One entry of the bell: what happened, and where tapping it goes. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
  listingId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
});
export type Notification = z.output<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.output<typeof notificationListSchema>;

/** Marks these as read, or every one when `ids` is left out. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(idSchema).min(1).max(100).optional(),
});

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });

/** How saved-search matches arrive by e-mail: one each, once a day together, or not at all. */
export const SAVED_SEARCH_EMAIL = ['instant', 'daily', 'off'] as const;
export type SavedSearchEmail = (typeof SAVED_SEARCH_EMAIL)[number];

export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** Words a saved search may have (stop words aside): each is looked up for every new listing. */
export const MAX_SAVED_SEARCH_WORDS = 8;
/** Longest a saved search's name is quoted in a notification; longer ones are cut with "…". */
export const SAVED_SEARCH_NAME_IN_TITLE = 40;

/** A saved search's name as notifications quote it: at most SAVED_SEARCH_NAME_IN_TITLE characters. */
export function savedSearchNameInTitle(name: string): string {
  // Counted in code points, as SQL char_length counts them (the bell's title is cut by SQL).
  const chars = Array.from(name);
  return chars.length > SAVED_SEARCH_NAME_IN_TITLE
    ? `${chars.slice(0, SAVED_SEARCH_NAME_IN_TITLE - 1).join('')}…`
    : name;
}

const savedSearchName = text().trim().min(1, M.nameRequired).max(SAVED_SEARCH_NAME_MAX_LENGTH);

/** `POST /api/saved-searches`: the search as the browse page has it, and how to hear of matches. */
export const savedSearchInputSchema = z
  .object({
    name: savedSearchName.optional(),
    ...searchFilterSchema.shape,
    // Saved, the words are a string even when none were typed.
    search: searchFilterSchema.shape.search.unwrap().default(''),
    push: z.boolean().default(true),
    email: z.enum(SAVED_SEARCH_EMAIL).default('daily'),
  })
  .superRefine((v, ctx) => {
    if (v.near && v.radiusMiles === undefined)
      ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: M.placeNeedsRadius });
    if (!v.near && v.radiusMiles !== undefined)
      ctx.addIssue({ code: 'custom', path: ['near'], message: M.radiusNeedsPlace });
    if (!v.search && !v.category && !v.listingType && !v.near)
      ctx.addIssue({ code: 'custom', path: ['search'], message: M.searchEmpty });
  });
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;
export type SavedSearchValues = z.output<typeof savedSearchInputSchema>;

/** Rename, pause or resume, or change how matches arrive. */
export const savedSearchUpdateSchema = z.object({
  id: idSchema,
  name: savedSearchName.optional(),
  paused: z.boolean().optional(),
  push: z.boolean().optional(),
  email: z.enum(SAVED_SEARCH_EMAIL).optional(),
});

export const savedSearchRefSchema = z.object({ id: idSchema });

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  search: z.string(),
  category: z.string().nullable(),
  listingType: z.enum(LISTING_TYPES).nullable(),
  near: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  radiusMiles: z.number().nullable(),
  push: z.boolean(),
  email: z.enum(SAVED_SEARCH_EMAIL),
  paused: z.boolean(),
  createdAt: z.date(),
});
export type SavedSearch = z.output<typeof savedSearchSchema>;

/**
 * A browser's push subscription (PushSubscription.toJSON()). The endpoint is the push service's
 * address for this browser: HTTPS only, and checked again by the server (decision 073).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: text()
    .max(2000)
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', M.endpointHttps),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: text()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, M.keysInvalid),
    auth: text()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, M.keysInvalid),
  }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionRefSchema = z.object({
  endpoint: text().max(2000),
});

/** The server's VAPID public key, for PushManager.subscribe; null where push is off. */
export const pushConfigSchema = z.object({ publicKey: z.string().nullable() });

/** A mail's one-click unsubscribe link (RFC 8058): the person's token and the kind of mail to stop. */
export const unsubscribeEmailSchema = z.object({
  token: text().min(1).max(100),
  kind: notificationKindSchema,
});

/** What an outbox row carries, and how long a failed send waits before it is tried again. */
import type * as schema from '@yardsale/db/schema';

/** 30 s, 1 min, 2 min … capped at an hour: a push service or mail server that is down gets time. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** What a row says, as the event wrote it. */
export interface Payload {
  title: string;
  body: string;
  url: string;
  listingId: number | null;
  conversationId: number | null;
  messageId: number | null;
  /** Saved-search mails: the search's name. */
  savedSearch?: string;
  /** Digests: the listings, newest first. */
  digest?: { listingId: number; searchName: string }[];
}

export type Row = typeof schema.notificationOutbox.$inferSelect;

/** Why a row was not sent, when it will never be. */
export type Skip =
  'off' | 'read' | 'online' | 'recent-mail' | 'no-device' | 'mail-off' | 'gone-user' | 'unverified';

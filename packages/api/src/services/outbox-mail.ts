/**
 * Mail for the outbox: one notification, or the day's digest of saved-search matches, each with its
 * one-click unsubscribe link; message mails at most one an hour per conversation.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import type { NotificationKind } from '@yardsale/validators';

import { MailUnavailableError } from './mail';
import { digestMail, notificationMail } from './notification-mail';
import type { DigestListing } from './notification-mail';
import { unsubscribeTokenOf } from './notifications';
import type { Payload, Row, Skip } from './outbox-row';
import type { ServerDeps } from './types';

const { listingImages, listings, notificationOutbox, users } = schema;
const M = NOTIFICATION_TEXT;

/** At most one mail an hour per conversation about new messages. */
const MESSAGE_MAIL_GAP_MS = 60 * 60 * 1000;

/** Whether this conversation was mailed about within the last hour. */
export async function mailedLately(deps: ServerDeps, row: Row, payload: Payload): Promise<boolean> {
  const since = new Date(deps.now().getTime() - MESSAGE_MAIL_GAP_MS);
  const [recent] = await deps.db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.userId, row.userId),
        eq(notificationOutbox.kind, 'message'),
        eq(notificationOutbox.channel, 'email'),
        gt(notificationOutbox.sentAt, since),
        sql`${notificationOutbox.payload} ->> 'conversationId' = ${String(payload.conversationId)}`,
      ),
    )
    .orderBy(desc(notificationOutbox.sentAt))
    .limit(1);
  return recent !== undefined;
}
const ACTIONS: Record<NotificationKind, string> = {
  message: 'Read and reply',
  review: 'See the review',
  report: 'See your reports',
  announcement: 'Read it',
  'saved-search': 'See the listing',
};

export async function sendMail(
  deps: ServerDeps,
  row: Row,
  payload: Payload,
): Promise<'sent' | Skip> {
  if (deps.mail.mode === 'off') return 'mail-off';
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user || user.deletedAt) return 'gone-user';
  const origin = deps.config.linkOrigin ?? 'http://localhost:3000';
  const link = (path: string) => new URL(path, origin).toString();
  const token = await unsubscribeTokenOf(deps.db, row.userId);
  const query = `token=${encodeURIComponent(token)}&kind=${encodeURIComponent(row.kind)}`;
  const unsubscribeUrl = link(`/api/notifications/unsubscribe?${query}`);
  const unsubscribePageUrl = link(`/unsubscribe?${query}`);
  const messageId = `<${row.idempotencyKey.replaceAll(':', '.')}@${new URL(origin).hostname}>`;
  const message = payload.digest
    ? digestMail({
        to: user.email,
        firstName: user.firstName,
        listings: await digestListings(deps, payload.digest, link),
        savedSearchesUrl: link('/saved-searches'),
        unsubscribeUrl,
        unsubscribePageUrl,
        messageId,
      })
    : notificationMail({
        to: user.email,
        firstName: user.firstName,
        title: payload.title,
        body: payload.body,
        url: link(payload.url),
        action: ACTIONS[row.kind],
        kindLabel: M.kinds[row.kind].label,
        unsubscribeUrl,
        unsubscribePageUrl,
        messageId,
      });
  try {
    await deps.mail.send(message);
  } catch (err) {
    if (err instanceof MailUnavailableError) return 'mail-off';
    throw err;
  }
  return 'sent';
}

/** The digest's listings that still exist, with their cover photos. */
async function digestListings(
  deps: ServerDeps,
  items: { listingId: number; searchName: string }[],
  link: (path: string) => string,
): Promise<DigestListing[]> {
  const ids = items.map((i) => i.listingId);
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({
      id: listings.id,
      title: listings.title,
      priceRange: listings.priceRange,
      address: listings.address,
      photo: sql<string | null>`(select ${listingImages.thumbnailUrl} from ${listingImages}
        where ${listingImages.listingId} = ${listings.id}
        order by ${listingImages.isPrimary} desc, ${listingImages.position}, ${listingImages.id} limit 1)`,
    })
    .from(listings)
    .where(inArray(listings.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.flatMap((item) => {
    const l = byId.get(item.listingId);
    if (!l) return [];
    return [
      {
        title: l.title,
        url: link(`/listing/${String(l.id)}`),
        priceRange: l.priceRange,
        address: l.address,
        photoUrl: l.photo ? link(l.photo) : null,
        searchName: item.searchName,
      },
    ];
  });
}

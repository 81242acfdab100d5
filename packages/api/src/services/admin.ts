import { eq, gt, sql } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT, SYSTEM_ACCOUNT } from '@yardsale/validators';
import type { SessionUser } from '@yardsale/validators';

import { lockEventsForEveryone } from './conversation-events';
import { deleteListings } from './listings';
import type { ServerDeps } from './types';

const { conversations, listings, messages, notificationOutbox, notifications, userEvents, users } =
  schema;

/** The account announcements come from; made on first use when the database was not seeded. */
async function systemAccountId(deps: ServerDeps): Promise<number> {
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'system'))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await deps.db
    .insert(users)
    .values({
      email: SYSTEM_ACCOUNT.email,
      passwordHash: null,
      firstName: SYSTEM_ACCOUNT.firstName,
      lastName: SYSTEM_ACCOUNT.lastName,
      role: 'system',
    })
    .returning({ id: users.id });
  if (!created) throw new Error('could not create the system account');
  return created.id;
}

/**
 * Puts the message into the announcement conversation of every member but its sender (made where
 * missing, brought back where deleted) with one statement, whatever the number of members, and wakes
 * those online. Answers how many members it reached.
 */
export async function sendAnnouncement(
  deps: ServerDeps,
  sender: SessionUser,
  content: string,
): Promise<number> {
  const systemId = await systemAccountId(deps);
  const now = deps.now().toISOString();
  const preview = content.length > 200 ? `${content.slice(0, 199)}…` : content;
  const recipients = await deps.db.transaction(async (tx) => {
    await lockEventsForEveryone(tx);
    return executeRows<{ user_id: number }>(
      tx,
      sql`
        with conv as (
          insert into ${conversations} (buyer_id, seller_id, is_announcement, last_message_at)
          select ${users.id}, ${systemId}, true, now() from ${users}
          where ${users.role} <> 'system' and ${users.id} <> ${sender.id} and ${users.deletedAt} is null
          on conflict (buyer_id) where is_announcement
          do update set last_message_at = excluded.last_message_at, buyer_hidden_at = null
          returning id, buyer_id
        ), msg as (
          insert into ${messages} (conversation_id, sender_id, content)
          select id, ${systemId}, ${content} from conv
          returning id, conversation_id
        ), events as (
          insert into ${userEvents} (user_id, kind, conversation_id, message_id)
          select conv.buyer_id, 'message.created', msg.conversation_id, msg.id
          from msg join conv on conv.id = msg.conversation_id
          order by conv.buyer_id
          returning user_id, conversation_id, message_id
        ), belled as (
          -- Everyone's bell and outbox in the same statement (decision 073).
          insert into ${notifications} (user_id, kind, title, body, conversation_id, created_at)
          select user_id, 'announcement', ${NOTIFICATION_TEXT.announcementTitle}::text, ${preview}::text, conversation_id, ${now}::timestamptz
          from events
          returning id, user_id, conversation_id
        ), queued as (
          insert into ${notificationOutbox} (idempotency_key, user_id, kind, channel, payload, due_at)
          select 'announcement:' || e.message_id || ':' || ch.channel, b.user_id, 'announcement', ch.channel,
                 jsonb_build_object('title', ${NOTIFICATION_TEXT.announcementTitle}::text, 'body', ${preview}::text,
                   'url', '/messages?conversation=' || b.conversation_id, 'listingId', null,
                   'conversationId', b.conversation_id, 'messageId', null, 'notificationId', b.id),
                 ${now}::timestamptz
          from belled b join events e on e.user_id = b.user_id
          cross join (values ('push'), ('email')) as ch(channel)
          on conflict do nothing
        )
        select user_id from events`,
    );
  });
  deps.outbox.kick();
  const userIds = recipients.map((r) => r.user_id);
  await deps.events.wake(userIds);
  return userIds.length;
}

/** Case and spacing do not make two titles or addresses different. */
const normalized = (column: typeof listings.title | typeof listings.address) =>
  sql`regexp_replace(lower(${column}), '\\s+', '', 'g')`;

/**
 * Deletes duplicate listings: within one seller's active listings, the same type, title and address
 * (and for garage sales the same start date). The oldest of each group stays. Running it again
 * finds nothing more.
 */
export async function cleanUpDuplicates(deps: ServerDeps): Promise<number> {
  const ranked = deps.db
    .select({
      id: listings.id,
      rank: sql<number>`row_number() over (
        partition by ${listings.userId}, ${listings.listingType}, ${normalized(listings.title)}, ${normalized(listings.address)},
          case when ${listings.listingType} = 'garage-sale' then ${listings.startDate} end
        order by ${listings.createdAt}, ${listings.id})`.as('rank'),
    })
    .from(listings)
    .where(gt(listings.endsAt, deps.now()))
    .as('ranked');
  const duplicates = await deps.db.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, 1));
  return deleteListings(
    deps,
    duplicates.map((d) => d.id),
    'listing.removed',
  );
}

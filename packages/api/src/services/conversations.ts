import { TRPCError } from '@trpc/server';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  max,
  min,
  ne,
  or,
  sql,
} from 'drizzle-orm';

import type { Executor, Transaction } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type {
  ConversationEvent,
  ConversationSummary,
  Message,
  SessionUser,
} from '@yardsale/validators';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { isLive } from './listing-rows';
import { outboxRows } from './notifications';
import type { ServerDeps } from './types';

const { conversations, messages, listings, listingImages, users, userEvents } = schema;

type EventKind = (typeof schema.USER_EVENT_KINDS)[number];
interface NewEvent {
  userId: number;
  kind: EventKind;
  conversationId: number;
  messageId?: number | null;
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.conversation.notFound });

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
};

/**
 * Records events in the caller's transaction. A per-user transaction lock makes each user's events
 * commit in id order, so a reader that has seen id N never later finds a smaller id committed.
 */
export async function recordEvents(tx: Transaction, events: NewEvent[]) {
  if (events.length === 0) return;
  // The shared lock is held by every writer; an announcement to everyone takes it exclusively instead of one
  // lock per user. The per-user locks follow in ascending order, so two writers never wait on each other in
  // a circle; PostgreSQL takes them in the order of the select list, all in one round trip.
  const userIds = [...new Set(events.map((e) => e.userId))].sort((a, b) => a - b);
  const userLocks = userIds.map(
    (userId) => sql`pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, ${userId})`,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(${EVENT_LOCK_SPACE}, 0), ${sql.join(userLocks, sql`, `)}`,
  );
  await tx.insert(userEvents).values(events.map((e) => ({ ...e, messageId: e.messageId ?? null })));
}
/** A message still unread this long after it was sent is also mailed (decision 073). */
const MESSAGE_MAIL_DELAY_MS = 15 * 60 * 1000;

/** Keeps these advisory locks apart from any other use of pg_advisory_xact_lock. */
export const EVENT_LOCK_SPACE = 7_301;

/**
 * Orders events for every user at once: waits for writers in flight and holds new ones back until
 * the caller's transaction ends. For writes that reach everyone (announcements).
 */
export async function lockEventsForEveryone(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, 0)`);
}

/** The conversation, if the user is its buyer or its seller. */
const takesPart = (user: SessionUser, conversationId: number) =>
  and(
    eq(conversations.id, conversationId),
    or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)),
  );

/** A conversation the user takes part in, also one they have deleted on their side. */
async function participantConversation(db: Executor, user: SessionUser, conversationId: number) {
  const [row] = await db.select().from(conversations).where(takesPart(user, conversationId));
  if (!row) throw notFound();
  return row;
}

/** The listing's cover photo at card size, picked as listing cards pick it; read in the list's own query. */
const coverPhotoUrl = sql<string | null>`(
  select ${listingImages.thumbnailUrl} from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
  order by ${listingImages.isPrimary} desc, ${listingImages.position}, ${listingImages.id}
  limit 1)`;

/**
 * Opens the conversation between a buyer and a live listing's seller: the existing one if there is
 * one (brought back if the buyer had deleted it), else a new one. Never about one's own listing.
 */
export async function startConversation(
  deps: ServerDeps,
  buyer: SessionUser,
  listingId: number,
): Promise<{ id: number }> {
  const [listing] = await deps.db
    .select({ id: listings.id, sellerId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, listingId), isLive(deps.now())));
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
  if (listing.sellerId === buyer.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.conversation.ownListing });
  }
  return deps.db.transaction(async (tx) => {
    // Refused while the buyer's account is being deleted: the conversation would outlive it.
    await lockLiveAccount(tx, buyer.id);
    // One conversation per listing and buyer: a second start (or a race) lands on the same row.
    await tx
      .insert(conversations)
      .values({ listingId: listing.id, buyerId: buyer.id, sellerId: listing.sellerId })
      .onConflictDoNothing({ target: [conversations.listingId, conversations.buyerId] });
    const [conversation] = await tx
      .update(conversations)
      .set({ buyerHiddenAt: null })
      .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, buyer.id)))
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('conversation missing after insert');
    return conversation;
  });
}

export async function listConversations(
  deps: ServerDeps,
  user: SessionUser,
): Promise<ConversationSummary[]> {
  const buyer = aliasedTable(users, 'buyer');
  const seller = aliasedTable(users, 'seller');
  const person = (t: typeof buyer) => ({
    id: t.id,
    firstName: t.firstName,
    lastName: t.lastName,
    profilePicture: t.profilePicture,
    role: t.role,
    deleted: sql<boolean>`${t.deletedAt} is not null`,
  });
  const rows = await deps.db
    .select({
      conversation: conversations,
      listing: { id: listings.id, title: listings.title, priceRange: listings.priceRange },
      photoUrl: coverPhotoUrl,
      buyer: person(buyer),
      seller: person(seller),
      unreadCount:
        sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id} and m.sender_id <> ${user.id} and not m.is_read)`.mapWith(
          Number,
        ),
    })
    .from(conversations)
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .where(
      or(
        and(eq(conversations.buyerId, user.id), isNull(conversations.buyerHiddenAt)),
        and(eq(conversations.sellerId, user.id), isNull(conversations.sellerHiddenAt)),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));

  const ids = rows.map((r) => r.conversation.id);
  const latest = ids.length
    ? await deps.db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          content: messages.content,
          senderId: messages.senderId,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          inArray(
            messages.id,
            deps.db
              .select({ id: max(messages.id) })
              .from(messages)
              .where(inArray(messages.conversationId, ids))
              .groupBy(messages.conversationId),
          ),
        )
    : [];
  const lastByConversation = new Map(latest.map((m) => [m.conversationId, m]));
  return rows.map((r) => {
    const last = lastByConversation.get(r.conversation.id);
    const { buyerHiddenAt: _b, sellerHiddenAt: _s, ...conversation } = r.conversation;
    return {
      ...conversation,
      listing: r.listing
        ? {
            id: r.listing.id,
            title: r.listing.title,
            priceRange: r.listing.priceRange,
            photoUrl: r.photoUrl,
          }
        : null,
      buyer: r.buyer,
      seller: r.seller,
      unreadCount: r.unreadCount,
      lastMessage: last
        ? { id: last.id, content: last.content, senderId: last.senderId, createdAt: last.createdAt }
        : null,
    };
  });
}

export async function conversationMessages(
  deps: ServerDeps,
  user: SessionUser,
  input: { conversationId: number; before?: number | null; limit: number },
): Promise<{ items: Message[]; nextCursor: number | null }> {
  await participantConversation(deps.db, user, input.conversationId);
  const rows = await deps.db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.conversationId),
        input.before ? lt(messages.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.reverse(),
    nextCursor: rows.length > input.limit ? (page[0]?.id ?? null) : null,
  };
}

export async function sendMessage(
  deps: ServerDeps,
  user: SessionUser,
  conversationId: number,
  content: string,
): Promise<Message> {
  // The busiest write of all, in five statements: the conversation read with both event locks taken
  // (recordEvents' locks, in the same order), the message, then the conversation touched and the two
  // events written together.
  const message = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({
        ...getTableColumns(conversations),
        // Taken in this order, left to right, as recordEvents takes them.
        sharedLock: sql<unknown>`pg_advisory_xact_lock_shared(${EVENT_LOCK_SPACE}, 0)`,
        lowerLock: sql<unknown>`pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, least(${conversations.buyerId}, ${conversations.sellerId}))`,
        higherLock: sql<unknown>`pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, greatest(${conversations.buyerId}, ${conversations.sellerId}))`,
        // Nobody is left to read it (decision 068).
        withDeleted: sql<boolean>`exists (select 1 from ${users} where ${users.id} in (${conversations.buyerId}, ${conversations.sellerId}) and ${users.deletedAt} is not null)`,
        // The sender's row, held until the message commits: a deletion in progress is waited for
        // and then seen, so no message outlives its sender's deletion (decision 079).
        senderDeleted: sql<boolean>`(select ${users.deletedAt} is not null from ${users} where ${users.id} = ${user.id} for key share)`,
      })
      .from(conversations)
      .where(takesPart(user, conversationId));
    if (!conversation) throw notFound();
    if (conversation.senderDeleted) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
    }
    // Announcements are read-only for the people they reach.
    if (conversation.isAnnouncement && conversation.sellerId !== user.id) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: UI_TEXT.conversation.announcementReadOnly,
      });
    }
    if (conversation.withDeleted) {
      throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.deleteAccount.recipientDeleted });
    }
    const [created] = await tx
      .insert(messages)
      .values({ conversationId, senderId: user.id, content })
      .returning(messageColumns);
    if (!created) throw new Error('insert returned no row');
    const { buyerId, sellerId } = conversation;
    // A new message brings the conversation back for whoever had deleted it.
    // The other party is told by push at once, and by mail if still unread 15 minutes later; the
    // outbox rows go in the same statement, so a message still costs five.
    const queued = outboxRows(
      [
        {
          userId: user.id === buyerId ? sellerId : buyerId,
          kind: 'message',
          title: NOTIFICATION_TEXT.newMessageTitle(user.firstName),
          body: content.length > 140 ? `${content.slice(0, 139)}…` : content,
          conversationId,
          messageId: created.id,
          key: `message:${String(created.id)}`,
          bell: false,
          emailAfterMs: MESSAGE_MAIL_DELAY_MS,
        },
      ],
      deps.now(),
    );
    await tx.execute(sql`with touched as (
        update ${conversations}
        set last_message_at = ${created.createdAt.toISOString()}::timestamptz,
          buyer_hidden_at = null, seller_hidden_at = null
        where id = ${conversationId}
      ), queued as (${queued})
      insert into ${userEvents} (user_id, kind, conversation_id, message_id)
      values (${buyerId}, 'message.created', ${conversationId}, ${created.id}),
        (${sellerId}, 'message.created', ${conversationId}, ${created.id})`);
    return { message: created, participants: [buyerId, sellerId] };
  });
  deps.outbox.kick();
  await deps.events.wake(message.participants);
  return message.message;
}

/** Marks the other party's messages read; answers how many changed. */
export async function markConversationRead(
  deps: ServerDeps,
  user: SessionUser,
  conversationId: number,
): Promise<number> {
  const result = await deps.db.transaction(async (tx) => {
    const conversation = await participantConversation(tx, user, conversationId);
    const updated = await tx
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, user.id),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id });
    if (updated.length === 0) return { count: 0, participants: [] };
    const upTo = Math.max(...updated.map((m) => m.id));
    const participants = [conversation.buyerId, conversation.sellerId];
    await recordEvents(
      tx,
      participants.map((userId) => ({
        userId,
        kind: 'message.read' as const,
        conversationId,
        messageId: upTo,
      })),
    );
    return { count: updated.length, participants };
  });
  await deps.events.wake(result.participants);
  return result.count;
}

export async function deleteMessage(
  deps: ServerDeps,
  user: SessionUser,
  messageId: number,
): Promise<void> {
  const participants = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select(messageColumns)
      .from(messages)
      .where(eq(messages.id, messageId));
    if (!message) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.message.notFound });
    const conversation = await participantConversation(tx, user, message.conversationId);
    if (message.senderId !== user.id) {
      throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.message.onlySender });
    }
    await tx.delete(messages).where(eq(messages.id, messageId));
    const everyone = [conversation.buyerId, conversation.sellerId];
    await recordEvents(
      tx,
      everyone.map((userId) => ({
        userId,
        kind: 'message.deleted' as const,
        conversationId: conversation.id,
        messageId,
      })),
    );
    return everyone;
  });
  await deps.events.wake(participants);
}

/**
 * Hides the conversation for the one who deletes it; the other keeps it. When both have deleted
 * it, it is removed with its messages.
 */
export async function deleteConversation(
  deps: ServerDeps,
  user: SessionUser,
  conversationId: number,
): Promise<void> {
  const told = await deps.db.transaction(async (tx) => {
    const conversation = await participantConversation(tx, user, conversationId);
    const isBuyer = conversation.buyerId === user.id;
    const otherHidden = isBuyer ? conversation.sellerHiddenAt : conversation.buyerHiddenAt;
    if (otherHidden) {
      await tx.delete(conversations).where(eq(conversations.id, conversationId));
    } else {
      await tx
        .update(conversations)
        .set(isBuyer ? { buyerHiddenAt: deps.now() } : { sellerHiddenAt: deps.now() })
        .where(eq(conversations.id, conversationId));
    }
    await recordEvents(tx, [{ userId: user.id, kind: 'conversation.deleted', conversationId }]);
    return [user.id];
  });
  await deps.events.wake(told);
}

/**
 * Deletes live events older than `retentionDays`, oldest first, in batches (each its own statement,
 * so the embedded database's event loop breathes between them). Ids grow with time, so everything
 * below the first event young enough to keep goes; reading that id walks only the old rows. Deleting
 * the same rows from several instances at once is harmless.
 */
export async function pruneEvents(
  deps: ServerDeps,
  retentionDays: number,
  batchSize = 5_000,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const [firstKept] = await deps.db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(gte(userEvents.createdAt, cutoff))
    .orderBy(asc(userEvents.id))
    .limit(1);
  let keepFrom = firstKept?.id;
  if (keepFrom === undefined) {
    const [newest] = await deps.db.select({ id: max(userEvents.id) }).from(userEvents);
    keepFrom = (newest?.id ?? 0) + 1;
  }
  let total = 0;
  for (;;) {
    const batch = deps.db
      .select({ id: userEvents.id })
      .from(userEvents)
      .where(lt(userEvents.id, keepFrom))
      .orderBy(asc(userEvents.id))
      .limit(batchSize);
    const deleted = await deps.db
      .delete(userEvents)
      .where(inArray(userEvents.id, batch))
      .returning({ id: userEvents.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/** The newest event id of a user: where a fresh subscription starts. */
export async function latestEventId(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(userEvents.id) })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  return row?.id ?? 0;
}

/**
 * Whether a client that last saw event `lastEventId` can be sent exactly what it missed: nothing after
 * that id has been pruned, and the id is one this database gave out. Pruning deletes every event below
 * the first one kept (decision 054), so the oldest kept id tells: an id below it, less one, may have had
 * events after it deleted. An empty log, or an id beyond the newest, is from a history this database no
 * longer holds. Two index reads, on resume only.
 */
export async function canResumeAfter(db: Executor, lastEventId: number): Promise<boolean> {
  const [kept] = await db
    .select({ oldest: min(userEvents.id), newest: max(userEvents.id) })
    .from(userEvents);
  if (kept?.oldest == null || kept.newest == null) return false;
  return lastEventId >= kept.oldest - 1 && lastEventId <= kept.newest;
}

/** A user's events after `afterId`, oldest first, with the messages they announce, in one query. */
export async function eventsAfter(
  db: Executor,
  userId: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; event: ConversationEvent | null }[]> {
  const rows = await db
    .select({ event: userEvents, message: messageColumns })
    .from(userEvents)
    .leftJoin(
      messages,
      and(eq(userEvents.kind, 'message.created'), eq(messages.id, userEvents.messageId)),
    )
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
    .orderBy(asc(userEvents.id))
    .limit(limit);
  return rows.map(({ event: row, message }) => {
    switch (row.kind) {
      case 'message.created':
        // A message deleted since is not announced; its deletion event follows.
        return {
          id: row.id,
          event: message ? { kind: row.kind, conversationId: row.conversationId, message } : null,
        };
      case 'message.read':
      case 'message.deleted':
        // Both kinds always carry the message id they are about.
        return {
          id: row.id,
          event: {
            kind: row.kind,
            conversationId: row.conversationId,
            messageId: row.messageId ?? 0,
          },
        };
      case 'conversation.deleted':
        return { id: row.id, event: { kind: row.kind, conversationId: row.conversationId } };
    }
  });
}

import { TRPCError } from '@trpc/server';
import {
  aliasedTable,
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  max,
  ne,
  or,
  sql,
} from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { ConversationSummary, Message, SessionUser } from '@yardsale/validators';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { EVENT_LOCK_SPACE, messageColumns, recordEvents } from './conversation-events';
import { isLive } from './listing-rows';
import { outboxRows } from './notifications';
import type { ServerDeps } from './types';

const { conversations, messages, listings, listingImages, users, userEvents } = schema;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.conversation.notFound });

/** A message still unread this long after it was sent is also mailed (decision 073). */
const MESSAGE_MAIL_DELAY_MS = 15 * 60 * 1000;

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
  /** The sender's key for this message: sent again, the message already stored is the answer. */
  clientKey?: string,
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
      .values({ conversationId, senderId: user.id, content, clientKey })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
      .returning(messageColumns);
    if (!created) {
      // A retry of a send that had arrived (its answer lost on the way back): the same message,
      // with nothing told twice.
      const [sent] = clientKey
        ? await tx
            .select(messageColumns)
            .from(messages)
            .where(and(eq(messages.senderId, user.id), eq(messages.clientKey, clientKey)))
        : [];
      if (!sent) throw new Error('insert returned no row');
      if (sent.conversationId !== conversationId) {
        throw new TRPCError({ code: 'CONFLICT', message: UI_TEXT.message.keyReused });
      }
      return { message: sent, participants: [] };
    }
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
  if (message.participants.length > 0) {
    deps.outbox.kick();
    await deps.events.wake(message.participants);
  }
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

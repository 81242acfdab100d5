/**
 * Each person's event log: what live clients are told (messages sent, read and deleted,
 * conversations deleted or closed), written in order under advisory locks, read after an id on resume, and
 * pruned when old.
 */
import { and, asc, eq, gt, gte, inArray, lt, max, min, sql } from 'drizzle-orm';

import type { Executor, Transaction } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { ConversationClosedReason, ConversationEvent } from '@yardsale/validators';

import type { ServerDeps } from './types';

const { messages, userEvents } = schema;

type EventKind = (typeof schema.USER_EVENT_KINDS)[number];
interface NewEvent {
  userId: number;
  kind: EventKind;
  conversationId: number;
  messageId?: number | null;
  closedReason?: ConversationClosedReason | null;
}

/** A message as the API shows it. */
export const messageColumns = {
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
  await tx.insert(userEvents).values(
    events.map((e) => ({
      ...e,
      messageId: e.messageId ?? null,
      closedReason: e.closedReason ?? null,
    })),
  );
}

/** Keeps these advisory locks apart from any other use of pg_advisory_xact_lock. */
export const EVENT_LOCK_SPACE = 7_301;

/**
 * Orders events for every user at once: waits for writers in flight and holds new ones back until
 * the caller's transaction ends. For writes that reach everyone (announcements).
 */
export async function lockEventsForEveryone(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, 0)`);
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
      case 'conversation.closed':
        // Always written with its reason; a row without one says nothing the client could show.
        return {
          id: row.id,
          event: row.closedReason
            ? { kind: row.kind, conversationId: row.conversationId, reason: row.closedReason }
            : null,
        };
    }
  });
}

import { randomBytes } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT,
} from '@yardsale/validators';
import type {
  NotificationKind,
  NotificationList,
  NotificationSettings,
} from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import type { ServerDeps } from './types';

const { notificationOutbox, notificationSettings, notifications, users } = schema;

/** Something that happened to a person, said once in the bell and offered to their push and mail. */
interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  listingId?: number | null;
  conversationId?: number | null;
  /** What happened, unique across the product: the same event written twice is kept once. */
  key: string;
  /** Messages have their own unread count in the app; they are pushed and mailed, not belled. */
  bell?: boolean;
  /** The message a push or mail is about, so it is not sent once the message was read. */
  messageId?: number | null;
  /** When the mail goes (messages: 15 minutes later, if still unread). Push always goes at once. */
  emailAfterMs?: number;
}

/** Where a push or a mail about this takes the person, as a path of the web app. */
function pathOf(n: { listingId?: number | null; conversationId?: number | null }): string {
  if (n.conversationId) return `/messages?conversation=${String(n.conversationId)}`;
  if (n.listingId) return `/listing/${String(n.listingId)}`;
  return '/home';
}

/** What an outbox row carries: everything its push or mail needs, fixed when the event happened. */
function outboxPayload(n: NewNotification, notificationId: number | null) {
  return {
    title: n.title,
    body: n.body,
    url: pathOf(n),
    listingId: n.listingId ?? null,
    conversationId: n.conversationId ?? null,
    messageId: n.messageId ?? null,
    notificationId,
  };
}

/**
 * Writes the bell's entries and the outbox rows for pushes and mails, in the caller's transaction,
 * so they exist exactly when the event does (decision 073). Whether each is wanted is decided when
 * it is sent, from the settings as they are then. Returns who should see their bell change.
 */
export async function recordNotifications(
  tx: Executor,
  items: NewNotification[],
  now: Date,
): Promise<number[]> {
  if (items.length === 0) return [];
  const belled = items.filter((n) => n.bell !== false);
  const ids = new Map<string, number>();
  if (belled.length > 0) {
    const rows = await tx
      .insert(notifications)
      .values(
        belled.map((n) => ({
          userId: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          listingId: n.listingId ?? null,
          conversationId: n.conversationId ?? null,
          createdAt: now,
        })),
      )
      .returning({ id: notifications.id });
    belled.forEach((n, i) => {
      const row = rows[i];
      if (row) ids.set(n.key, row.id);
    });
  }
  const payloadOf = (n: NewNotification) => outboxPayload(n, ids.get(n.key) ?? null);
  await tx
    .insert(notificationOutbox)
    .values(
      items.flatMap((n) => [
        {
          idempotencyKey: `${n.key}:push`,
          userId: n.userId,
          kind: n.kind,
          channel: 'push' as const,
          payload: payloadOf(n),
          dueAt: now,
        },
        {
          idempotencyKey: `${n.key}:email`,
          userId: n.userId,
          kind: n.kind,
          channel: 'email' as const,
          payload: payloadOf(n),
          dueAt: new Date(now.getTime() + (n.emailAfterMs ?? 0)),
        },
      ]),
    )
    .onConflictDoNothing();
  return [...new Set(belled.map((n) => n.userId))];
}

/**
 * The outbox rows of notifications that have no bell entry, as one INSERT to run inside a caller's
 * statement (a CTE), for the writes that count their statements.
 */
export function outboxRows(items: NewNotification[], now: Date): SQL {
  const rows = items.flatMap((n) => {
    const payload = JSON.stringify(outboxPayload(n, null));
    const emailAt = new Date(now.getTime() + (n.emailAfterMs ?? 0)).toISOString();
    return [
      sql`(${`${n.key}:push`}, ${n.userId}::int, ${n.kind}::text, 'push', ${payload}::jsonb, ${now.toISOString()}::timestamptz)`,
      sql`(${`${n.key}:email`}, ${n.userId}::int, ${n.kind}::text, 'email', ${payload}::jsonb, ${emailAt}::timestamptz)`,
    ];
  });
  return sql`insert into ${notificationOutbox} (idempotency_key, user_id, kind, channel, payload, due_at)
    values ${sql.join(rows, sql`, `)} on conflict do nothing`;
}

/** After the event's transaction committed: bells change live, and the worker sends soon. */
export async function announceNotifications(deps: ServerDeps, userIds: number[]): Promise<void> {
  deps.outbox.kick();
  if (userIds.length > 0) await deps.events.wake(userIds);
}

/**
 * A person's switches: what they changed, over the defaults. Until their address is confirmed every
 * e-mail switch reads off, whatever was stored: nothing but the verification mail goes to an
 * address that may be a stranger's (decision 078).
 */
export async function notificationSettingsOf(
  db: Executor,
  userId: number,
): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      settings: notificationSettings.settings,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return mergeSettings(row?.settings ?? {}, row?.emailVerifiedAt != null);
}

type StoredSettings = Record<string, { push?: boolean; email?: boolean }>;

function mergeSettings(stored: StoredSettings, emailVerified: boolean): NotificationSettings {
  const merged = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const kind of NOTIFICATION_KINDS) {
    merged[kind] = { ...DEFAULT_NOTIFICATION_SETTINGS[kind], ...stored[kind] };
    if (!emailVerified) merged[kind] = { ...merged[kind], email: false };
  }
  return merged;
}

/** The person's row, made on first need with its unsubscribe token. */
async function settingsRow(db: Executor, userId: number) {
  await db
    .insert(notificationSettings)
    .values({ userId, unsubscribeToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) throw new Error('notification settings vanished');
  return row;
}

/**
 * Saves every kind's switches. Without a confirmed address an e-mail switch cannot be turned on
 * (403): the push switches are saved, and the e-mail ones keep what they were, for once it is.
 */
export async function updateNotificationSettings(
  deps: ServerDeps,
  userId: number,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return deps.db.transaction(async (tx) => {
    // Refused once the account is deleted, so settings written alongside a deletion do not stay.
    const { emailVerified } = await lockLiveAccount(tx, userId);
    if (!emailVerified && NOTIFICATION_KINDS.some((kind) => settings[kind].email)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: NOTIFICATION_TEXT.verifyForAlerts });
    }
    const row = await settingsRow(tx, userId);
    const stored: StoredSettings = emailVerified
      ? settings
      : Object.fromEntries(
          NOTIFICATION_KINDS.map((kind) => [
            kind,
            { ...row.settings[kind], push: settings[kind].push },
          ]),
        );
    await tx
      .update(notificationSettings)
      .set({ settings: stored })
      .where(eq(notificationSettings.userId, userId));
    return mergeSettings(stored, emailVerified);
  });
}

/** The token in a person's mails' unsubscribe links. */
export async function unsubscribeTokenOf(db: Executor, userId: number): Promise<string> {
  return (await settingsRow(db, userId)).unsubscribeToken;
}

/**
 * One-click unsubscribe (RFC 8058): the token from a mail turns that kind's mail off, signed in or
 * not. Answers false for a token that is not anyone's.
 */
export async function unsubscribeByToken(
  deps: ServerDeps,
  token: string,
  kind: NotificationKind,
): Promise<boolean> {
  const updated = await deps.db
    .update(notificationSettings)
    .set({
      settings: sql`jsonb_set(${notificationSettings.settings}, array[${kind}::text],
        coalesce(${notificationSettings.settings} -> ${kind}::text, '{}'::jsonb) || '{"email": false}'::jsonb)`,
    })
    .where(eq(notificationSettings.unsubscribeToken, token))
    .returning({ userId: notificationSettings.userId });
  return updated.length > 0;
}

/** The bell: the newest entries and how many are unread. */
export async function listNotifications(
  deps: ServerDeps,
  userId: number,
): Promise<NotificationList> {
  const items = await deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      listingId: notifications.listingId,
      conversationId: notifications.conversationId,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);
  return { items, unread: await unreadNotifications(deps.db, userId) };
}

export async function unreadNotifications(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks some (or all) of the person's entries read; others' ids change nothing. */
export async function markNotificationsRead(
  deps: ServerDeps,
  userId: number,
  ids: number[] | undefined,
): Promise<number> {
  await deps.db
    .update(notifications)
    .set({ readAt: deps.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  await deps.events.wake([userId]);
  return unreadNotifications(deps.db, userId);
}

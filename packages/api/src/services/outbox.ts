import { createHash } from 'node:crypto';

import { and, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import type { NotificationKind } from '@yardsale/validators';

import { MailUnavailableError } from './mail';
import { digestMail, notificationMail } from './notification-mail';
import type { DigestListing } from './notification-mail';
import { notificationSettingsOf, unsubscribeTokenOf } from './notifications';
import { isOnline } from './presence';
import { PushFailedError } from './push';
import { pushEndpointAllowed } from './push-subscriptions';
import type { ServerDeps } from './types';

const {
  listingImages,
  listings,
  messages,
  notificationOutbox,
  pushSubscriptions,
  sessions,
  users,
} = schema;
const M = NOTIFICATION_TEXT;

/** Rows one batch claims. */
export const OUTBOX_BATCH = 50;
/** How long a claimed row is the claimer's; a worker that died frees its rows when this passes. */
export const OUTBOX_LEASE_MS = 2 * 60 * 1000;
/** Tries before a row is given up. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** At most one mail an hour per conversation about new messages. */
const MESSAGE_MAIL_GAP_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min … capped at an hour: a push service or mail server that is down gets time. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** What a row says, as the event wrote it. */
interface Payload {
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

type Row = typeof notificationOutbox.$inferSelect;

/** Why a row was not sent, when it will never be. */
type Skip = 'off' | 'read' | 'online' | 'recent-mail' | 'no-device' | 'mail-off' | 'gone-user';

export interface BatchResult {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/** The push service's Topic header: at most 32 URL-safe characters, the same for the same key. */
const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/**
 * Claims due rows (skipping ones another worker holds) and sends them one by one, marking each
 * as soon as it went. A worker that stops between sending and marking leaves the row to be sent
 * again after its lease: the same key goes with it (push Topic, notification tag, Message-ID), so
 * the device or mailbox shows it once. `signal` stops the batch between rows.
 */
export async function runOutboxBatch(
  deps: ServerDeps,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<BatchResult> {
  const now = deps.now();
  const limit = options.limit ?? OUTBOX_BATCH;
  const iso = now.toISOString();
  const claimed = await executeRows<{ id: number }>(
    deps.db,
    sql`update ${notificationOutbox} o
        set locked_until = ${new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString()}::timestamptz,
            attempts = o.attempts + 1
        where o.id in (
          select id from ${notificationOutbox}
          where sent_at is null and done_reason is null and due_at <= ${iso}::timestamptz
            and (locked_until is null or locked_until <= ${iso}::timestamptz)
          order by due_at, id
          limit ${limit}
          for update skip locked)
        returning o.id`,
  );
  const result: BatchResult = {
    claimed: claimed.length,
    sent: 0,
    skipped: 0,
    retried: 0,
    failed: 0,
  };
  if (claimed.length === 0) return result;
  const rows = await deps.db
    .select()
    .from(notificationOutbox)
    .where(
      inArray(
        notificationOutbox.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(notificationOutbox.dueAt, notificationOutbox.id);
  for (const row of rows) {
    if (options.signal?.aborted) break;
    // Marked only while the claim is still this worker's (attempts is the claim's number).
    const mine = and(
      eq(notificationOutbox.id, row.id),
      eq(notificationOutbox.attempts, row.attempts),
    );
    try {
      const outcome = await deliver(deps, row);
      if (outcome === 'sent') {
        await deps.db
          .update(notificationOutbox)
          .set({ sentAt: deps.now(), lockedUntil: null })
          .where(mine);
        result.sent += 1;
      } else {
        await deps.db
          .update(notificationOutbox)
          .set({ doneReason: outcome, lockedUntil: null })
          .where(mine);
        result.skipped += 1;
      }
    } catch (err) {
      const giveUp = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await deps.db
        .update(notificationOutbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 500),
          ...(giveUp
            ? { doneReason: 'failed' }
            : { dueAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts)) }),
        })
        .where(mine);
      if (giveUp) {
        result.failed += 1;
        deps.logger.error(
          { err, outboxId: row.id, kind: row.kind, channel: row.channel },
          'a notification could not be sent and was given up',
        );
      } else {
        result.retried += 1;
        deps.logger.warn(
          { err, outboxId: row.id, attempts: row.attempts },
          'a notification could not be sent; it will be tried again',
        );
      }
    }
  }
  return result;
}

/** Sends one row, or says why it need not be sent; throws for a failure worth retrying. */
async function deliver(deps: ServerDeps, row: Row): Promise<'sent' | Skip> {
  const payload = row.payload as unknown as Payload;
  const kind = row.kind;
  const settings = await notificationSettingsOf(deps.db, row.userId);
  if (!settings[kind][row.channel]) return 'off';
  if (kind === 'message' && payload.messageId !== null) {
    const [message] = await deps.db
      .select({ isRead: messages.isRead })
      .from(messages)
      .where(eq(messages.id, payload.messageId));
    // Read (or deleted) by now: nothing to tell.
    if (!message || message.isRead) return 'read';
  }
  if (row.channel === 'push') {
    // With the app open they see it there; a push would only repeat it.
    if (kind === 'message' && (await isOnline(deps.db, row.userId, deps.now()))) return 'online';
    return sendPush(deps, row, payload);
  }
  if (
    kind === 'message' &&
    payload.conversationId !== null &&
    (await mailedLately(deps, row, payload))
  )
    return 'recent-mail';
  return sendMail(deps, row, payload);
}

async function mailedLately(deps: ServerDeps, row: Row, payload: Payload): Promise<boolean> {
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

async function sendPush(deps: ServerDeps, row: Row, payload: Payload): Promise<'sent' | Skip> {
  const { push } = deps;
  if (!push) return 'no-device';
  // Only devices whose sign-in is still current: an expired session's row may not be gone yet.
  const devices = await deps.db
    .select(getTableColumns(pushSubscriptions))
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, row.userId), gt(sessions.expiresAt, deps.now())));
  const tag = row.idempotencyKey.replace(/:push$/, '');
  let reached = 0;
  let failure: PushFailedError | null = null;
  for (const device of devices) {
    // Checked again at sending: a name that resolved to a public address then may not now.
    if (
      !(await pushEndpointAllowed(
        device.endpoint,
        deps.config.production === true,
        deps.resolveHost,
      ))
    ) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      continue;
    }
    try {
      const outcome = await push.send(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        {
          title: payload.title,
          body: payload.body,
          url: payload.url,
          tag,
          listingId: payload.listingId,
          conversationId: payload.conversationId,
        },
        { topic: topicOf(tag), urgency: row.kind === 'message' ? 'high' : 'normal' },
      );
      if (outcome === 'gone') {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      } else reached += 1;
    } catch (err) {
      if (!(err instanceof PushFailedError)) throw err;
      failure = err;
    }
  }
  // Some device failed: try again later (devices reached get it again under the same topic and tag).
  if (failure) throw failure;
  return reached > 0 ? 'sent' : 'no-device';
}

const ACTIONS: Record<NotificationKind, string> = {
  message: 'Read and reply',
  review: 'See the review',
  report: 'See your reports',
  announcement: 'Read it',
  'saved-search': 'See the listing',
};

async function sendMail(deps: ServerDeps, row: Row, payload: Payload): Promise<'sent' | Skip> {
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

/**
 * Today's digests: for everyone with matches waiting, one mail with them. The digest row for the
 * person and day is the claim: inserted once across every instance, in the same transaction as the
 * mail's outbox row and the matches it takes, so a digest is written exactly once per person per day.
 */
export async function queueDailyDigests(deps: ServerDeps): Promise<number> {
  const now = deps.now();
  const day = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const claimed = await executeRows<{ user_id: number }>(
      tx,
      sql`insert into notification_digests (user_id, day, matches, created_at)
          select user_id, ${day}::date, count(*), ${now.toISOString()}::timestamptz
          from saved_search_matches where digest_due group by user_id
          on conflict do nothing
          returning user_id`,
    );
    if (claimed.length === 0) return 0;
    const userIds = claimed.map((c) => c.user_id);
    await tx.execute(sql`
      with taken as (
        update saved_search_matches m set digest_due = false
        where m.digest_due and m.user_id = any(${`{${userIds.join(',')}}`}::int[])
        returning m.user_id, m.listing_id, m.saved_search_id, m.created_at
      ),
      items as (
        select t.user_id, jsonb_agg(jsonb_build_object('listingId', t.listing_id, 'searchName', s.name)
                 order by t.created_at desc, t.listing_id desc) as digest, count(*) as n
        from taken t join saved_searches s on s.id = t.saved_search_id
        group by t.user_id
      )
      insert into notification_outbox (idempotency_key, user_id, kind, channel, payload, due_at)
      select 'digest:' || i.user_id || ':' || ${day}, i.user_id, 'saved-search', 'email',
             jsonb_build_object('title', '', 'body', '', 'url', '/saved-searches', 'listingId', null,
               'conversationId', null, 'messageId', null, 'digest', i.digest),
             ${now.toISOString()}::timestamptz
      from items i
      on conflict do nothing`);
    return claimed.length;
  });
}

export interface OutboxWorker {
  /** Finishes the row in hand and stops. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox continuously: at once when this process committed rows (a kick), else every
 * `pollMs` (rows written by other instances, retries coming due). Any number of instances may run
 * one; they share the rows through their claims.
 */
export function startOutboxWorker(
  deps: ServerDeps,
  options: { pollMs?: number; onBatch?: (result: BatchResult) => void } = {},
): OutboxWorker {
  const pollMs = options.pollMs ?? 5000;
  const controller = new AbortController();
  let wake: (() => void) | null = null;
  let kicked = false;
  // Read through functions: the loop's checks see what listeners changed while it awaited.
  const wasKicked = () => kicked;
  const stopped = () => controller.signal.aborted;
  const offKick = deps.outbox.onKick(() => {
    kicked = true;
    wake?.();
  });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      kicked = false;
      let result: BatchResult | null = null;
      try {
        result = await runOutboxBatch(deps, { signal: controller.signal });
        options.onBatch?.(result);
      } catch (err) {
        deps.logger.error({ err }, 'the notification outbox could not be read');
      }
      if (stopped()) break;
      // A full batch means more are waiting.
      if (result && result.claimed >= OUTBOX_BATCH) continue;
      if (wasKicked()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        controller.signal.addEventListener('abort', () => wake?.(), { once: true });
      });
      wake = null;
    }
  })();
  return {
    async stop() {
      offKick();
      controller.abort();
      wake?.();
      await loop;
    },
  };
}

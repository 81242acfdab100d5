/**
 * The notification outbox: rows claimed a few per person under a lease, sent (push or mail), and
 * marked sent, not needed, due again later, or given up; the daily digests; the worker that keeps
 * sending.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

import { notificationSettingsOf } from './notifications';
import { mailedLately, sendMail } from './outbox-mail';
import { sendPush } from './outbox-push';
import { retryDelayMs } from './outbox-row';
import type { Payload, Row, Skip } from './outbox-row';
import { isOnline } from './presence';
import { createPause } from './pause';
import type { ServerDeps } from './types';

const { messages, notificationOutbox } = schema;

/** People whose rows one batch claims. */
const OUTBOX_BATCH = 50;
/**
 * People whose notifications one worker sends at once. One person's rows go out one after another
 * (in their order), so a person whose push service answers slowly, or never until the time limit,
 * holds one of these places and nobody else's.
 */
const OUTBOX_CONCURRENCY = 16;
/**
 * A person's rows one claim takes: their turn stays short (each send is bounded, outbound.ts), well
 * within the lease, and one person's backlog never fills a batch.
 */
const OUTBOX_ROWS_PER_PERSON = 3;
/** How long a claimed row is the claimer's; a worker that died frees its rows when this passes. */
export const OUTBOX_LEASE_MS = 2 * 60 * 1000;
/**
 * Tries before a row is given up. A try is counted when the row is claimed, so a row whose sending
 * stops the process (or never ends) is given up after as many tries as one that fails cleanly.
 */
export const OUTBOX_MAX_ATTEMPTS = 8;

export interface BatchResult {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * Claims the due rows of up to `people` people, at most OUTBOX_ROWS_PER_PERSON of each, and none of
 * a person another claim still holds rows of (on any instance): a person's rows go out one claim at a
 * time, in order. The try is counted as the row is claimed. Rows whose last try was claimed and never
 * finished (the sender stopped or hung past its lease) are given up first.
 */
async function claimRows(deps: ServerDeps, people: number): Promise<Row[]> {
  const now = deps.now();
  const iso = now.toISOString();
  await deps.db.execute(
    sql`update ${notificationOutbox}
        set done_reason = 'failed', locked_until = null,
            last_error = coalesce(last_error, 'the sender stopped while sending it')
        where sent_at is null and done_reason is null and due_at <= ${iso}::timestamptz
          and attempts >= ${OUTBOX_MAX_ATTEMPTS}
          and (locked_until is null or locked_until <= ${iso}::timestamptz)`,
  );
  const free = sql`sent_at is null and done_reason is null and due_at <= ${iso}::timestamptz
    and attempts < ${OUTBOX_MAX_ATTEMPTS}
    and (locked_until is null or locked_until <= ${iso}::timestamptz)`;
  const held = sql`exists (select 1 from ${notificationOutbox} h
    where h.user_id = q.user_id and h.locked_until > ${iso}::timestamptz
      and h.sent_at is null and h.done_reason is null)`;
  // People ranked by their oldest row, within a window of the queue's head.
  const claimed = await executeRows<{ id: number }>(
    deps.db,
    sql`update ${notificationOutbox} o
        set locked_until = ${new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString()}::timestamptz,
            attempts = o.attempts + 1
        where o.id in (
          select id from ${notificationOutbox}
          where ${free} and id in (
            select id from (
              select id,
                     row_number() over (partition by user_id order by due_at, id) as nth,
                     dense_rank() over (order by first_due, user_id) as person
              from (
                select id, user_id, due_at, min(due_at) over (partition by user_id) as first_due
                from (
                  select id, user_id, due_at from ${notificationOutbox} q
                  where ${free} and not ${held}
                  order by due_at, id
                  limit ${people * OUTBOX_ROWS_PER_PERSON * 4}
                ) head
              ) firsts
            ) ranked
            where nth <= ${OUTBOX_ROWS_PER_PERSON} and person <= ${people})
          for update skip locked)
        returning o.id`,
  );
  if (claimed.length === 0) return [];
  return deps.db
    .select()
    .from(notificationOutbox)
    .where(
      inArray(
        notificationOutbox.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(notificationOutbox.dueAt, notificationOutbox.id);
}

/** Claimed rows by person, each person's in their order. */
function byPerson(rows: Row[]): Row[][] {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.userId);
    if (group) group.push(row);
    else groups.set(row.userId, [row]);
  }
  return [...groups.values()];
}

type RowResult = 'sent' | 'skipped' | 'retried' | 'failed';

/**
 * Sends one claimed row and marks it: sent, not needed, due again later, or given up. Marked only
 * while the claim is still this worker's (attempts is the claim's number).
 */
async function processRow(deps: ServerDeps, row: Row): Promise<RowResult> {
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
      return 'sent';
    }
    await deps.db
      .update(notificationOutbox)
      .set({ doneReason: outcome, lockedUntil: null })
      .where(mine);
    return 'skipped';
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
      deps.logger.error(
        { err, outboxId: row.id, kind: row.kind, channel: row.channel },
        'a notification could not be sent and was given up',
      );
      return 'failed';
    }
    deps.logger.warn(
      { err, outboxId: row.id, attempts: row.attempts },
      'a notification could not be sent; it will be tried again',
    );
    return 'retried';
  }
}

/** processRow that never rejects: a fault while marking the row is logged, and its lease frees it. */
async function processRowSafely(deps: ServerDeps, row: Row): Promise<RowResult> {
  try {
    return await processRow(deps, row);
  } catch (err) {
    deps.logger.error({ err, outboxId: row.id }, 'a notification could not be marked');
    return 'retried';
  }
}

/**
 * Claims due rows and sends them, OUTBOX_CONCURRENCY people at a time, marking each row as soon as it
 * went. A worker that stops between sending and marking leaves the row to be sent again after its
 * lease: the same key goes with it (push Topic, notification tag, Message-ID), so the device or
 * mailbox shows it once. `signal` stops the batch before rows not yet started (they stay claimed
 * until their lease runs out).
 */
export async function runOutboxBatch(
  deps: ServerDeps,
  options: { people?: number; signal?: AbortSignal } = {},
): Promise<BatchResult> {
  const rows = await claimRows(deps, options.people ?? OUTBOX_BATCH);
  const result: BatchResult = { claimed: rows.length, sent: 0, skipped: 0, retried: 0, failed: 0 };
  const people = byPerson(rows);
  let next = 0;
  const lane = async () => {
    for (let group = people[next++]; group; group = people[next++]) {
      for (const row of group) {
        if (options.signal?.aborted) return;
        result[await processRowSafely(deps, row)] += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OUTBOX_CONCURRENCY, people.length) }, lane));
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
  /** Finishes the rows in hand and stops. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox continuously, OUTBOX_CONCURRENCY people at a time: it claims more as soon as this
 * process committed rows (a kick) or a person's turn ended while more were waiting, else every
 * `pollMs` (rows written by other instances, retries coming due). A slow push service holds only its
 * own person's place. Any number of instances may run one; they share the rows through their claims.
 */
export function startOutboxWorker(
  deps: ServerDeps,
  options: { pollMs?: number } = {},
): OutboxWorker {
  const pollMs = options.pollMs ?? 5000;
  const controller = new AbortController();
  /** People whose rows are being sent, with their turn. */
  const turns = new Map<number, Promise<void>>();
  const pause = createPause(controller.signal);
  let kicked = false;
  // The last claim filled every free place: more rows may be due as soon as one frees.
  let backlog = false;
  // Read through functions: the loop's checks see what listeners changed while it awaited.
  const wasKicked = () => kicked;
  const stopped = () => controller.signal.aborted;
  const offKick = deps.outbox.onKick(() => {
    kicked = true;
    pause.wake();
  });
  const takeTurn = async (userId: number, rows: Row[]) => {
    for (const row of rows) await processRowSafely(deps, row);
    turns.delete(userId);
    if (backlog) pause.wake();
  };
  const loop = (async () => {
    while (!stopped()) {
      kicked = false;
      const room = OUTBOX_CONCURRENCY - turns.size;
      if (room > 0) {
        try {
          const people = byPerson(await claimRows(deps, room));
          backlog = people.length >= room;
          for (const rows of people) {
            const userId = rows[0]?.userId;
            if (userId !== undefined) turns.set(userId, takeTurn(userId, rows));
          }
        } catch (err) {
          deps.logger.error({ err }, 'the notification outbox could not be read');
        }
      }
      if (stopped()) break;
      if (wasKicked()) continue;
      if (backlog && turns.size < OUTBOX_CONCURRENCY) continue;
      await pause.sleep(pollMs);
    }
    await Promise.all(turns.values());
  })();
  return {
    async stop() {
      offKick();
      controller.abort();
      await loop;
    },
  };
}

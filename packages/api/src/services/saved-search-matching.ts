import { asc, eq, lte } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

import { announceNotifications } from './notifications';
import { matchSavedSearches } from './match-saved-searches';
import { createPause } from './pause';
import type { ServerDeps } from './types';

const { listingMatchQueue } = schema;

/** Listings one batch matches, each in a transaction of its own. */
const MATCHING_BATCH = 20;
/** Tries before a listing that cannot be matched is given up (and logged). */
const MATCHING_MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at an hour, as the outbox retries. */
const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/**
 * Records, in the listing's own transaction, that it waits to be matched against the saved
 * searches: the matching happens after the commit (decision 077), and a crash in between leaves
 * this row for the next matcher.
 */
export async function queueListingMatch(tx: Executor, listingId: number, now: Date) {
  await tx.insert(listingMatchQueue).values({ listingId, createdAt: now, dueAt: now });
}

export interface MatchingResult {
  /** Listings matched (whether or not any search matched them). */
  matched: number;
  /** Listings whose matching failed and waits for another try (or was given up). */
  failed: number;
}

/**
 * Matches waiting listings, oldest first, each in its own transaction: the row is claimed with
 * FOR UPDATE SKIP LOCKED (other matchers pass over it) and deleted in the transaction that writes
 * its matches, bell entries and outbox rows, so a listing is matched once, or not at all and then
 * again. A matcher that dies mid-way releases the row with its connection. `signal` stops between
 * listings.
 */
export async function runSavedSearchMatching(
  deps: ServerDeps,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<MatchingResult> {
  const limit = options.limit ?? MATCHING_BATCH;
  const result: MatchingResult = { matched: 0, failed: 0 };
  for (let i = 0; i < limit && !options.signal?.aborted; i++) {
    const now = deps.now();
    // Set inside the transaction: which listing a failure belongs to.
    const claim: { row: { listingId: number; attempts: number } | null } = { row: null };
    try {
      const notified = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ listingId: listingMatchQueue.listingId, attempts: listingMatchQueue.attempts })
          .from(listingMatchQueue)
          .where(lte(listingMatchQueue.dueAt, now))
          .orderBy(asc(listingMatchQueue.dueAt), asc(listingMatchQueue.listingId))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        claim.row = row;
        const belled = await matchSavedSearches(tx, row.listingId, now);
        await tx.delete(listingMatchQueue).where(eq(listingMatchQueue.listingId, row.listingId));
        return belled;
      });
      if (notified === null) break;
      result.matched += 1;
      await announceNotifications(deps, notified);
    } catch (err) {
      if (!claim.row) throw err;
      result.failed += 1;
      await noteFailure(deps, claim.row, err);
    }
  }
  return result;
}

async function noteFailure(
  deps: ServerDeps,
  row: { listingId: number; attempts: number },
  err: unknown,
) {
  const attempts = row.attempts + 1;
  const where = eq(listingMatchQueue.listingId, row.listingId);
  if (attempts >= MATCHING_MAX_ATTEMPTS) {
    await deps.db.delete(listingMatchQueue).where(where);
    deps.logger.error(
      { err, listingId: row.listingId, attempts },
      'a new listing could not be matched against the saved searches and was given up',
    );
    return;
  }
  // A failed statement's own message (drizzle's wrapper also carries the whole query).
  const message =
    err instanceof Error
      ? err.cause instanceof Error
        ? err.cause.message
        : err.message
      : String(err);
  await deps.db
    .update(listingMatchQueue)
    .set({
      attempts,
      dueAt: new Date(deps.now().getTime() + retryDelayMs(attempts)),
      lastError: message.slice(0, 500),
    })
    .where(where);
  deps.logger.warn(
    { err, listingId: row.listingId, attempts },
    'a new listing could not be matched against the saved searches; it will be tried again',
  );
}

export interface SavedSearchMatcher {
  /** Finishes the listing in hand and stops. */
  stop(): Promise<void>;
}

/**
 * Matches new listings continuously: at once when this process created one (a kick), else every
 * `pollMs` (listings created on other instances, retries coming due). Any number of instances may
 * run one; they share the waiting listings through their claims.
 */
export function startSavedSearchMatcher(
  deps: ServerDeps,
  options: { pollMs?: number; onBatch?: (result: MatchingResult) => void } = {},
): SavedSearchMatcher {
  const pollMs = options.pollMs ?? 5000;
  const controller = new AbortController();
  const pause = createPause(controller.signal);
  let kicked = false;
  // Read through functions: the loop's checks see what listeners changed while it awaited.
  const wasKicked = () => kicked;
  const stopped = () => controller.signal.aborted;
  const offKick = deps.matching.onKick(() => {
    kicked = true;
    pause.wake();
  });
  const loop = (async () => {
    while (!stopped()) {
      // After a kick, the request that created the listing is answered first: on the embedded
      // database, matching holds the one connection (and the thread) while it runs.
      if (wasKicked()) await new Promise((resolve) => setImmediate(resolve));
      kicked = false;
      let result: MatchingResult | null = null;
      try {
        result = await runSavedSearchMatching(deps, { signal: controller.signal });
        options.onBatch?.(result);
      } catch (err) {
        deps.logger.error({ err }, 'new listings could not be matched against the saved searches');
      }
      if (stopped()) break;
      // A full batch means more are waiting.
      if (result && result.matched + result.failed >= MATCHING_BATCH) continue;
      if (wasKicked()) continue;
      await pause.sleep(pollMs);
    }
  })();
  return {
    async stop() {
      offKick();
      controller.abort();
      await loop;
    },
  };
}

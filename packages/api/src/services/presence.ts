import { and, eq, gt, sql } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

import type { ServerDeps } from './types';

const { userPresence } = schema;

/** Open streams per person in this process, so closing one of two tabs does not mark them away. */
const openHere = new WeakMap<ServerDeps, Map<number, number>>();

async function write(deps: ServerDeps, userId: number, until: Date) {
  await deps.db
    .insert(userPresence)
    .values({ userId, onlineUntil: until })
    .onConflictDoUpdate({ target: userPresence.userId, set: { onlineUntil: until } });
}

/**
 * Marks the person as having the app open, for every instance to see, renewed every `renewMs` while
 * the caller's stream runs. `end` marks them away unless another stream of theirs here is still open
 * (one on another instance renews its own mark).
 */
export function markOnline(deps: ServerDeps, userId: number, renewMs: number) {
  let counts = openHere.get(deps);
  if (!counts) {
    counts = new Map();
    openHere.set(deps, counts);
  }
  const open = counts;
  open.set(userId, (open.get(userId) ?? 0) + 1);
  const renew = () =>
    write(deps, userId, new Date(deps.now().getTime() + renewMs * 2)).catch((err: unknown) => {
      deps.logger.warn({ err }, 'could not mark a user present');
    });
  void renew();
  const timer = setInterval(() => void renew(), renewMs);
  timer.unref();
  return {
    async end() {
      clearInterval(timer);
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) {
        open.set(userId, left);
        return;
      }
      open.delete(userId);
      // An update, not an upsert: an account deleted meanwhile gets no row back.
      await deps.db
        .update(userPresence)
        .set({ onlineUntil: deps.now() })
        .where(eq(userPresence.userId, userId))
        .catch((err: unknown) => {
          deps.logger.warn({ err }, 'could not mark a user away');
        });
    },
  };
}

/** Whether the person has the app open on some instance now. */
export async function isOnline(db: Executor, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: userPresence.userId })
    .from(userPresence)
    .where(
      and(
        eq(userPresence.userId, userId),
        gt(userPresence.onlineUntil, sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return row !== undefined;
}

import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { UI_TEXT } from '@yardsale/validators';

const { users } = schema;

/**
 * Holds the account while the caller's transaction writes something it owns, and refuses (401, as a
 * signed-out request) once the account is deleted. Account deletion locks the row FOR UPDATE and
 * removes everything the account owns in one transaction (decision 068): a write that took this lock
 * first is committed before the deletion looks, and one that waited sees `deleted_at` when the
 * deletion commits, so nothing written alongside a deletion outlives it (decision 079). KEY SHARE
 * is the weakest lock that waits for FOR UPDATE: ordinary changes to the row (a new name, a
 * password) do not wait for it. `update` takes the row for the caller's own one-at-a-time rule.
 */
export async function lockLiveAccount(
  tx: Executor,
  userId: number,
  mode: 'key share' | 'update' = 'key share',
): Promise<{ emailVerified: boolean }> {
  const [account] = await tx
    .select({ deletedAt: users.deletedAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for(mode);
  if (!account || account.deletedAt) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
  }
  return { emailVerified: account.emailVerifiedAt !== null };
}

/** Whether the account's address is confirmed, as it is now (not as the session read it). */
export async function isEmailVerified(db: Executor, userId: number): Promise<boolean> {
  const [account] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return account?.emailVerifiedAt != null;
}

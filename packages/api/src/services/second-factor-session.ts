import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import { TWO_FACTOR_TEXT } from '@yardsale/validators';

import { sessionUserColumns } from './session-user';
import { closeChallenge } from './sign-in-challenges';
import type { OpenChallenge } from './sign-in-challenges';
import type { ServerDeps } from './types';

/** A sign-in that is complete: the caller starts the account's session, remembered or not. */
export interface CompletedSignIn {
  user: SessionUser;
  remember: boolean;
}

/**
 * The second factor was right (a code or a passkey): the challenge is spent, by this answer only, and
 * the session it was waiting for may start on this device.
 */
export async function finishSecondFactor(
  deps: ServerDeps,
  token: string,
  open: OpenChallenge,
): Promise<CompletedSignIn> {
  const expired = () =>
    new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_TEXT.challengeExpired });
  if (!open.userId || !(await closeChallenge(deps, token))) throw expired();
  const [user] = await deps.db
    .select(sessionUserColumns)
    .from(schema.users)
    .where(and(eq(schema.users.id, open.userId), isNull(schema.users.deletedAt)));
  if (!user) throw expired();
  return { user, remember: open.remember };
}

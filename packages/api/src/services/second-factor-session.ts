import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import { TWO_FACTOR_TEXT } from '@yardsale/validators';

import type { Context } from '../context';
import { closeChallenge } from './sign-in-challenges';
import type { OpenChallenge } from './sign-in-challenges';
import { sessionUserColumns } from './users';

/**
 * The second factor was right (a code or a passkey): the challenge is spent, by this answer only,
 * and the session it was waiting for starts on this device.
 */
export async function finishSecondFactor(
  ctx: Context,
  token: string,
  open: OpenChallenge,
): Promise<SessionUser> {
  const expired = () =>
    new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_TEXT.challengeExpired });
  if (!open.userId || !(await closeChallenge(ctx.deps, token))) throw expired();
  const [user] = await ctx.deps.db
    .select(sessionUserColumns)
    .from(schema.users)
    .where(and(eq(schema.users.id, open.userId), isNull(schema.users.deletedAt)));
  if (!user) throw expired();
  const { cookie } = await ctx.deps.sessions.create(user.id, open.remember);
  ctx.setHeader('Set-Cookie', cookie.serialize());
  return user;
}

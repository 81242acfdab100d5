import type { Context } from './context';

/**
 * Starts a session for an account whose sign-in is complete and hands its cookie to the client. The
 * services decide who may sign in; the request that asked sets the cookie.
 */
export async function startSession(ctx: Context, userId: number, remember: boolean): Promise<void> {
  const { cookie } = await ctx.deps.sessions.create(userId, remember);
  ctx.setHeader('Set-Cookie', cookie.serialize());
}

import { TRPCError } from '@trpc/server';

import {
  UI_TEXT,
  changePasswordSchema,
  registerSchema,
  sessionUserSchema,
  signInSchema,
  successSchema,
  updateProfileSchema,
} from '@yardsale/validators';

import type { Context } from '../context';
import { RateLimitedError } from '../services/rate-limits';
import {
  authenticate,
  changePassword,
  registerUser,
  removeProfilePicture,
  updateProfile,
} from '../services/users';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, publicProcedure } from '../trpc';

async function startSession(ctx: Context, userId: number, remember: boolean) {
  const { cookie } = await ctx.deps.sessions.create(userId, remember);
  ctx.setHeader('Set-Cookie', cookie.serialize());
}

export const authRouter = createTRPCRouter({
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.output(sessionUserSchema.nullable()).query(({ ctx }) => ctx.user),

  register: publicProcedure
    .input(registerSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'registerByClient', ctx.clientIp);
      const user = await registerUser(ctx.deps, input);
      await startSession(ctx, user.id, input.rememberMe);
      return user;
    }),

  login: publicProcedure
    .input(signInSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      // Decision 028: a guesser is stopped per account and address, so the owner elsewhere still gets in.
      const fromHere = `${input.email} ${ctx.clientIp}`;
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      await enforceRateLimit(ctx, 'loginFailuresByAccountAndClient', fromHere, 'check');
      // The account-wide ceiling stops a guess spread over many addresses, but not the owner where they usually sign in.
      if (!(await ctx.deps.rateLimits.seen('knownSignInClient', fromHere))) {
        await enforceRateLimit(ctx, 'loginFailuresByAccount', input.email, 'check');
      }
      const user = await authenticate(ctx.deps, input.email, input.password);
      if (!user) {
        // Past the ceiling this attempt is counted all the same; the answer stays the wrong-password one.
        await ctx.deps.rateLimits
          .consume('loginFailuresByAccount', input.email)
          .catch((err: unknown) => {
            if (!(err instanceof RateLimitedError)) throw err;
          });
        await enforceRateLimit(ctx, 'loginFailuresByAccountAndClient', fromHere);
        throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.signIn.wrongCredentials });
      }
      await ctx.deps.rateLimits.reset('loginFailuresByAccountAndClient', fromHere);
      await ctx.deps.rateLimits.remember('knownSignInClient', fromHere);
      await startSession(ctx, user.id, input.rememberMe);
      return user;
    }),

  logout: publicProcedure.output(successSchema).mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await ctx.deps.sessions.invalidate(ctx.sessionToken);
    // Every instance closes this session's websockets; its open live streams end at once.
    if (ctx.user) await ctx.deps.events.sessionsEnded([ctx.user.id]);
    ctx.setHeader('Set-Cookie', ctx.deps.sessions.blankCookie().serialize());
    return { success: true as const };
  }),

  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .output(sessionUserSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user, input)),

  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.deps, ctx.user, ctx.sessionToken, input);
      return { success: true as const };
    }),

  removeProfilePicture: protectedProcedure
    .output(sessionUserSchema)
    .mutation(({ ctx }) => removeProfilePicture(ctx.deps, ctx.user.id)),
});

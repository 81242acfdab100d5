import { TRPCError } from '@trpc/server';

import {
  MESSAGES,
  changePasswordSchema,
  registerSchema,
  sessionUserSchema,
  signInSchema,
  successSchema,
  updateProfileSchema,
} from '@yardsale/validators';

import type { Context } from '../context';
import {
  authenticate,
  changePassword,
  registerUser,
  removeProfilePicture,
  updateProfile,
} from '../services/users';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, publicProcedure } from '../trpc';

async function startSession(ctx: Context, userId: number, remember: boolean) {
  const { cookie } = await ctx.services.sessions.create(userId, remember);
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
      const user = await registerUser(ctx.services, input);
      await startSession(ctx, user.id, input.rememberMe);
      return user;
    }),

  login: publicProcedure
    .input(signInSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      await enforceRateLimit(ctx, 'loginFailuresByAccount', input.email, 'check');
      const user = await authenticate(ctx.services, input.email, input.password);
      if (!user) {
        await enforceRateLimit(ctx, 'loginFailuresByAccount', input.email);
        throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.signIn.wrongCredentials });
      }
      await ctx.services.rateLimits.reset('loginFailuresByAccount', input.email);
      await startSession(ctx, user.id, input.rememberMe);
      return user;
    }),

  logout: publicProcedure.output(successSchema).mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await ctx.services.sessions.invalidate(ctx.sessionToken);
    // Open live streams of this session notice at once that it has ended.
    if (ctx.user) await ctx.services.events.wake([ctx.user.id]);
    ctx.setHeader('Set-Cookie', ctx.services.sessions.blankCookie().serialize());
    return { success: true as const };
  }),

  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .output(sessionUserSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.services, ctx.user, input)),

  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.services, ctx.user, ctx.sessionToken, input);
      return { success: true as const };
    }),

  removeProfilePicture: protectedProcedure
    .output(sessionUserSchema)
    .mutation(({ ctx }) => removeProfilePicture(ctx.services, ctx.user.id)),
});

import { TRPCError } from '@trpc/server';

import {
  UI_TEXT,
  checkResetLinkSchema,
  forgotPasswordSchema,
  passkeySignInOptionsInputSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  registerSchema,
  resetPasswordSchema,
  secondFactorSignInSchema,
  signInResultSchema,
  TWO_FACTOR_TEXT,
  verifyEmailResultSchema,
  verifyEmailSchema,
  sessionUserSchema,
  signInSchema,
  successSchema,
} from '@yardsale/validators';
import type { SessionUser, SignInResult } from '@yardsale/validators';

import type { Context } from '../context';
import {
  checkResetLink,
  forgotPassword,
  resetPassword,
  sendWelcomeVerification,
  verifyEmail,
} from '../services/account-links';
import { newSignInOptions, signInWithPasskey } from '../services/passkeys';
import {
  openChallenge,
  secondFactorMethods,
  takeChallengeAttempt,
} from '../services/sign-in-challenges';
import { finishSecondFactor } from '../services/second-factor-session';
import { WrongSecondFactorError, verifySecondFactor } from '../services/two-factor';
import { authenticate, registerUser } from '../services/users';
import { startSession } from '../session-cookie';
import { createTRPCRouter, enforceRateLimit, limitedGuess, publicProcedure } from '../trpc';

/** Only failed link attempts count: a guesser is stopped, while every real link just works. */
async function withLinkAttempt<T>(ctx: Context, open: () => Promise<T>): Promise<T> {
  return limitedGuess(
    ctx,
    [{ name: 'linkAttemptsByClient', key: ctx.clientIp }],
    open,
    (err) => err instanceof TRPCError && err.code === 'BAD_REQUEST',
  );
}

const wrongCredentials = () =>
  new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.signIn.wrongCredentials });

/**
 * After the password (or a reset link): a session at once, or, where the account has a second
 * factor, a challenge to answer first: no session exists until both are given.
 */
async function signInOrChallenge(
  ctx: Context,
  user: SessionUser,
  remember: boolean,
): Promise<SignInResult> {
  const methods = await secondFactorMethods(ctx.deps, user.id);
  if (methods.length === 0) {
    await startSession(ctx, user.id, remember);
    return user;
  }
  const challenge = await openChallenge(ctx.deps, {
    purpose: 'second-factor',
    userId: user.id,
    remember,
  });
  return { secondFactorRequired: true as const, challenge, methods };
}

/**
 * The session: who is signed in, and every way in and out of it, the mailed links that may open
 * without one included. The account's own settings are `account` (decision 086).
 */
export const authRouter = createTRPCRouter({
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.output(sessionUserSchema.nullable()).query(({ ctx }) => ctx.user),

  register: publicProcedure
    .input(registerSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'registerByClient', ctx.clientIp);
      const user = await registerUser(ctx.deps, input);
      await sendWelcomeVerification(ctx.deps, user);
      await startSession(ctx, user.id, input.rememberMe);
      return user;
    }),

  login: publicProcedure
    .input(signInSchema)
    .output(signInResultSchema)
    .mutation(async ({ ctx, input }) => {
      // Decision 028: a guesser is stopped per account and address, so the owner elsewhere still gets in.
      const fromHere = `${input.email} ${ctx.clientIp}`;
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      // The account-wide ceiling stops a guess spread over many addresses, but not the owner where
      // they usually sign in; a wrong password from there is counted against it all the same.
      const usual = await ctx.deps.rateLimits.seen('knownSignInClient', fromHere);
      const user = await limitedGuess(
        ctx,
        [
          { name: 'loginFailuresByAccountAndClient', key: fromHere },
          { name: 'loginFailuresByAccount', key: input.email, countOnly: usual },
        ],
        async () => {
          const found = await authenticate(ctx.deps, input.email, input.password);
          if (!found) throw wrongCredentials();
          return found;
        },
        (err) => err instanceof TRPCError && err.code === 'UNAUTHORIZED',
      );
      await ctx.deps.rateLimits.reset('loginFailuresByAccountAndClient', fromHere);
      await ctx.deps.rateLimits.remember('knownSignInClient', fromHere);
      return signInOrChallenge(ctx, user, input.rememberMe);
    }),

  /** The code step of a sign-in: the authenticator's code or a recovery code opens the session. */
  signInSecondFactor: publicProcedure
    .input(secondFactorSignInSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      // The challenge's attempt is taken before the code is checked, and so is the account's point.
      const open = await takeChallengeAttempt(ctx.deps, 'second-factor', input.challenge);
      if (!open?.userId) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_TEXT.challengeExpired });
      }
      const { userId } = open;
      await limitedGuess(
        ctx,
        [{ name: 'secondFactorFailuresByAccount', key: String(userId) }],
        async () => {
          if (!(await verifySecondFactor(ctx.deps, userId, input.code))) {
            throw new WrongSecondFactorError(TWO_FACTOR_TEXT.wrongCode);
          }
        },
        (err) => err instanceof WrongSecondFactorError,
      );
      const { user, remember } = await finishSecondFactor(ctx.deps, input.challenge, open);
      await startSession(ctx, user.id, remember);
      return user;
    }),

  logout: publicProcedure.output(successSchema).mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await ctx.deps.sessions.invalidate(ctx.sessionToken);
    // Every instance closes this session's websockets; its open live streams end at once.
    if (ctx.user) await ctx.deps.events.sessionsEnded([ctx.user.id]);
    ctx.setHeader('Set-Cookie', ctx.deps.sessions.blankCookie().serialize());
    return { success: true as const };
  }),

  /** Opens a mailed verification link (`?token=`): confirms the address, or completes a change of it. */
  verifyEmail: publicProcedure
    .input(verifyEmailSchema)
    .output(verifyEmailResultSchema)
    .mutation(async ({ ctx, input }) => {
      return withLinkAttempt(ctx, () => verifyEmail(ctx.deps, input.token));
    }),

  /** Mails a reset link if the account exists; the answer is the same either way. */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'passwordResetByClient', ctx.clientIp);
      await forgotPassword(ctx.deps, input.email);
      return { success: true as const };
    }),

  /**
   * Whether a reset link still works, as its page opens: a used or expired one is said at once,
   * not after a new password is typed twice. Spends nothing; a wrong token counts as any link's does.
   */
  checkResetLink: publicProcedure
    .input(checkResetLinkSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await withLinkAttempt(ctx, () => checkResetLink(ctx.deps, input.token));
      return { success: true as const };
    }),

  /** Opens a reset link: sets the new password, ends every session, and signs this device in. */
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .output(signInResultSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await withLinkAttempt(ctx, () =>
        resetPassword(ctx.deps, input.token, input.password),
      );
      // A reset proves the inbox, not the phone: a second factor is still asked for.
      return signInOrChallenge(ctx, user, input.rememberMe);
    }),

  /** Starts a passkey sign-in (decision 071): after a password (`challenge`), or password-less. */
  passkeySignInOptions: publicProcedure
    .input(passkeySignInOptionsInputSchema)
    .output(passkeySignInOptionsSchema)
    .mutation(async ({ ctx, input }) => {
      // Each start opens a challenge row, so each is counted; a client refused sign-ins (only
      // checked here: the sign-in that follows is the attempt that counts) opens none either.
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp, 'check');
      await enforceRateLimit(ctx, 'passkeySignInOptionsByClient', ctx.clientIp);
      return newSignInOptions(ctx.deps, input.challenge);
    }),

  /** Finishes a passkey sign-in and starts the session. */
  passkeySignIn: publicProcedure
    .input(passkeySignInSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      const { user, remember } = await signInWithPasskey(ctx.deps, input);
      await startSession(ctx, user.id, remember);
      return user;
    }),
});

import {
  passkeyRegisterSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRemoveSchema,
  passkeySignInOptionsInputSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  sessionUserSchema,
  successSchema,
} from '@yardsale/validators';

import {
  addPasskey,
  newRegistrationOptions,
  newSignInOptions,
  removePasskey,
  signInWithPasskey,
} from '../services/passkeys';
import { WrongSecondFactorError } from '../services/two-factor';
import { startSession } from '../session-cookie';
import {
  createTRPCRouter,
  enforceRateLimit,
  limitedGuess,
  protectedProcedure,
  publicProcedure,
} from '../trpc';

/** Passkeys (decision 071): added and removed in Settings; a second factor, or a sign-in of their own. */
export const passkeysRouter = createTRPCRouter({
  /** Starts adding a passkey: the browser's options, and the token its answer comes back with. */
  registrationOptions: protectedProcedure
    .output(passkeyRegistrationOptionsSchema)
    .mutation(({ ctx }) => newRegistrationOptions(ctx.deps, ctx.user)),

  /** Keeps the passkey the browser created for the options of `token`. */
  register: protectedProcedure
    .input(passkeyRegisterSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await addPasskey(ctx.deps, ctx.user.id, input);
      return { success: true as const };
    }),

  /** Removes a passkey of the account; asks for the password. */
  remove: protectedProcedure
    .input(passkeyRemoveSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await limitedGuess(
        ctx,
        [{ name: 'secondFactorFailuresByAccount', key: String(ctx.user.id) }],
        () => removePasskey(ctx.deps, ctx.user.id, input.id, input.password),
        (err) => err instanceof WrongSecondFactorError,
      );
      return { success: true as const };
    }),

  /** Starts a passkey sign-in: after a password (`challenge`), or password-less. */
  signInOptions: publicProcedure
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
  signIn: publicProcedure
    .input(passkeySignInSchema)
    .output(sessionUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'loginByClient', ctx.clientIp);
      const { user, remember } = await signInWithPasskey(ctx.deps, input);
      await startSession(ctx, user.id, remember);
      return user;
    }),
});

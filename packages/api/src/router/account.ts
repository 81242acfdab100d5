import {
  TWO_FACTOR_TEXT,
  accountSecuritySchema,
  deleteAccountFormSchema,
  recoveryCodesSchema,
  successSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
} from '@yardsale/validators';
import { TRPCError } from '@trpc/server';

import { WrongAccountSecretError, deleteAccount } from '../services/account-deletion';
import {
  WrongSecondFactorError,
  accountSecurity,
  disableTotp,
  enableTotp,
  newTotpSetup,
} from '../services/two-factor';
import { createTRPCRouter, limitedGuess, protectedProcedure } from '../trpc';

export const accountRouter = createTRPCRouter({
  /**
   * Deletes the signed-in account for good (decision 068) and signs it out. The settings form's
   * typed confirmation is checked here too; `DELETE /api/user` is its own confirmation.
   */
  delete: protectedProcedure
    .input(deleteAccountFormSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      // Past the limit the answer says to wait, and nothing is checked.
      await limitedGuess(
        ctx,
        [{ name: 'accountDeletionFailuresByAccount', key: String(ctx.user.id) }],
        () => deleteAccount(ctx.deps, ctx.user.id, { password: input.password, code: input.code }),
        (err) => err instanceof WrongAccountSecretError,
      );
      ctx.setHeader('Set-Cookie', ctx.deps.sessions.blankCookie().serialize());
      return { success: true as const };
    }),

  /** Two-factor sign-in as it stands: the authenticator, recovery codes left, passkeys. */
  security: protectedProcedure
    .output(accountSecuritySchema)
    .query(({ ctx }) => accountSecurity(ctx.deps, ctx.user.id)),

  /**
   * A new authenticator secret and its QR code. Nothing is stored yet: the secret comes back with
   * the app's first code to switch two-factor on.
   */
  totpSetup: protectedProcedure.output(totpSetupSchema).mutation(async ({ ctx }) => {
    if ((await accountSecurity(ctx.deps, ctx.user.id)).totpEnabled) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: TWO_FACTOR_TEXT.alreadyOn });
    }
    return newTotpSetup(ctx.user.email);
  }),

  /** Switches the authenticator on with its current code; answers the recovery codes, once. */
  totpEnable: protectedProcedure
    .input(totpEnableSchema)
    .output(recoveryCodesSchema)
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await enableTotp(ctx.deps, ctx.user.id, input.secret, input.code),
    })),

  /** Switches the authenticator off: the password and a current code (or a recovery code). */
  totpDisable: protectedProcedure
    .input(totpDisableSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await limitedGuess(
        ctx,
        [{ name: 'secondFactorFailuresByAccount', key: String(ctx.user.id) }],
        () => disableTotp(ctx.deps, ctx.user.id, input.password, input.code),
        (err) => err instanceof WrongSecondFactorError,
      );
      return { success: true as const };
    }),
});

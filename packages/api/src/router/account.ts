import {
  TWO_FACTOR_TEXT,
  accountSecuritySchema,
  changePasswordSchema,
  deleteAccountFormSchema,
  passkeyRegisterSchema,
  passkeyRegisteredSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRemoveSchema,
  pendingEmailSchema,
  recoveryCodesRenewSchema,
  recoveryCodesSchema,
  sessionUserSchema,
  successSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  updateProfileSchema,
  verifyEmailResultSchema,
} from '@yardsale/validators';
import { TRPCError } from '@trpc/server';

import { WrongAccountSecretError, deleteAccount } from '../services/account-deletion';
import { pendingEmail, resendVerification } from '../services/account-links';
import { addPasskey, newRegistrationOptions, removePasskey } from '../services/passkeys';
import {
  WrongSecondFactorError,
  accountSecurity,
  disableTotp,
  enableTotp,
  newTotpSetup,
  renewRecoveryCodes,
} from '../services/two-factor';
import {
  WrongCurrentPasswordError,
  changePassword,
  removeProfilePicture,
  updateProfile,
} from '../services/users';
import { createTRPCRouter, enforceRateLimit, limitedGuess, protectedProcedure } from '../trpc';

/**
 * The signed-in user's own account (decision 086): profile, password, e-mail, two-factor sign-in,
 * passkeys and deletion. The data export is REST's `GET /api/user/export` (a zip, no procedure).
 */
export const accountRouter = createTRPCRouter({
  /** Name, phone and e-mail; a new e-mail waits on its mailed link. */
  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .output(sessionUserSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user, input)),

  /** Asks for the current password; ends every other session. */
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await limitedGuess(
        ctx,
        [{ name: 'passwordChangeFailuresByAccount', key: String(ctx.user.id) }],
        () => changePassword(ctx.deps, ctx.user, ctx.sessionToken, input),
        (err) => err instanceof WrongCurrentPasswordError,
      );
      return { success: true as const };
    }),

  /** Sends the verification link again: to the address a change waits on, else the unverified one. */
  resendVerification: protectedProcedure
    .output(verifyEmailResultSchema)
    .mutation(async ({ ctx }) => {
      const limit = () => enforceRateLimit(ctx, 'verificationMailByAccount', String(ctx.user.id));
      return { email: await resendVerification(ctx.deps, ctx.user, limit) };
    }),

  /** The new address an unconfirmed change waits on, or null. */
  pendingEmail: protectedProcedure
    .output(pendingEmailSchema)
    .query(async ({ ctx }) => ({ pendingEmail: await pendingEmail(ctx.deps, ctx.user) })),

  /** Removes the profile picture; the upload is REST's `POST /api/user/profile-picture`. */
  removeProfilePicture: protectedProcedure
    .output(sessionUserSchema)
    .mutation(({ ctx }) => removeProfilePicture(ctx.deps, ctx.user.id)),

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

  /** Ten new recovery codes in place of the old, shown once; asks for the password. */
  recoveryCodesRenew: protectedProcedure
    .input(recoveryCodesRenewSchema)
    .output(recoveryCodesSchema)
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await limitedGuess(
        ctx,
        [{ name: 'secondFactorFailuresByAccount', key: String(ctx.user.id) }],
        () => renewRecoveryCodes(ctx.deps, ctx.user.id, input.password),
        (err) => err instanceof WrongSecondFactorError,
      ),
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

  /** Starts adding a passkey (decision 071): the browser's options, and the token its answer comes back with. */
  passkeyRegistrationOptions: protectedProcedure
    .output(passkeyRegistrationOptionsSchema)
    .mutation(({ ctx }) => newRegistrationOptions(ctx.deps, ctx.user)),

  /**
   * Keeps the passkey the browser created for the options of `token`; answers recovery codes, once,
   * where the account had none left (decision 094).
   */
  passkeyRegister: protectedProcedure
    .input(passkeyRegisterSchema)
    .output(passkeyRegisteredSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      recoveryCodes: await addPasskey(ctx.deps, ctx.user.id, input),
    })),

  /** Removes a passkey of the account; asks for the password. */
  passkeyRemove: protectedProcedure
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
});

import { TRPCError } from '@trpc/server';

import {
  accountExportFileName,
  exportAccount,
  limitAccountExport,
  limitProfilePictureUpload,
  setProfilePicture,
} from '@yardsale/api';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  MAX_PROFILE_PICTURE_BYTES,
  UI_TEXT,
  pendingEmailSchema,
  profilePictureResponseSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  signInResultSchema,
  successSchema,
  verifyEmailResultSchema,
} from '@yardsale/validators';

import { api, procedureRoute, sessionRoute, signedIn } from '../route';
import type { RestRoute } from '../route';

/** The session, the account and its profile. */
export const authRoutes: RestRoute[] = [
  procedureRoute(api.auth.me, {
    method: 'GET',
    url: '/api/user',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user; 401 when signed out',
    tag: 'auth',
    response: sessionUserSchema,
    access: 'user',
    output: (user) => signedIn(user),
  }),
  procedureRoute(api.auth.me, {
    method: 'GET',
    url: '/api/session',
    operationId: 'getSession',
    summary: 'Who is signed in: the user, or null for a visitor (always 200)',
    tag: 'auth',
    response: sessionAnswerSchema,
    access: 'public',
    output: (user) => ({ user }),
  }),
  procedureRoute(api.account.updateProfile, {
    method: 'PUT',
    url: '/api/user',
    operationId: 'updateProfile',
    summary: 'Update the profile (first name, last name, e-mail, phone)',
    tag: 'auth',
    body: 'input',
    response: sessionUserSchema,
    access: 'user',
  }),
  procedureRoute(api.account.delete, {
    method: 'DELETE',
    url: '/api/user',
    operationId: 'deleteAccount',
    summary:
      'Delete the account for good (password, and code where two-factor sign-in is on); ends its sessions. 403 for the admin',
    tag: 'auth',
    body: 'input',
    // The DELETE itself is the confirmation the settings form asks to be typed (decision 068).
    fixed: { confirmation: DELETE_ACCOUNT_CONFIRMATION },
    response: successSchema,
    access: 'user',
  }),
  procedureRoute(api.account.changePassword, {
    method: 'PUT',
    url: '/api/user/password',
    operationId: 'changePassword',
    summary: 'Change the password; ends every other session',
    tag: 'auth',
    body: 'input',
    response: successSchema,
    access: 'user',
  }),
  procedureRoute(api.auth.login, {
    method: 'POST',
    url: '/api/login',
    operationId: 'signIn',
    summary:
      'Sign in; sets the session cookie, or, where the account has two-factor sign-in, answers `secondFactorRequired` with a challenge for POST /api/login/second-factor',
    tag: 'auth',
    body: 'input',
    response: signInResultSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.signInSecondFactor, {
    method: 'POST',
    url: '/api/login/second-factor',
    operationId: 'signInSecondFactor',
    summary:
      "Finish a two-factor sign-in with the authenticator app's code or a recovery code; sets the session cookie",
    tag: 'auth',
    body: 'input',
    response: sessionUserSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.register, {
    method: 'POST',
    url: '/api/register',
    operationId: 'register',
    summary: 'Create an account; sets the session cookie',
    tag: 'auth',
    body: 'input',
    response: sessionUserSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.logout, {
    method: 'POST',
    url: '/api/logout',
    operationId: 'signOut',
    summary: 'End the session',
    tag: 'auth',
    response: successSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.verifyEmail, {
    method: 'POST',
    url: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    summary:
      'Open a verification link: the token from its `token=` parameter confirms the address, or completes a change of it',
    tag: 'auth',
    body: 'input',
    response: verifyEmailResultSchema,
    access: 'public',
  }),
  procedureRoute(api.account.resendVerification, {
    method: 'POST',
    url: '/api/auth/resend-verification',
    operationId: 'resendVerification',
    summary:
      'Mail the verification link again (to the address a change waits on, else the unverified one); rate limited',
    tag: 'auth',
    response: verifyEmailResultSchema,
    access: 'user',
  }),
  procedureRoute(api.account.pendingEmail, {
    method: 'GET',
    url: '/api/user/pending-email',
    operationId: 'getPendingEmail',
    summary: 'The new address an unconfirmed change of e-mail waits on, or null',
    tag: 'auth',
    response: pendingEmailSchema,
    access: 'user',
  }),
  procedureRoute(api.auth.forgotPassword, {
    method: 'POST',
    url: '/api/auth/forgot-password',
    operationId: 'forgotPassword',
    summary:
      'Mail a password reset link (valid 1 hour) if an account uses this address; the answer is the same either way; rate limited',
    tag: 'auth',
    body: 'input',
    response: successSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.checkResetLink, {
    method: 'POST',
    url: '/api/auth/check-reset-link',
    operationId: 'checkResetLink',
    summary:
      'Whether a reset link still works (unused, unexpired), before a new password is chosen; spends nothing; failed checks are rate limited',
    tag: 'auth',
    body: 'input',
    response: successSchema,
    access: 'public',
  }),
  procedureRoute(api.auth.resetPassword, {
    method: 'POST',
    url: '/api/auth/reset-password',
    operationId: 'resetPassword',
    summary:
      'Open a reset link: sets the new password, ends every session of the account, and signs this client in',
    tag: 'auth',
    body: 'input',
    response: signInResultSchema,
    access: 'public',
  }),
  // No procedure takes a file: the upload is limited before its body is read, then stored.
  sessionRoute({
    method: 'POST',
    url: '/api/user/profile-picture',
    operationId: 'uploadProfilePicture',
    summary: 'Upload a profile picture (multipart field profilePicture, an image up to 5 MB)',
    tag: 'auth',
    multipart: {
      fileFields: ['profilePicture'],
      maxFiles: 1,
      maxBytes: MAX_PROFILE_PICTURE_BYTES,
      tooLargeMessage: UI_TEXT.profilePicture.tooLargeDescription,
      tooManyMessage: UI_TEXT.profilePicture.onlyOne,
    },
    beforeBody: ({ ctx, user }) => limitProfilePictureUpload(ctx, user),
    response: profilePictureResponseSchema,
    run: async ({ deps, user, form }) => {
      const [file] = (await form.read()).files;
      if (!file) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: UI_TEXT.profilePicture.invalidTypeDescription,
        });
      }
      const updated = await setProfilePicture(deps, user.id, file);
      return { profilePicture: updated.profilePicture };
    },
  }),
  procedureRoute(api.account.removeProfilePicture, {
    method: 'DELETE',
    url: '/api/user/profile-picture',
    operationId: 'deleteProfilePicture',
    summary: 'Remove the profile picture',
    tag: 'auth',
    response: profilePictureResponseSchema,
    access: 'user',
    output: ({ profilePicture }) => ({ profilePicture }),
  }),
  // A zip streamed as it is made: no procedure answers a file.
  sessionRoute({
    method: 'GET',
    url: '/api/user/export',
    operationId: 'exportAccountData',
    summary:
      'Everything YardSale holds about the signed-in user, as a zip: yardsale-export.json and their photos (3 an hour)',
    tag: 'auth',
    download: {
      contentType: 'application/zip',
      description:
        'A zip of yardsale-export.json (profile, listings, saved listings, conversations, reviews, reports) and the photos',
    },
    run: async ({ ctx, deps, user }) => {
      await limitAccountExport(ctx, user);
      return {
        fileName: accountExportFileName(deps.now()),
        body: await exportAccount(deps, user.id),
      };
    },
  }),
];

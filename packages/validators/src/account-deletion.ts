import { z } from './zod';

import { PASSWORD_MAX_LENGTH } from './constants';
import { text } from './input';
import { UI_TEXT } from './ui-text';

const M = UI_TEXT.deleteAccount;

/** What the settings form asks to be typed, exactly, before an account is deleted. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/** `DELETE /api/user`: the password, and the second factor's code where two-factor sign-in is on. */
export const deleteAccountSchema = z.object({
  password: text()
    .min(1, M.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, UI_TEXT.register.longPassword),
  /** A 6-digit authenticator code or a recovery code; only asked for where two-factor sign-in is on. */
  code: text()
    .trim()
    .max(64, M.codeTooLong)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The settings form adds the typed confirmation, checked on the server as well. */
export const deleteAccountFormSchema = deleteAccountSchema.extend({
  confirmation: text().refine(
    (v) => v === DELETE_ACCOUNT_CONFIRMATION,
    M.confirmationMismatch(DELETE_ACCOUNT_CONFIRMATION),
  ),
});
export type DeleteAccountFormInput = z.input<typeof deleteAccountFormSchema>;

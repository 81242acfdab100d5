import { z } from './zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { text } from './input';
import { UI_TEXT } from './ui-text';

const M = UI_TEXT;

/** E-mail addresses are compared case-insensitively: stored trimmed and lower-cased. */
const email = (invalid: string) => text().trim().toLowerCase().pipe(z.email(invalid));

/**
 * A phone number as people write one: digits with spaces, dots, dashes or brackets between them and
 * an optional leading +, 7 to 15 digits in all (15 is the longest international number).
 */
function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

const optionalPhone = text()
  .trim()
  .max(40, M.profile.phoneTooLong)
  .refine((v) => v === '' || isPhoneNumber(v), M.profile.invalidPhone)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const signInSchema = z.object({
  email: email(M.signIn.invalidEmail),
  password: text()
    .min(PASSWORD_MIN_LENGTH, M.signIn.shortPassword)
    .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
  rememberMe: z.boolean().default(false),
});
export type SignInInput = z.input<typeof signInSchema>;

export const registerSchema = z.object({
  email: text()
    .trim()
    .min(1, M.register.emailRequired)
    .toLowerCase()
    .pipe(z.email(M.register.invalidEmail)),
  password: text()
    .min(PASSWORD_MIN_LENGTH, M.register.shortPassword)
    .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
  firstName: text().trim().min(1, M.register.firstNameRequired).max(80),
  lastName: text().trim().min(1, M.register.lastNameRequired).max(80),
  phone: optionalPhone,
  termsAccepted: z.literal(true, { error: M.register.termsRequired }),
  rememberMe: z.boolean().default(false),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const updateProfileSchema = z.object({
  firstName: text().trim().min(1, M.register.firstNameRequired).max(80),
  lastName: text().trim().min(1, M.register.lastNameRequired).max(80),
  email: text()
    .trim()
    .min(1, M.register.emailRequired)
    .toLowerCase()
    .pipe(z.email(M.register.invalidEmail)),
  phone: optionalPhone,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: text()
      .min(1, M.password.allRequired)
      .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
    newPassword: text()
      .min(1, M.password.allRequired)
      .min(PASSWORD_MIN_LENGTH, M.password.tooShort)
      .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
    confirmPassword: text()
      .min(1, M.password.allRequired)
      .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: M.password.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A token from a mailed link (`?token=`): opaque, URL-safe. */
const linkToken = text()
  .trim()
  .min(1, M.account.verify.missingToken)
  .max(200, M.account.verify.invalidLink);

export const verifyEmailSchema = z.object({ token: linkToken });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;
export const verifyEmailResultSchema = z.object({ email: z.string() });

export const forgotPasswordSchema = z.object({
  email: text()
    .trim()
    .min(1, M.register.emailRequired)
    .toLowerCase()
    .pipe(z.email(M.register.invalidEmail)),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: linkToken,
  password: text()
    .min(PASSWORD_MIN_LENGTH, M.register.shortPassword)
    .max(PASSWORD_MAX_LENGTH, M.register.longPassword),
  rememberMe: z.boolean().default(false),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** A reset link checked as its page opens, before any password is typed; nothing is spent. */
export const checkResetLinkSchema = z.object({ token: linkToken });
export type CheckResetLinkInput = z.input<typeof checkResetLinkSchema>;

/** Where an address change stands: the address waiting for its link to be opened, if any. */
export const pendingEmailSchema = z.object({ pendingEmail: z.string().nullable() });

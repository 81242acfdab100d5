import { z } from './zod';

import { PASSWORD_MAX_LENGTH } from './constants';
import { text } from './input';
import { sessionUserSchema } from './user';
import { TWO_FACTOR_TEXT } from './two-factor-text';

const M = TWO_FACTOR_TEXT;

/** What can complete a sign-in after the password; a recovery code stands in for either of the others. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery-code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The password was right, and the account asks for its second factor before any session exists. */
export const secondFactorRequiredSchema = z.object({
  secondFactorRequired: z.literal(true),
  /** Names this half-done sign-in (valid 10 minutes, 5 wrong codes). */
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorRequired = z.output<typeof secondFactorRequiredSchema>;

/** The answer to a sign-in (or a password reset): the signed-in user, or the second factor's step. */
export const signInResultSchema = z.union([sessionUserSchema, secondFactorRequiredSchema]);
export type SignInResult = z.output<typeof signInResultSchema>;

/** The authenticator's six digits, or a recovery code (letters and digits, dashes allowed). */
export const secondFactorCodeSchema = text().trim().min(1, M.codeRequired).max(40, M.wrongCode);

export const secondFactorSignInSchema = z.object({
  challenge: text().min(1).max(200),
  code: secondFactorCodeSchema,
});
export type SecondFactorSignInInput = z.input<typeof secondFactorSignInSchema>;

/** A new authenticator secret, before it is switched on. */
export const totpSetupSchema = z.object({
  /** Base32: typed into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});

export const totpEnableSchema = z.object({
  secret: text()
    .trim()
    .regex(/^[A-Z2-7]{16,128}$/, M.wrongCode),
  code: text()
    .trim()
    .regex(/^\d{6}$/, M.sixDigits),
});
export type TotpEnableInput = z.input<typeof totpEnableSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** New recovery codes in place of the old: the password first. */
export const recoveryCodesRenewSchema = z.object({
  password: text().min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type RecoveryCodesRenewInput = z.input<typeof recoveryCodesRenewSchema>;

export const totpDisableSchema = z.object({
  password: text().min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH),
  code: secondFactorCodeSchema,
});
export type TotpDisableInput = z.input<typeof totpDisableSchema>;

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});

/** The account's sign-in protections, for Settings. */
export const accountSecuritySchema = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySummarySchema),
});
export type AccountSecurity = z.output<typeof accountSecuritySchema>;

import { z } from './zod';

import { PASSWORD_MAX_LENGTH } from './constants';
import { text } from './input';
import { PASSKEY_TEXT } from './passkey-text';

const M = PASSKEY_TEXT;

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Enough for every device a person owns; a bound on what one account can store. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
/** A browser's whole WebAuthn answer is a few kilobytes; anything larger is not one. */
const RESPONSE_MAX_CHARS = 32_000;

/** base64url, as WebAuthn's JSON forms write binary values. */
const base64url = (max: number) =>
  text()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** A credential id: at most 1023 bytes, so 1364 base64url characters. */
export const passkeyIdSchema = base64url(1364).min(1, M.notFound);

/** The token naming a ceremony (or a half-done sign-in) the server keeps. */
const tokenSchema = text().min(1).max(200);

/** Extension outputs are for the site to read; it reads none, so only credProps is even kept. */
const clientExtensionResults = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/** What the browser answers `navigator.credentials.create()` with, as JSON; the server verifies it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: passkeyIdSchema,
  rawId: passkeyIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(RESPONSE_MAX_CHARS),
    attestationObject: base64url(RESPONSE_MAX_CHARS),
    transports: z.array(text().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** What the browser answers `navigator.credentials.get()` with, as JSON; the server verifies it. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: passkeyIdSchema,
  rawId: passkeyIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(RESPONSE_MAX_CHARS),
    authenticatorData: base64url(RESPONSE_MAX_CHARS),
    signature: base64url(2000),
    userHandle: base64url(1000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

export const passkeyNameSchema = text()
  .trim()
  .min(1, M.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, M.nameTooLong(PASSKEY_NAME_MAX_LENGTH));

export const passkeyRegisterSchema = z.object({
  token: tokenSchema,
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});

/**
 * A passkey was kept. Where the account had no recovery code left (its first passkey, say), ten new
 * ones come with it, shown this once; otherwise none.
 */
export const passkeyRegisteredSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
});

export const passkeyRemoveSchema = z.object({
  id: passkeyIdSchema,
  password: text().min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type PasskeyRemoveInput = z.input<typeof passkeyRemoveSchema>;

/** With a second-factor challenge: that account's passkeys; without: any passkey (password-less). */
export const passkeySignInOptionsInputSchema = z.object({ challenge: tokenSchema.optional() });

export const passkeySignInSchema = z.object({
  token: tokenSchema,
  response: passkeyAuthenticationResponseSchema,
  /** For a password-less sign-in; after a password, the sign-in form's choice stands. */
  remember: z.boolean().default(false),
});

/*
 * The options handed to the browser's WebAuthn call, as the server library writes them. What the
 * browser does not need (the credProps extension) is left out.
 */
const requirement = z.enum(['discouraged', 'preferred', 'required']);
const descriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

export const passkeyRegistrationOptionsSchema = z.object({
  token: z.string(),
  options: z.object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: requirement.optional(),
        userVerification: requirement.optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  }),
});

export const passkeySignInOptionsSchema = z.object({
  token: z.string(),
  options: z.object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: requirement.optional(),
  }),
});

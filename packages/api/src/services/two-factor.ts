import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import QRCode from 'qrcode';

import { verifyPassword } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { TWO_FACTOR_TEXT } from '@yardsale/validators';
import type { AccountSecurity } from '@yardsale/validators';
import type { ServerDeps } from './types';

const { users, recoveryCodes, passkeys } = schema;

/** The authenticator app's code: SHA-1, six digits, a new one every 30 seconds. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One period either side, for a phone clock a little off. */
const TOTP_WINDOW = 1;

/** A recovery code as stored: SHA-256 hex of the code trimmed, lower-cased, without dashes. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase().replaceAll('-', '')).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether `code` proves the second factor of the account: the authenticator app's current code, or
 * else one of its unused recovery codes, which this use spends (once, even under concurrent calls).
 */
export async function verifySecondFactor(
  deps: ServerDeps,
  userId: number,
  code: string,
): Promise<boolean> {
  const given = code.trim();
  if (given.length === 0) return false;
  const [user] = await deps.db
    .select({ totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;
  if (user.totpSecret && /^\d{6}$/.test(given)) {
    const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(user.totpSecret) });
    const delta = totp.validate({
      token: given,
      window: TOTP_WINDOW,
      timestamp: deps.now().getTime(),
    });
    if (delta !== null) return true;
  }
  const hash = recoveryCodeHash(given);
  const candidates = await deps.db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const match = candidates.find((c) => sameText(c.codeHash, hash));
  if (!match) return false;
  // Spent only if nobody spent it first: the row's usedAt decides between two racing uses.
  const spent = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** A fresh authenticator secret, its otpauth:// address and that address as a QR code (SVG). */
export async function newTotpSetup(
  email: string,
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ ...TOTP_SETTINGS, issuer: 'YardSale', label: email, secret });
  const uri = totp.toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: secret.base32, uri, qrSvg };
}

/** Whether `code` is the current code of `secret` (before the secret is stored). */
function totpMatches(secret: string, code: string, at: Date): boolean {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
  return totp.validate({ token: code, window: TOTP_WINDOW, timestamp: at.getTime() }) !== null;
}

/** Ten codes of ten letters and digits, shown as xxxxx-xxxxx; stored only as hashes. */
function newRecoveryCodes(): string[] {
  // No 0/o, 1/l/i: read off paper, they are easy to confuse.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

type Transaction = Parameters<Parameters<ServerDeps['db']['transaction']>[0]>[0];

/**
 * The account's recovery codes are replaced by ten new ones, answered to be shown this once. Part of
 * the transaction that turns a second factor on, so codes never exist without one.
 */
export async function issueRecoveryCodes(
  tx: Transaction,
  deps: ServerDeps,
  userId: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c), createdAt: deps.now() })));
  return codes;
}

/** Whether the account still has a recovery code it has not used. */
export async function hasRecoveryCodes(tx: Transaction, userId: number): Promise<boolean> {
  const [left] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return (left?.n ?? 0) > 0;
}

const twoFactorError = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** What Settings shows of the account's sign-in protections. */
export async function accountSecurity(deps: ServerDeps, userId: number): Promise<AccountSecurity> {
  const [user] = await deps.db
    .select({ totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  const [codes] = await deps.db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const keys = await deps.db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  // Codes are a way back from a lost phone or a lost passkey: they count while either is on.
  const secondStep = Boolean(user?.totpSecret) || keys.length > 0;
  return {
    totpEnabled: Boolean(user?.totpSecret),
    recoveryCodesLeft: secondStep ? (codes?.left ?? 0) : 0,
    passkeys: keys,
  };
}

/**
 * Switches the authenticator on once the app proves it holds the secret (its current code), and
 * answers the ten recovery codes, shown this once.
 */
export async function enableTotp(
  deps: ServerDeps,
  userId: number,
  secret: string,
  code: string,
): Promise<string[]> {
  if (!totpMatches(secret, code, deps.now())) throw twoFactorError(TWO_FACTOR_TEXT.wrongCode);
  return deps.db.transaction(async (tx) => {
    const switched = await tx
      .update(users)
      .set({ totpSecret: secret, updatedAt: deps.now() })
      .where(and(eq(users.id, userId), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (switched.length === 0) throw twoFactorError(TWO_FACTOR_TEXT.alreadyOn);
    return issueRecoveryCodes(tx, deps, userId);
  });
}

/** A wrong password or code, counted against the account's second-factor limit by the caller. */
export class WrongSecondFactorError extends TRPCError {
  constructor(message: string) {
    super({ code: 'BAD_REQUEST', message });
  }
}

/**
 * Ten new recovery codes in place of the old, for an account with a second factor; the password
 * first, so a stolen session cannot take a way in of its own.
 */
export async function renewRecoveryCodes(
  deps: ServerDeps,
  userId: number,
  password: string,
): Promise<string[]> {
  const [user] = await deps.db
    .select({
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      // Written out: drizzle drops the table names inside sql, which both tables' ids would need.
      passkey: sql<boolean>`exists (select 1 from passkeys where passkeys.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new WrongSecondFactorError(TWO_FACTOR_TEXT.wrongPassword);
  }
  if (!user.totpSecret && !user.passkey) throw twoFactorError(TWO_FACTOR_TEXT.noSecondStep);
  return deps.db.transaction((tx) => issueRecoveryCodes(tx, deps, userId));
}

/** Switches the authenticator off: the password and a current (or recovery) code, both. */
export async function disableTotp(
  deps: ServerDeps,
  userId: number,
  password: string,
  code: string,
): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.totpSecret) throw twoFactorError(TWO_FACTOR_TEXT.notOn);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new WrongSecondFactorError(TWO_FACTOR_TEXT.wrongPassword);
  }
  if (!(await verifySecondFactor(deps, userId, code))) {
    throw new WrongSecondFactorError(TWO_FACTOR_TEXT.wrongCode);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, updatedAt: deps.now() })
      .where(eq(users.id, userId));
    // With a passkey still asked for, the codes remain its way back (decision 094).
    const [key] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .limit(1);
    if (!key) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

import { createHash, randomBytes } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';

import { hashPassword } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import { errorForLog } from '../log-safety';
import { emailChangeNoticeMail, resetPasswordMail, verifyEmailMail } from './account-mail';
import { isUniqueViolation } from './db-errors';
import { MailUnavailableError } from './mail';
import type { MailMessage } from './mail';
import { sessionUserColumns } from './session-user';
import type { ServerDeps } from './types';

const HOUR_MS = 60 * 60 * 1000;
/** How long a mailed link works (decision 067). */
const LINK_LIFETIMES_MS = { 'verify-email': 24 * HOUR_MS, 'reset-password': HOUR_MS };

type Purpose = (typeof schema.ACCOUNT_TOKEN_PURPOSES)[number];
const M = UI_TEXT.account;

/** Only this hash is stored: a leaked table opens nothing, and lookups by it reveal nothing of the token. */
function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const mailUnavailable = () =>
  new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: M.mailUnavailable });

/** The page a mailed link opens, on the site's configured address (never one a request named). */
function linkTo(deps: ServerDeps, page: string, token: string): string {
  const url = new URL(page, deps.config.linkOrigin ?? 'http://localhost:3000');
  url.searchParams.set('token', token);
  return url.toString();
}

type Transaction = Parameters<Parameters<ServerDeps['db']['transaction']>[0]>[0];

/**
 * A new single-use token for the user. An earlier unused verification link stops working (only the
 * newest address asked for is confirmed); earlier reset links keep working until they expire or one
 * is used, so a stranger asking for another cannot spoil the one the owner is about to open (decision 075).
 */
async function issueToken(
  deps: ServerDeps,
  userId: number,
  purpose: Purpose,
  email: string | null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(schema.accountTokens)
      .where(
        and(
          eq(schema.accountTokens.userId, userId),
          eq(schema.accountTokens.purpose, purpose),
          isNull(schema.accountTokens.usedAt),
          purpose === 'reset-password' ? lte(schema.accountTokens.expiresAt, now) : undefined,
        ),
      );
    await tx.insert(schema.accountTokens).values({
      userId,
      purpose,
      tokenHash: hashLinkToken(token),
      email,
      expiresAt: new Date(now.getTime() + LINK_LIFETIMES_MS[purpose]),
      createdAt: now,
    });
  });
  return token;
}

/**
 * Every reset link of the account still waiting stops working: its password was just set. Part of
 * the transaction that sets it; `reopenResetMail` follows once that is committed.
 */
export async function endResetLinks(tx: Transaction, userId: number): Promise<void> {
  await tx
    .delete(schema.accountTokens)
    .where(
      and(
        eq(schema.accountTokens.userId, userId),
        eq(schema.accountTokens.purpose, 'reset-password'),
        isNull(schema.accountTokens.usedAt),
      ),
    );
}

/**
 * With its links ended, the account may be mailed a new one at once: the mail window stays closed
 * only while a working link is in the inbox (decision 075).
 */
export async function reopenResetMail(deps: ServerDeps, userId: number): Promise<void> {
  await deps.rateLimits.reset('passwordResetMailByAccount', String(userId));
}

/** Sends, turning "mail is off" and a failed SMTP hand-over into one answer the user can read. */
async function sendOrRefuse(deps: ServerDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mail.send(message);
  } catch (err) {
    if (!(err instanceof MailUnavailableError)) {
      deps.logger.error({ err: errorForLog(err) }, 'could not send mail');
    }
    throw mailUnavailable();
  }
}

async function sendVerification(
  deps: ServerDeps,
  user: { id: number; firstName: string },
  address: string,
  change: boolean,
): Promise<void> {
  const token = await issueToken(deps, user.id, 'verify-email', address);
  await sendOrRefuse(
    deps,
    verifyEmailMail({
      to: address,
      firstName: user.firstName,
      url: linkTo(deps, '/verify-email', token),
      change,
    }),
  );
}

/** At registration: the account exists whatever happens to the mail; the banner can send it again. */
export async function sendWelcomeVerification(deps: ServerDeps, user: SessionUser): Promise<void> {
  await sendVerification(deps, user, user.email, false).catch((err: unknown) => {
    deps.logger.warn({ err: errorForLog(err), userId: user.id }, 'no verification mail at sign-up');
  });
}

/** The address an unconfirmed change is waiting on, if any. */
export async function pendingEmail(deps: ServerDeps, user: SessionUser): Promise<string | null> {
  const [row] = await deps.db
    .select({ email: schema.accountTokens.email })
    .from(schema.accountTokens)
    .where(
      and(
        eq(schema.accountTokens.userId, user.id),
        eq(schema.accountTokens.purpose, 'verify-email'),
        isNull(schema.accountTokens.usedAt),
        gt(schema.accountTokens.expiresAt, deps.now()),
        ne(schema.accountTokens.email, user.email),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

/** The banner's Resend: to the address a change waits on, else to the unverified current one. */
export async function resendVerification(
  deps: ServerDeps,
  user: SessionUser,
  /** Counts the send against its limit; called only when there is something to send. */
  limit: () => Promise<void>,
): Promise<string> {
  const waiting = await pendingEmail(deps, user);
  if (!waiting && user.emailVerified) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.verify.alreadyVerified });
  }
  await limit();
  if (waiting) {
    await sendVerification(deps, user, waiting, true);
    return waiting;
  }
  await sendVerification(deps, user, user.email, false);
  return user.email;
}

/**
 * A new address takes effect only once its link is opened; the current one is told, if it was ever
 * confirmed (an unconfirmed one may be a typo: a stranger's inbox). Asking for the current address
 * again cancels a change under way.
 */
export async function requestEmailChange(
  deps: ServerDeps,
  user: SessionUser,
  newEmail: string,
): Promise<void> {
  if (newEmail === user.email) {
    await deps.db
      .delete(schema.accountTokens)
      .where(
        and(
          eq(schema.accountTokens.userId, user.id),
          eq(schema.accountTokens.purpose, 'verify-email'),
          isNull(schema.accountTokens.usedAt),
          ne(schema.accountTokens.email, user.email),
        ),
      );
    return;
  }
  const [taken] = await deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, newEmail));
  if (taken) throw new TRPCError({ code: 'CONFLICT', message: UI_TEXT.register.emailTaken });
  if (deps.mail.mode === 'off') throw mailUnavailable();
  await sendVerification(deps, user, newEmail, true);
  if (user.emailVerified) {
    await deps.mail
      .send(emailChangeNoticeMail({ to: user.email, firstName: user.firstName, newEmail }))
      .catch((err: unknown) => {
        deps.logger.warn({ err: errorForLog(err), userId: user.id }, 'no change notice sent');
      });
  }
}

/** Marks the token used, once; null when it is unknown, used, expired or of another purpose. */
async function consumeToken(tx: Transaction, deps: ServerDeps, purpose: Purpose, token: string) {
  const [row] = await tx
    .update(schema.accountTokens)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(schema.accountTokens.tokenHash, hashLinkToken(token)),
        eq(schema.accountTokens.purpose, purpose),
        isNull(schema.accountTokens.usedAt),
        gt(schema.accountTokens.expiresAt, deps.now()),
      ),
    )
    .returning({ userId: schema.accountTokens.userId, email: schema.accountTokens.email });
  return row ?? null;
}

/** Opens a verification link: confirms the address, or moves the account to the new one. */
export async function verifyEmail(deps: ServerDeps, token: string): Promise<{ email: string }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const used = await consumeToken(tx, deps, 'verify-email', token);
      if (!used?.email) throw new TRPCError({ code: 'BAD_REQUEST', message: M.verify.invalidLink });
      const [user] = await tx
        .update(schema.users)
        .set({ email: used.email, emailVerifiedAt: deps.now(), updatedAt: deps.now() })
        .where(and(eq(schema.users.id, used.userId), isNull(schema.users.deletedAt)))
        .returning({ email: schema.users.email });
      if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: M.verify.invalidLink });
      return user;
    });
  } catch (err) {
    // Someone else registered the new address after the change was asked for.
    if (isUniqueViolation(err)) {
      throw new TRPCError({ code: 'CONFLICT', message: M.verify.addressTaken });
    }
    throw err;
  }
}

/**
 * Always the same answer, sent at once: whether an account exists is never told, and the mail is
 * sent after the answer so its time does not tell either. One reset mail per account per window
 * (decision 075): a request inside it sends nothing, the link already mailed still working.
 */
export async function forgotPassword(deps: ServerDeps, email: string): Promise<void> {
  if (deps.mail.mode === 'off') throw mailUnavailable();
  const [user] = await deps.db
    .select({ id: schema.users.id, firstName: schema.users.firstName, email: schema.users.email })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.email, email),
        // The system account has no password to reset; a deleted account is gone.
        ne(schema.users.role, 'system'),
        isNull(schema.users.deletedAt),
        sql`${schema.users.passwordHash} is not null`,
      ),
    );
  if (!user) return;
  const account = String(user.id);
  const allowed = await deps.rateLimits.consume('passwordResetMailByAccount', account).then(
    () => true,
    () => false,
  );
  if (!allowed) return;
  void (async () => {
    const token = await issueToken(deps, user.id, 'reset-password', user.email);
    await deps.mail.send(
      resetPasswordMail({
        to: user.email,
        firstName: user.firstName,
        url: linkTo(deps, '/reset-password', token),
      }),
    );
  })().catch(async (err: unknown) => {
    deps.logger.error({ err: errorForLog(err), userId: user.id }, 'could not send a reset link');
    // Nothing reached the inbox: the next request may try again.
    await deps.rateLimits.giveBack('passwordResetMailByAccount', account).catch(() => undefined);
  });
}

/**
 * Whether a reset link would still set a password: unused, unexpired, and mailed to the account's
 * current address. Nothing is spent; `resetPassword` decides again when the password comes.
 */
export async function checkResetLink(deps: ServerDeps, token: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: schema.accountTokens.id })
    .from(schema.accountTokens)
    .innerJoin(schema.users, eq(schema.users.id, schema.accountTokens.userId))
    .where(
      and(
        eq(schema.accountTokens.tokenHash, hashLinkToken(token)),
        eq(schema.accountTokens.purpose, 'reset-password'),
        isNull(schema.accountTokens.usedAt),
        gt(schema.accountTokens.expiresAt, deps.now()),
        eq(schema.users.email, sql`coalesce(${schema.accountTokens.email}, '')`),
        isNull(schema.users.deletedAt),
      ),
    );
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: M.reset.invalidLink });
}

/**
 * Opens a reset link: the new password replaces the old, every session of the account ends, and the
 * address counts as verified (the link reached its inbox). The caller signs this device in.
 */
export async function resetPassword(
  deps: ServerDeps,
  token: string,
  password: string,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    const used = await consumeToken(tx, deps, 'reset-password', token);
    if (!used) throw new TRPCError({ code: 'BAD_REQUEST', message: M.reset.invalidLink });
    const [updated] = await tx
      .update(schema.users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${schema.users.emailVerifiedAt}, ${deps.now().toISOString()}::timestamptz)`,
        updatedAt: deps.now(),
      })
      .where(
        and(
          eq(schema.users.id, used.userId),
          // A link sent before an address change no longer matches the account's address.
          eq(schema.users.email, used.email ?? ''),
          isNull(schema.users.deletedAt),
        ),
      )
      .returning(sessionUserColumns);
    if (!updated) throw new TRPCError({ code: 'BAD_REQUEST', message: M.reset.invalidLink });
    await endResetLinks(tx, updated.id);
    return updated;
  });
  await reopenResetMail(deps, user.id);
  await deps.sessions.invalidateUserSessions(user.id);
  await deps.events.sessionsEnded([user.id]);
  return user;
}

import { randomUUID } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

import { hashPassword, verifyPassword } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type {
  ChangePasswordInput,
  PublicUser,
  RegisterInput,
  SessionUser,
  UpdateProfileInput,
} from '@yardsale/validators';
import {
  MAX_PROFILE_PICTURE_BYTES,
  UI_TEXT,
  changePasswordSchema,
  registerSchema,
  updateProfileSchema,
} from '@yardsale/validators';

import { errorForLog } from '../log-safety';
import { endResetLinks, reopenResetMail, requestEmailChange } from './account-links';
import { isUniqueViolation } from './db-errors';
import { processImage } from './images';
import { sessionUserColumns } from './session-user';
import type { ServerDeps } from './types';

const emailTaken = () => new TRPCError({ code: 'CONFLICT', message: UI_TEXT.register.emailTaken });

const accountNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.profile.accountNotFound });

/** A seller's public page: no e-mail, no phone; the system account and deleted accounts have none. */
export async function publicProfile(deps: ServerDeps, id: number): Promise<PublicUser> {
  const [user] = await deps.db
    .select({
      id: schema.users.id,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      profilePicture: schema.users.profilePicture,
      createdAt: schema.users.createdAt,
    })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.id, id),
        ne(schema.users.role, 'system'),
        // A deleted account has no page (decision 068).
        isNull(schema.users.deletedAt),
      ),
    );
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.users.notFoundTitle });
  return user;
}

export async function registerUser(deps: ServerDeps, input: RegisterInput): Promise<SessionUser> {
  const values = registerSchema.parse(input);
  const [existing] = await deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, values.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(values.password);
  try {
    const [user] = await deps.db
      .insert(schema.users)
      .values({
        email: values.email,
        passwordHash,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone ?? null,
        // Nobody becomes admin by choosing an address (decision 029), the configured one included.
        role: 'user',
        termsAcceptedAt: deps.now(),
      })
      .returning(sessionUserColumns);
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** A hash of a random password, verified against when the e-mail is unknown so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

export async function authenticate(
  deps: ServerDeps,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const [row] = await deps.db
    .select({ ...sessionUserColumns, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  if (!row?.passwordHash || row.role === 'system') {
    decoyHash ??= hashPassword(randomUUID());
    await verifyPassword(await decoyHash, password);
    return null;
  }
  if (!(await verifyPassword(row.passwordHash, password))) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/**
 * Names and phone change at once; a new e-mail address only once its mailed link is opened
 * (requestEmailChange), so a typo never locks anyone out of their account.
 */
export async function updateProfile(
  deps: ServerDeps,
  user: SessionUser,
  input: UpdateProfileInput,
): Promise<SessionUser> {
  const values = updateProfileSchema.parse(input);
  // The address first: when it is refused (taken, mail unavailable), nothing else has changed.
  await requestEmailChange(deps, user, values.email);
  // The role stays with the account whatever its address (decision 029).
  const [updated] = await deps.db
    .update(schema.users)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone ?? null,
      updatedAt: deps.now(),
    })
    .where(eq(schema.users.id, user.id))
    .returning(sessionUserColumns);
  if (!updated) throw accountNotFound();
  return updated;
}

/** The current password given to change it was wrong: counted against the account's tries. */
export class WrongCurrentPasswordError extends TRPCError {
  constructor() {
    super({ code: 'BAD_REQUEST', message: UI_TEXT.password.wrongCurrent });
  }
}

export async function changePassword(
  deps: ServerDeps,
  user: SessionUser,
  sessionToken: string,
  input: ChangePasswordInput,
): Promise<void> {
  const values = changePasswordSchema.parse(input);
  const [row] = await deps.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, values.currentPassword))) {
    throw new WrongCurrentPasswordError();
  }
  const passwordHash = await hashPassword(values.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ passwordHash, updatedAt: deps.now() })
      .where(eq(schema.users.id, user.id));
    // A link mailed before the change must not undo it for whoever holds that mail.
    await endResetLinks(tx, user.id);
  });
  await reopenResetMail(deps, user.id);
  await deps.sessions.invalidateUserSessions(user.id, sessionToken);
  // The other sessions' websockets close too, on every instance.
  await deps.events.sessionsEnded([user.id]);
}

async function replaceProfilePicture(
  deps: ServerDeps,
  userId: number,
  url: string | null,
): Promise<SessionUser> {
  // The row is held from reading the old picture to writing the new one: two uploads at once each
  // replace what the other left, and an account deleted meanwhile keeps no picture (nor its file).
  const { before, updated } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ profilePicture: schema.users.profilePicture, deletedAt: schema.users.deletedAt })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for('update');
    if (!row) throw accountNotFound();
    if (row.deletedAt) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
    }
    const [written] = await tx
      .update(schema.users)
      .set({ profilePicture: url, updatedAt: deps.now() })
      .where(eq(schema.users.id, userId))
      .returning(sessionUserColumns);
    if (!written) throw accountNotFound();
    return { before: row, updated: written };
  });
  // The old file goes only after the row points elsewhere: a failure never leaves a broken avatar.
  const oldKey = before.profilePicture ? deps.storage.keyFromUrl(before.profilePicture) : null;
  if (oldKey) {
    await deps.storage.delete(oldKey).catch((err: unknown) => {
      deps.logger.warn(
        { err: errorForLog(err), key: oldKey },
        'could not delete old profile picture',
      );
    });
  }
  return updated;
}

export async function setProfilePicture(
  deps: ServerDeps,
  userId: number,
  bytes: Buffer,
): Promise<SessionUser> {
  const M = UI_TEXT.profilePicture;
  if (bytes.length > MAX_PROFILE_PICTURE_BYTES) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: M.tooLargeDescription });
  }
  const image = await processImage(
    bytes,
    { width: 512, height: 512, fit: 'cover' },
    M.invalidTypeDescription,
  );
  const key = `avatars/${userId}-${randomUUID()}.webp`;
  await deps.storage.put(key, image.data, 'image/webp');
  try {
    return await replaceProfilePicture(deps, userId, deps.storage.urlFor(key));
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

export async function removeProfilePicture(deps: ServerDeps, userId: number): Promise<SessionUser> {
  return replaceProfilePicture(deps, userId, null);
}

// Two instances starting together on one database settle the admin role once.
const ADMIN_ROLE_LOCK_KEY = 7_267_313;

type AdminRoleOutcome =
  /** The database had no admin; the account with the configured address became it. */
  | 'granted'
  /** The account with the configured address already is an admin. */
  | 'kept'
  /** Another account is the admin: the configured address names only the first admin, it does not move the role. */
  | 'other-admin'
  /** No admin and no account with the configured address (the start creates that account first). */
  | 'no-account';

/**
 * Called at server start, after the admin account was created if it had to be: the account with the configured
 * address becomes the admin only of a database that has none (decision 029). An address registered later, or one
 * an admin moved away from, never makes an admin.
 */
export async function ensureAdminRole(deps: ServerDeps): Promise<AdminRoleOutcome> {
  const adminEmail = deps.config.adminEmail.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK_KEY})`);
    const admins = await tx
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.role, 'admin'));
    if (admins.some((a) => a.email === adminEmail)) return 'kept';
    if (admins.length > 0) return 'other-admin';
    const promoted = await tx
      .update(schema.users)
      .set({ role: 'admin' })
      .where(and(eq(schema.users.email, adminEmail), eq(schema.users.role, 'user')))
      .returning({ id: schema.users.id });
    return promoted.length > 0 ? 'granted' : 'no-account';
  });
}

/**
 * The accounts every installation needs, production included: the system account announcements come
 * from, and the admin when the database has none (decisions 029 and 030). The demo seed inserts the
 * same rows (`systemAccountRow`, `adminAccountRow`) under the same lock.
 */
import { randomBytes } from 'node:crypto';

import { SYSTEM_ACCOUNT } from '@yardsale/validators';
import { eq, or, sql } from 'drizzle-orm';

import type { Database, Executor } from '../client';
import { hashPassword } from '../password';
import { users } from '../schema';
import type { NewUser } from '../schema';

// Two servers starting at once on one empty database must not both seed it.
export const SEED_LOCK_KEY = 7_267_312;

export interface AccountsOptions {
  adminEmail: string;
  /** Without it a random password is generated and returned in the result. */
  adminPassword?: string;
}

export interface AccountsResult {
  systemCreated: boolean;
  adminCreated: boolean;
  /** Set only when the admin was created here with a generated password: show it once. */
  adminPassword?: string;
}

/**
 * The system account when missing, and the admin account when the database has no admin and no account
 * holds the admin address (an existing holder is for the server's start to promote or not: decision 029).
 * Safe on every start and from several instances at once.
 */
export async function seedAccounts(
  db: Database,
  options: AccountsOptions,
): Promise<AccountsResult> {
  const adminEmail = options.adminEmail.trim().toLowerCase();
  const needsAdmin = async (tx: Executor) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.role, 'admin'), eq(users.email, adminEmail)))
      .limit(1);
    return !admin;
  };
  const generatedPassword = options.adminPassword
    ? undefined
    : randomBytes(18).toString('base64url');
  // Hashing is slow: only when an admin is likely to be made.
  const adminHash = (await needsAdmin(db))
    ? await hashPassword(options.adminPassword ?? generatedPassword ?? '')
    : null;
  const accountsCreatedAt = new Date();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [system] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'system'))
      .limit(1);
    if (!system) await tx.insert(users).values(systemAccountRow(accountsCreatedAt));
    const adminCreated = adminHash !== null && (await needsAdmin(tx));
    if (adminCreated)
      await tx.insert(users).values(adminAccountRow(adminEmail, adminHash, accountsCreatedAt));
    return { systemCreated: !system, adminCreated };
  });
  return result.adminCreated && generatedPassword
    ? { ...result, adminPassword: generatedPassword }
    : result;
}

export function systemAccountRow(createdAt: Date): NewUser {
  return {
    email: SYSTEM_ACCOUNT.email,
    passwordHash: null,
    firstName: SYSTEM_ACCOUNT.firstName,
    lastName: SYSTEM_ACCOUNT.lastName,
    role: 'system',
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

export function adminAccountRow(email: string, passwordHash: string, createdAt: Date): NewUser {
  return {
    email,
    passwordHash,
    firstName: 'YardSale',
    lastName: 'Admin',
    role: 'admin',
    termsAcceptedAt: createdAt,
    // The operator's own address: configured, not typed by a stranger (decision 067).
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

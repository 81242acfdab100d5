/**
 * What a database starts with.
 *
 * `seedAccounts`: the accounts every installation needs, production included: the system account
 * announcements come from, and the admin when the database has none (decisions 029 and 030).
 *
 * `seedDatabase`: demo content for a fresh database, only when asked (development, `pnpm db:seed`): the
 * system account, the admin, twelve invented neighbours in Madison, Wisconsin (real ZIP codes, so every listing is on the
 * map) with garage sales this week and this weekend, single items in every category, photos, reviews, saves, conversations and one
 * pending report. Every demo neighbour signs in with the published password "demo-password" (e-mail
 * addresses like maria.gonzalez@example.com), so it never runs in production. It runs only on an empty
 * database (no users), never into an existing one.
 *
 * The admin's password comes from the caller or is generated and returned once.
 */
import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { Database, Executor } from '../client';
import { hashPassword } from '../password';
import { users } from '../schema';
import type { FileStorage } from '../storage';
import { SEED_LOCK_KEY } from './accounts';
import { SELLERS } from './content';
import { insertDemo } from './demo';
import { planListings } from './listing-plan';
import { storePhotos } from './photos';

export { seedAccounts } from './accounts';
export type { AccountsOptions, AccountsResult } from './accounts';
export { DEMO_EMAILS, demoEmail } from './demo';

export const DEMO_PASSWORD = 'demo-password';

export interface SeedOptions {
  storage: FileStorage;
  adminEmail: string;
  /** Without it a random password is generated and returned in the result. */
  adminPassword?: string;
  /** The moment the demo is built around (default: now). */
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  /** Set only when the admin password was generated here: show it once, it is not stored anywhere else. */
  adminPassword?: string;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const started = performance.now();

  if (await hasUsers(db)) return { seeded: false };

  const generatedPassword = options.adminPassword
    ? undefined
    : randomBytes(18).toString('base64url');
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(options.adminPassword ?? generatedPassword ?? ''),
    // One hash for every demo account: they share a documented password anyway.
    hashPassword(DEMO_PASSWORD),
  ]);

  const plannedListings = planListings(now);
  const storedKeys: string[] = [];
  let seeded = false;
  try {
    const photos = await storePhotos(plannedListings, options.storage, storedKeys);
    seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (await hasUsers(tx)) return false;
      await insertDemo(tx, {
        now,
        adminEmail: options.adminEmail.trim().toLowerCase(),
        adminHash,
        demoHash,
        plannedListings,
        photos,
      });
      return true;
    });
  } finally {
    // Photos of a seed that did not happen would be orphans.
    if (!seeded) await Promise.all(storedKeys.map((key) => options.storage.delete(key)));
  }
  if (!seeded) return { seeded: false };

  log(
    `Seeded ${SELLERS.length + 2} users, ${plannedListings.length} listings and ${storedKeys.length / 2} photos in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return generatedPassword ? { seeded: true, adminPassword: generatedPassword } : { seeded: true };
}

async function hasUsers(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

import { createHash, randomBytes } from 'node:crypto';

import { and, eq, gt, lt, sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { SecondFactorMethod } from '@yardsale/validators';

import type { ServerDeps } from './types';

const { signInChallenges, users } = schema;

/** How long a half-done sign-in (or a passkey ceremony) waits for its second step. */
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes one half-done sign-in may try before it must start again with the password. */
const CHALLENGE_MAX_ATTEMPTS = 5;

type Purpose = (typeof schema.SIGN_IN_CHALLENGE_PURPOSES)[number];

/** Only the hash is kept: a leaked table cannot finish anyone's sign-in. */
export function hashChallengeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The second factors an account has: its authenticator app, and/or passkeys, and the recovery codes
 * left to stand in for either (decision 094).
 */
export async function secondFactorMethods(
  deps: ServerDeps,
  userId: number,
): Promise<SecondFactorMethod[]> {
  const [row] = await deps.db
    .select({
      totp: sql<boolean>`${users.totpSecret} is not null`,
      // Written out: drizzle drops the table names inside sql, which both tables' ids would need.
      passkey: sql<boolean>`exists (select 1 from passkeys where passkeys.user_id = users.id)`,
      recoveryCode: sql<boolean>`exists (select 1 from recovery_codes where recovery_codes.user_id = users.id and recovery_codes.used_at is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  // Only beside a factor: codes alone never turn the second step on.
  if (methods.length > 0 && row?.recoveryCode) methods.push('recovery-code');
  return methods;
}

/**
 * Opens a challenge: a sign-in waiting for its second factor (`userId` set), or a WebAuthn
 * ceremony (with its `challenge`). Expired ones are cleared on the way.
 */
export async function openChallenge(
  deps: ServerDeps,
  values: { purpose: Purpose; userId: number | null; remember?: boolean; challenge?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await deps.db.insert(signInChallenges).values({
    id: hashChallengeToken(token),
    userId: values.userId,
    purpose: values.purpose,
    challenge: values.challenge ?? null,
    remember: values.remember ?? false,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

export interface OpenChallenge {
  userId: number | null;
  remember: boolean;
  challenge: string | null;
}

const openChallengeColumns = {
  userId: signInChallenges.userId,
  remember: signInChallenges.remember,
  challenge: signInChallenges.challenge,
};

/** The token's challenge of this purpose, while it is unexpired and has attempts left. */
const answerable = (deps: ServerDeps, purpose: Purpose, token: string) =>
  and(
    eq(signInChallenges.id, hashChallengeToken(token)),
    eq(signInChallenges.purpose, purpose),
    gt(signInChallenges.expiresAt, deps.now()),
    lt(signInChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
  );

/** The challenge behind a token, while it is unexpired and has attempts left; null otherwise. */
export async function findChallenge(
  deps: ServerDeps,
  purpose: Purpose,
  token: string,
): Promise<OpenChallenge | null> {
  const [row] = await deps.db
    .select(openChallengeColumns)
    .from(signInChallenges)
    .where(answerable(deps, purpose, token));
  return row ?? null;
}

/**
 * Takes one of the challenge's attempts before its answer is checked: the challenge behind the token
 * if it is unexpired and had an attempt left, else null. One conditional UPDATE decides, so concurrent
 * answers never get more than CHALLENGE_MAX_ATTEMPTS checks between them. A right answer then spends
 * the whole challenge (closeChallenge), so only wrong ones are left counted.
 */
export async function takeChallengeAttempt(
  deps: ServerDeps,
  purpose: Purpose,
  token: string,
): Promise<OpenChallenge | null> {
  const [row] = await deps.db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(answerable(deps, purpose, token))
    .returning(openChallengeColumns);
  return row ?? null;
}

/**
 * Spends the challenge: true for the one caller that removed it, so two racing answers never both
 * open a session.
 */
export async function closeChallenge(deps: ServerDeps, token: string): Promise<boolean> {
  const removed = await deps.db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, hashChallengeToken(token)))
    .returning({ id: signInChallenges.id });
  return removed.length > 0;
}

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { TRPCError } from '@trpc/server';
import { and, count, eq, isNull } from 'drizzle-orm';

import { verifyPassword } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { MAX_PASSKEYS_PER_ACCOUNT, PASSKEY_TEXT, TWO_FACTOR_TEXT } from '@yardsale/validators';
import type { SessionUser } from '@yardsale/validators';

import { finishSecondFactor } from './second-factor-session';
import type { CompletedSignIn } from './second-factor-session';
import { sessionUserColumns } from './session-user';
import {
  closeChallenge,
  findChallenge,
  hashChallengeToken,
  openChallenge,
  takeChallengeAttempt,
} from './sign-in-challenges';
import type { OpenChallenge } from './sign-in-challenges';
import { WrongSecondFactorError, hasRecoveryCodes, issueRecoveryCodes } from './two-factor';
import type { ApiConfig, ServerDeps } from './types';

const { passkeys, recoveryCodes, signInChallenges, users } = schema;
const M = PASSKEY_TEXT;

const RP_NAME = 'YardSale';
/**
 * EdDSA, ES256 and RS256, what every authenticator offers. Named rather than left to the library,
 * whose default probes Node's experimental SubtleCrypto.supports(), which prints a warning.
 */
const ALGORITHMS = [-8, -7, -257];
/** As mailed links: the site's public address when the configuration names none (tests). */
const FALLBACK_ORIGIN = 'http://localhost:3000';

const refused = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const expired = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.expired });

/**
 * Passkeys belong to the site's public address (APP_ORIGIN): its host name is the relying party,
 * and only pages served from that origin may use them (decision 071).
 */
export function relyingParty(config: ApiConfig): { rpID: string; origin: string } {
  const url = new URL(config.linkOrigin ?? FALLBACK_ORIGIN);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The account's WebAuthn user handle. Authenticators keep it with the passkey and hand it back on a
 * password-less sign-in; an id reveals nothing a passkey's own id does not.
 */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`yardsale-user-${String(userId)}`);
}

async function passkeysOf(deps: ServerDeps, userId: number) {
  return deps.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

/** The browser's options for creating a passkey; the challenge waits under the returned token. */
export async function newRegistrationOptions(
  deps: ServerDeps,
  user: SessionUser,
): Promise<{ token: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await passkeysOf(deps, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) {
    throw refused(M.tooMany(MAX_PASSKEYS_PER_ACCOUNT));
  }
  const { rpID } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: userHandle(user.id),
    attestationType: 'none',
    supportedAlgorithmIDs: ALGORITHMS,
    // The same authenticator twice would only be a second row for one key.
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const token = await openChallenge(deps, {
    purpose: 'passkey-register',
    userId: user.id,
    challenge: options.challenge,
  });
  return { token, options };
}

/**
 * Verifies the browser's new passkey against the challenge the same account was given, and keeps it.
 * An account with no recovery code left gets ten with it (decision 094): a passkey turns the second
 * step on, and the codes are the way back if its device is lost. Answers them, or none.
 */
export async function addPasskey(
  deps: ServerDeps,
  userId: number,
  input: { token: string; name: string; response: RegistrationResponseJSON },
): Promise<string[]> {
  const open = await findChallenge(deps, 'passkey-register', input.token);
  if (open?.userId !== userId || !open.challenge) throw expired();
  // Spent whatever the outcome: an answer to one challenge is never tried twice.
  if (!(await closeChallenge(deps, input.token))) throw expired();
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: open.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verification?.verified) throw refused(M.notAccepted);
  const { credential } = verification.registrationInfo;

  return deps.db.transaction(async (tx) => {
    // The account's row is locked while its passkeys are counted, so adds racing each other are
    // counted one after another and never pass the cap together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if ((kept?.n ?? 0) >= MAX_PASSKEYS_PER_ACCOUNT) {
      throw refused(M.tooMany(MAX_PASSKEYS_PER_ACCOUNT));
    }
    const added = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        createdAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (added.length === 0) throw refused(M.alreadyAdded);
    return (await hasRecoveryCodes(tx, userId)) ? [] : issueRecoveryCodes(tx, deps, userId);
  });
}

/**
 * The browser's options for signing in with a passkey. With the token of a sign-in waiting for its
 * second factor: that account's passkeys, the WebAuthn challenge kept on the same sign-in. Without:
 * any passkey the device holds for this site (password-less), user verification required, since the
 * passkey is then the only factor given.
 */
export async function newSignInOptions(
  deps: ServerDeps,
  secondFactorToken: string | undefined,
): Promise<{ token: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const { rpID } = relyingParty(deps.config);
  if (secondFactorToken === undefined) {
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    const token = await openChallenge(deps, {
      purpose: 'passkey-sign-in',
      userId: null,
      challenge: options.challenge,
    });
    return { token, options };
  }
  const open = await findChallenge(deps, 'second-factor', secondFactorToken);
  if (!open?.userId) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_TEXT.challengeExpired });
  }
  const allowCredentials = await passkeysOf(deps, open.userId);
  if (allowCredentials.length === 0) throw refused(M.noPasskeys);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials,
    userVerification: 'preferred',
  });
  // A newer request replaces an older one: only the last options shown can be answered.
  await deps.db
    .update(signInChallenges)
    .set({ challenge: options.challenge })
    .where(
      and(
        eq(signInChallenges.id, hashChallengeToken(secondFactorToken)),
        eq(signInChallenges.purpose, 'second-factor'),
      ),
    );
  return { token: secondFactorToken, options };
}

/**
 * Checks a passkey's answer to the challenge behind `token`: the passkey must exist (and, as a
 * second factor, belong to the account that gave its password) and its signature must verify.
 * Every answer takes one of the challenge's attempts before it is checked.
 */
async function verifySignIn(
  deps: ServerDeps,
  token: string,
  response: AuthenticationResponseJSON,
): Promise<{ userId: number; secondFactor: OpenChallenge | null }> {
  const secondFactor = await takeChallengeAttempt(deps, 'second-factor', token);
  const open = secondFactor ?? (await takeChallengeAttempt(deps, 'passkey-sign-in', token));
  if (!open?.challenge) throw expired();
  const notRecognized = () => refused(M.notRecognized);

  const [key] = await deps.db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!key || (secondFactor && key.userId !== secondFactor.userId)) throw notRecognized();
  // The handle the authenticator stored at registration must name the passkey's own account.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(key.userId)).toString('base64url')) {
    throw notRecognized();
  }
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: open.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: Buffer.from(key.publicKey, 'base64url'),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: !secondFactor,
  }).catch(() => null);
  if (!verification?.verified) throw notRecognized();

  await deps.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: deps.now() })
    .where(eq(passkeys.id, key.id));
  return { userId: key.userId, secondFactor };
}

/**
 * Signs in with a passkey: as the second factor of a sign-in waiting for it, or on its own
 * (password-less). Either way the sign-in completes only here, and the challenge is spent; the caller
 * starts the session.
 */
export async function signInWithPasskey(
  deps: ServerDeps,
  input: { token: string; response: AuthenticationResponseJSON; remember: boolean },
): Promise<CompletedSignIn> {
  const { userId, secondFactor } = await verifySignIn(deps, input.token, input.response);
  if (secondFactor) return finishSecondFactor(deps, input.token, secondFactor);
  if (!(await closeChallenge(deps, input.token))) throw expired();
  const [user] = await deps.db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw refused(M.notRecognized);
  return { user, remember: input.remember };
}

/**
 * Removes one of the account's passkeys; the password first, so a stolen session cannot. With the
 * last one gone and no authenticator app, the second step is off and its recovery codes go too.
 */
export async function removePasskey(
  deps: ServerDeps,
  userId: number,
  id: string,
  password: string,
): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new WrongSecondFactorError(M.wrongPassword);
  }
  await deps.db.transaction(async (tx) => {
    // Locked as adding one is, so a passkey added meanwhile is counted before the codes go.
    const [account] = await tx
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
    const [left] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if ((left?.n ?? 0) === 0 && !account?.totpSecret) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    }
  });
}

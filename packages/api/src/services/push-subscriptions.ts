import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';
import type { PushSubscriptionInput } from '@yardsale/validators';

import { hashSessionToken } from '../auth/sessions';
import { lockLiveAccount } from './account-lock';
import { RefusedTargetError, httpsUrl, resolveTarget } from './outbound';
import type { ConnectTarget } from './outbound';
import type { ServerDeps } from './types';

const { pushSubscriptions, sessions } = schema;

/** A person's devices are few; this bounds what one account can store. */
const MAX_PUSH_SUBSCRIPTIONS = 20;

/** The push policy of outbound.ts for this server: in production, public addresses only. */
export function pushTarget(deps: ServerDeps, endpoint: string): Promise<ConnectTarget> {
  return resolveTarget(endpoint, {
    refusePrivate: deps.config.production === true,
    resolve: deps.resolveHost,
  });
}

/**
 * Keeps this device's subscription for the person, tied to this sign-in; the same endpoint again
 * replaces its keys, owner and sign-in.
 */
export async function savePushSubscription(
  deps: ServerDeps,
  userId: number,
  sessionToken: string,
  input: PushSubscriptionInput,
): Promise<void> {
  const sessionId = hashSessionToken(sessionToken);
  if (!deps.push)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: NOTIFICATION_TEXT.pushOff });
  try {
    // Outside production the host is looked up only when a push is sent (a developer may be offline).
    if (deps.config.production === true) await pushTarget(deps, input.endpoint);
    else httpsUrl(input.endpoint);
  } catch (err) {
    if (!(err instanceof RefusedTargetError)) throw err;
    throw new TRPCError({ code: 'BAD_REQUEST', message: NOTIFICATION_TEXT.endpointPrivate });
  }
  await deps.db.transaction(async (tx) => {
    // The account, then the sign-in, are held until this commits (in the order an account deletion
    // takes them): a sign-out or deletion racing this save either waits, and then removes the device
    // with the sign-in, or has already ended it, and the save is refused.
    await lockLiveAccount(tx, userId);
    const [session] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .for('share');
    if (!session) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
    }
    await tx
      .insert(pushSubscriptions)
      .values({ userId, sessionId, endpoint: input.endpoint, ...input.keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionId, ...input.keys, createdAt: deps.now() },
      });
    // The oldest devices give way: a person who reinstalls often keeps working.
    await tx.execute(
      sql`delete from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.id} not in (
        select id from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}
        order by ${pushSubscriptions.createdAt} desc, ${pushSubscriptions.id} desc limit ${MAX_PUSH_SUBSCRIPTIONS})`,
    );
  });
}

/** This device no longer wants pushes (or was signed out); only the person's own. */
export async function removePushSubscription(
  deps: ServerDeps,
  userId: number,
  endpoint: string,
): Promise<void> {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

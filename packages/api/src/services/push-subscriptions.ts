import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT } from '@yardsale/validators';
import type { PushSubscriptionInput } from '@yardsale/validators';

import { hashSessionToken } from '../auth/sessions';
import type { ServerDeps } from './types';

const { pushSubscriptions } = schema;

/** A person's devices are few; this bounds what one account can store. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/**
 * Addresses a push endpoint may not reach: this machine, the private networks and link-local ones
 * (cloud metadata services live there). Push would otherwise make the server call them.
 */
const closed = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  closed.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  closed.addSubnet(net, prefix, 'ipv6');

/** True for an address push may not reach (IPv4-mapped IPv6 is read as the IPv4 it carries). */
export function isClosedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return closed.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return closed.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, order: 'verbatim' })).map((a) => a.address);

/**
 * Whether the server may send to this endpoint: https only, and (where `refusePrivate`) only to a
 * host whose every address is public. A host that does not resolve is refused too.
 */
export async function pushEndpointAllowed(
  endpoint: string,
  refusePrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<boolean> {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (!refusePrivate) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return false;
  }
  return addresses.length > 0 && !addresses.some(isClosedAddress);
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
  if (
    !(await pushEndpointAllowed(input.endpoint, deps.config.production === true, deps.resolveHost))
  ) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: NOTIFICATION_TEXT.endpointPrivate });
  }
  await deps.db.transaction(async (tx) => {
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

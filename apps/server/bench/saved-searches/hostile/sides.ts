/**
 * The hostile mode's two databases of a kind, each with a real server (startLocalServer: the same app
 * and workers a deployment starts), and the client process requests go out from.
 */
import type { TRPCClient } from '@trpc/client';

import type { AppRouter } from '@yardsale/api';
import { sql, users } from '@yardsale/db';

import { startLocalServer } from '../../../test/local-server';
import type { LocalServer } from '../../../test/local-server';
import { forkBenchScript } from '../../lib/child';
import { openBenchDatabase } from '../../lib/database';
import type { BenchDatabase } from '../../lib/database';
import { seedBenchListings } from '../../lib/seed-listings';
import { BENCH_ADMIN_EMAIL, HIGH_LIMIT, benchLogger, sessionCookie } from '../../lib/server';
import { webTrpcRequest } from '../../web-trpc-request';
import type { HostileOptions } from '../hostile';
import { seedVocabulary } from './vocabulary';

export const HOSTILE_ACCOUNTS = 10;

export interface Side {
  label: 'none' | 'hostile';
  database: BenchDatabase;
  server: LocalServer;
  sellerCookie: string;
  hostileCookies: string[];
}

/** A database of `kind` seeded with the bench's listings, the vocabulary and the accounts, and its server. */
export async function openSide(
  label: Side['label'],
  kind: 'pglite' | 'postgres',
  options: HostileOptions,
  now: Date,
  words: string[],
): Promise<Side> {
  if (kind === 'postgres' && !options.databaseUrl) throw new Error('no PostgreSQL URL');
  const database = await openBenchDatabase(kind === 'postgres' ? options.databaseUrl : undefined);
  try {
    const { db } = database.handle;
    const { passwordHash } = await seedBenchListings(db, {
      count: options.listings,
      now,
      seed: 20_250_705,
    });
    const accounts = await db
      .insert(users)
      .values(
        Array.from({ length: HOSTILE_ACCOUNTS + 1 }, (_, i) => ({
          email: i === 0 ? 'seller@neighbours.example' : `hostile.${String(i)}@neighbours.example`,
          firstName: i === 0 ? 'Sol' : 'Hal',
          lastName: i === 0 ? 'Seller' : `Hostile ${String(i)}`,
          passwordHash,
          termsAcceptedAt: now,
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id });
    const [seller, ...hostile] = accounts;
    if (!seller) throw new Error('no seller');
    await seedVocabulary(db, seller.id, words, now);
    await db.execute(sql`vacuum (analyze)`);
    const server = await startLocalServer({
      db,
      logger: benchLogger,
      adminEmail: BENCH_ADMIN_EMAIL,
      rateLimits: { listingCreateByAccount: HIGH_LIMIT, listingCreateByClient: HIGH_LIMIT },
    });
    return {
      label,
      database,
      server,
      sellerCookie: await sessionCookie(server.deps, seller.id),
      hostileCookies: await Promise.all(hostile.map((a) => sessionCookie(server.deps, a.id))),
    };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

export async function closeSide(side: Side) {
  await side.server.stop();
  await side.database.dispose();
}

/** The client process: requests go out from there, so the server's thread is not the client's. */
export interface Client {
  post(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ ms: number; status: number; body: string }>;
  close(): void;
}

export function startClient(): Client {
  const child = forkBenchScript('http-client.ts', []);
  let next = 0;
  const waiting = new Map<number, (answer: { ms: number; status: number; body: string }) => void>();
  child.on('message', (raw) => {
    const answer = raw as { id: number; ms: number; status: number; body: string };
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  return {
    post(url, headers, body) {
      next += 1;
      const id = next;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id, url, headers, body });
      });
    },
    close() {
      child.disconnect();
    },
  };
}

/**
 * A tRPC mutation over HTTP exactly as the web app's client sends it (one call in a batch of one,
 * webTrpcRequest); `ms` as the client measured it.
 */
export async function call(
  client: Client,
  side: Side,
  cookie: string,
  mutation: (trpc: TRPCClient<AppRouter>) => Promise<unknown>,
) {
  const request = await webTrpcRequest((trpc) => [mutation(trpc)]);
  const res = await client.post(
    `${side.server.url}${request.path}`,
    { ...request.headers, origin: side.server.origin, cookie },
    request.body ?? '',
  );
  const [answer] = JSON.parse(res.body) as {
    result?: { data?: { json?: { id?: number } } };
    error?: { json?: { message?: string } };
  }[];
  return {
    ok: res.status === 200,
    ms: res.ms,
    id: answer?.result?.data?.json?.id,
    message: answer?.error?.json?.message,
  };
}

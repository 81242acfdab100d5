/**
 * tRPC requests exactly as the web app's client writes them (apps/web/src/lib/trpc.ts: httpBatchLink
 * with superjson, the same URL and batch limits), taken from the client itself instead of written by
 * hand: the calls given are made in one task, as a page's loader makes them, and the one HTTP request
 * the link would send for them is kept instead of sent.
 */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import superjson from 'superjson';

import type { AppRouter } from '@yardsale/api';
import { MAX_BATCH_SIZE } from '@yardsale/validators';

export interface WebTrpcRequest {
  method: 'GET' | 'POST';
  /** Path and query, from /trpc on. */
  path: string;
  /** What the link itself sets (content-type on a POST); the browser adds its cookie and origin. */
  headers: Record<string, string>;
  body?: string;
}

class Kept extends Error {}

export async function webTrpcRequest(
  calls: (client: TRPCClient<AppRouter>) => Promise<unknown>[],
): Promise<WebTrpcRequest> {
  const base = 'http://web.invalid';
  const kept: WebTrpcRequest[] = [];
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        maxURLLength: 2000,
        maxItems: MAX_BATCH_SIZE,
        transformer: superjson,
        fetch: (input, init) => {
          const method = init?.method === 'POST' ? 'POST' : 'GET';
          const body = init?.body;
          kept.push({
            method,
            path: String(input).slice(base.length),
            headers: Object.fromEntries(new Headers(init?.headers)),
            ...(typeof body === 'string' ? { body } : {}),
          });
          return Promise.reject(new Kept('kept, not sent'));
        },
      }),
    ],
  });
  await Promise.allSettled(calls(client));
  const [request, ...more] = kept;
  if (!request || more.length > 0)
    throw new Error(`expected one request for the calls, the link wrote ${kept.length}`);
  return request;
}

import type { AppRouter } from '@yardsale/api';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

import { MAX_BATCH_SIZE } from '@yardsale/validators';

export type AppTRPC = TRPCOptionsProxy<AppRouter>;

/** Components reach the API through these hooks; the client itself lives in the router context. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Queries and mutations go over HTTP (batched); live updates use one websocket per tab, opened only
 * while a subscription is active. Both stay on the app's own origin so the session cookie is sent.
 */
export function createBrowserTRPCClient(): TRPCClient<AppRouter> {
  const wsUrl = new URL('/trpc', window.location.href);
  wsUrl.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const wsClient = createWSClient({
    url: wsUrl.toString(),
    // While a subscription is open, the client re-arms its idle check every closeMs: at 0 that is a
    // timer every few milliseconds for as long as the page is open. Every 10 s costs nothing.
    lazy: { enabled: true, closeMs: 10_000 },
  });

  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({
          url: '/trpc',
          // A batch names its procedures in one path segment (the server accepts up to 2,000
          // characters there) and its inputs in the query string: keep the whole address modest.
          maxURLLength: 2000,
          // The server refuses a larger batch.
          maxItems: MAX_BATCH_SIZE,
          transformer: superjson,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
        }),
      }),
    ],
  });
}

/**
 * The batch link sends the calls gathered during one task on the next. A loader that starts
 * requests without waiting for their answers awaits this, so they leave before the page renders
 * (a long task on a slow phone) rather than after it.
 */
export function batchSent(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

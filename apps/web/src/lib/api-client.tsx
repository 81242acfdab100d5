import { QueryClientProvider, hashKey } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@yardsale/api';
import type { ReactNode } from 'react';
import superjson from 'superjson';

import type { ApiClient, SessionProbe, SessionUser } from './app-loader';
import { LISTING_QUERY_DEFAULTS, createQueryClient } from './query-client';
import { TRPCProvider, createBrowserTRPCClient } from './trpc';

/**
 * The API client and query cache, in their own chunk (loaded by AppLoader when a screen needs
 * them). The cache's `auth.me` is the session; every change to it is reported to the loader.
 */
export function createApiClient({
  onSessionEnded,
  onSessionUser,
  session,
}: {
  onSessionEnded: () => void;
  onSessionUser: (user: SessionUser | null | undefined) => void;
  /** The server's first answer to `auth.me`, asked while this chunk downloaded. */
  session: SessionProbe;
}): ApiClient {
  const trpcClient = createBrowserTRPCClient();

  // When the server says the session has ended, forget the user and let the current route's
  // guard send them to sign in.
  const queryClient = createQueryClient(() => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    onSessionEnded();
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryDefaults(trpc.listings.pathKey(), LISTING_QUERY_DEFAULTS);

  const meKey = trpc.auth.me.queryKey();
  // Screens read the session through the loader, not a query observer, so nothing keeps the
  // entry alive: it must not be garbage-collected while the tab is open.
  queryClient.setQueryDefaults(meKey, { gcTime: Infinity });
  const meHash = hashKey(meKey);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === meHash) onSessionUser(queryClient.getQueryData(meKey));
  });
  // The first answer stands until sign-in, sign-out or a refused call changes it: no need to ask
  // the server a second time.
  if (session.kind === 'visitor') queryClient.setQueryData(meKey, null);
  if (session.kind === 'user')
    queryClient.setQueryData(meKey, superjson.deserialize<SessionUser>(session.answer));

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    );
  }

  return { queryClient, trpc, Providers };
}

import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@yardsale/api';
import { PageSpinner } from '@yardsale/ui';

import { PageError, PageNotFound } from './components/layout/status-pages';
import { LISTING_QUERY_DEFAULTS, createQueryClient } from './lib/query-client';
import { TRPCProvider, createBrowserTRPCClient } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/** Builds the app once at start: API client, query cache and router share one context. */
export function createAppRouter() {
  const trpcClient = createBrowserTRPCClient();

  // When the server says the session has ended, forget the user and let the current route's
  // guard send them to sign in.
  const queryClient = createQueryClient(() => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    void router.invalidate();
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryDefaults(trpc.listings.pathKey(), LISTING_QUERY_DEFAULTS);

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // Route data lives in the query cache; the router should not keep its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: PageNotFound,
    scrollRestoration: true,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    ),
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

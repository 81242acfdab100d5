import { createRouter, lazyRouteComponent, useRouterState } from '@tanstack/react-router';
import { PageSpinner } from '@yardsale/ui';
import { useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

import { PageError } from './components/layout/status-pages';
import { AppLoader } from './lib/app-loader';
import { routeTree } from './routeTree.gen';

/** Builds the app once at start; the API client joins the router context when a screen needs it. */
export function createAppRouter() {
  // When the server says the session has ended, the current route's guard sends them to sign in.
  const app = new AppLoader(() => void router.invalidate());

  const router = createRouter({
    routeTree,
    context: { app },
    defaultPreload: 'intent',
    // Route data lives in the query cache; the router should not keep its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('./components/layout/missing-pages'),
      'PageNotFound',
    ),
    scrollRestoration: true,
    InnerWrap: ({ children }) => <ApiProviders app={app}>{children}</ApiProviders>,
  });
  // The router fetches a screen's code only once every guard has passed, and the guards wait on
  // the session. Started now, the first screen's code downloads alongside the session check.
  const [firstScreen] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of firstScreen) void router.loadRouteChunk(route)?.catch(() => undefined);
  return router;
}

/**
 * Puts the Query and tRPC providers around the app once the API client has loaded. Adding them
 * remounts the page below, so a page already on screen without them (a visitor's landing page,
 * say, whose link preloaded the client on hover or focus) keeps going until the next navigation
 * starts; from then on they stay.
 */
function ApiProviders({ app, children }: { app: AppLoader; children: ReactNode }) {
  const client = useSyncExternalStore(app.subscribe, app.getClient);
  // The page on screen: undefined while a navigation is under way (or before the first).
  const displayed = useRouterState({
    select: (state) => (state.status === 'idle' ? state.resolvedLocation?.href : undefined),
  });
  const [shownBareAt, setShownBareAt] = useState<string | undefined>(undefined);
  const [wrapped, setWrapped] = useState(false);

  const wrap =
    wrapped || (client !== undefined && (displayed === undefined || displayed !== shownBareAt));
  if (wrap && !wrapped) setWrapped(true);
  if (!wrap && displayed !== shownBareAt) setShownBareAt(displayed);

  return wrap && client ? <client.Providers>{children}</client.Providers> : children;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

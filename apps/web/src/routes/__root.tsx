import {
  HeadContent,
  Outlet,
  createRootRouteWithContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { useToast } from '@yardsale/ui';
import { Suspense, useEffect, useState } from 'react';

import { lazyPiece, retryWhenServerAnswers } from '../lib/lazy-piece';
import { BelowTheFold } from '../components/layout/below-the-fold';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { PageError } from '../components/layout/status-pages';
import type { AppLoader } from '../lib/app-loader';
import { useSessionUser } from '../lib/session';
import { InstallableApp } from '../pwa/installable-app';

export interface RouterContext {
  /** Loads the API client when a screen needs it; routes below add it to their context. */
  app: AppLoader;
}

// Signed in only (the unread count needs the API client), and a visitor's first page does without.
const BottomTabBar = lazyPiece(() =>
  import('../components/layout/bottom-tab-bar').then((module) => ({
    default: module.BottomTabBar,
  })),
);
// The toast viewport (Radix) loads with the first toast; until then toasts wait in their store.
const loadToaster = () =>
  import('../components/layout/toaster').then((module) => ({ default: module.Toaster }));
const Toaster = lazyPiece(loadToaster);

/**
 * Once someone starts typing, a toast may follow (a failed send, a refused form): its code is
 * fetched then, while the server is there, rather than when the toast is due and the server
 * perhaps is not. A visit that types nothing never downloads it.
 */
function usePreloadToasterOnInput() {
  useEffect(() => {
    const preload = () => void retryWhenServerAnswers(loadToaster).catch(() => undefined);
    document.addEventListener('input', preload, { capture: true, once: true });
    return () => document.removeEventListener('input', preload, { capture: true });
  }, []);
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'YardSale: your neighbourhood marketplace' }] }),
  // Every screen's navigation depends on who is signed in. If the server cannot be reached the
  // visitor view still shows; protected screens ask again and report the failure.
  beforeLoad: async ({ context, location }) => {
    await context.app.loadSession(location.pathname).catch(() => undefined);
  },
  component: RootLayout,
  // Not found: the router's default (router.tsx), loaded only when a page is missing.
  errorComponent: PageError,
});

/**
 * After a client-side page change, move focus to the new page's content, as a full page load
 * would, so keyboard and screen-reader users start from the top of what changed. In-page anchors
 * keep the browser's own behaviour.
 */
function useFocusMainOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || toLocation.hash) return;
        document.getElementById('main')?.focus({ preventScroll: true });
      }),
    [router],
  );
}

function RootLayout() {
  useFocusMainOnNavigation();
  usePreloadToasterOnInput();
  const user = useSessionUser();
  const onLanding = useRouterState({ select: (state) => state.location.pathname === '/' });
  const showTabBar = Boolean(user);
  const hasToasts = useToast().toasts.length > 0;
  const [toasterMounted, setToasterMounted] = useState(false);
  if (hasToasts && !toasterMounted) setToasterMounted(true);

  return (
    // The first screen of a visit is drawn in slices that let the browser breathe, not in one long
    // task: until then the page is blank, as it was while the app loaded.
    <BelowTheFold>
      <HeadContent />
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground shadow-float focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Skip to content
      </a>
      <div
        className={showTabBar ? 'flex min-h-dvh flex-col pb-16 md:pb-0' : 'flex min-h-dvh flex-col'}
      >
        <InstallableApp aboveTabBar={showTabBar}>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
            <Outlet />
          </main>
        </InstallableApp>
        <SiteFooter variant={onLanding ? 'full' : 'compact'} />
      </div>
      {showTabBar ? (
        <Suspense fallback={null}>
          <BottomTabBar />
        </Suspense>
      ) : null}
      {toasterMounted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </BelowTheFold>
  );
}

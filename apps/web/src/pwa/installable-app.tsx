import { cn } from '@yardsale/ui';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';

import { lazyPiece } from '../lib/lazy-piece';
import { useAfterPageLoad } from '../lib/after-page-load';
import { useInstallPrompts } from '../components/install/use-install-prompts';
import { useAppUpdate } from './app-update-state';
import { watchInstallEvents } from './install-state';

// Listening starts with the app; everything else waits until the page has loaded.
if (typeof window !== 'undefined') watchInstallEvents();

// Each prompt's code loads only when that prompt is due: most visits show none of them.
const UpdateNotice = lazyPiece(() =>
  import('./update-notice').then((module) => ({ default: module.UpdateNotice })),
);
const InstallCard = lazyPiece(() =>
  import('../components/install/install-card').then((module) => ({
    default: module.InstallCard,
  })),
);
const InstallModal = lazyPiece(() =>
  import('../components/install/install-modal').then((module) => ({
    default: module.InstallModal,
  })),
);
const IosInstallBanner = lazyPiece(() =>
  import('../components/install/ios-install-banner').then((module) => ({
    default: module.IosInstallBanner,
  })),
);

/**
 * The installable app's visible parts around the page (`children`: its header and content): the
 * update notice and the install prompts (docs/product/rules.md#install-prompts). The service worker
 * registers after the page has loaded, outside the first-visit bundle.
 */
export function InstallableApp({
  aboveTabBar,
  children,
}: {
  aboveTabBar: boolean;
  children: ReactNode;
}) {
  const ready = useAfterPageLoad();
  const update = useAppUpdate();
  const { prompt, install, dismiss } = useInstallPrompts();
  const startInstall = () => void install();

  useEffect(() => {
    if (!ready) return;
    void import('./register-service-worker').then((module) => module.registerServiceWorker());
  }, [ready]);

  // Nothing is asked before the page has loaded. The page keeps its place in the tree either way,
  // so it is never remounted when a prompt arrives.
  const due = ready ? prompt : ({ kind: 'none' } as const);
  // Each prompt waits for its own code alone, so one arriving never hides another on screen.
  return (
    <>
      {due.kind === 'ios' ? (
        <Suspense fallback={null}>
          <IosInstallBanner device={due.device} onClose={dismiss} />
        </Suspense>
      ) : null}
      {due.kind === 'modal' ? (
        <Suspense fallback={null}>
          <InstallModal onInstall={startInstall} onLater={dismiss} />
        </Suspense>
      ) : null}
      {children}
      {due.kind === 'card' ? (
        // Below the page's content, above the footer: arriving after the page has loaded, it
        // moves nothing already on screen (decision 041).
        <Suspense fallback={null}>
          <InstallCard onInstall={startInstall} onLater={dismiss} />
        </Suspense>
      ) : null}
      {ready && update.updateReady ? (
        // Bottom left on wide screens, where toasts (bottom right) do not cover it; above the
        // tab bar on phones.
        <div
          className={cn(
            'pointer-events-none fixed inset-x-0 z-40 flex flex-col gap-3 p-4 sm:right-auto sm:w-[24rem] sm:p-6',
            aboveTabBar ? 'bottom-16 md:bottom-0' : 'bottom-0',
          )}
        >
          <Suspense fallback={null}>
            <UpdateNotice onReload={update.reload} onDismiss={update.dismiss} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}

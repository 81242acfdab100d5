import { Suspense, lazy, useEffect, useState } from 'react';

import { watchInstallEvents } from './install-state';

// Listening starts with the app; everything else waits until the page has loaded.
if (typeof window !== 'undefined') watchInstallEvents();

const AppExtras = lazy(() => import('./app-extras'));

/** Resolves once the page has loaded and the browser is idle, so this work never delays it. */
function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const whenIdle = () => {
      // Safari has no requestIdleCallback.
      if ('requestIdleCallback' in window) {
        const id = requestIdleCallback(() => setReady(true), { timeout: 2000 });
        cancelIdle = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setReady(true), 200);
        cancelIdle = () => clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle?.();
    };
  }, []);
  return ready;
}

/**
 * The installable app's visible parts: the update notice and the install prompts. Their code
 * (and the service worker's registration) loads after the page, outside the first-visit bundle.
 */
export function InstallableApp({ aboveTabBar }: { aboveTabBar: boolean }) {
  const ready = useAfterPageLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <AppExtras aboveTabBar={aboveTabBar} />
    </Suspense>
  );
}

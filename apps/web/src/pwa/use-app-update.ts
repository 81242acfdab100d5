import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** A tab left open for days still hears of a deploy: the browser only checks on page loads. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and reports when a new version of the app is waiting. The new
 * version starts only when the neighbour chooses to reload, so nothing changes under a
 * half-written listing or message.
 */
export function useAppUpdate() {
  const [dismissed, setDismissed] = useState(false);
  const {
    needRefresh: [updateReady],
    updateServiceWorker,
  } = useRegisterSW({
    // The reload is ours (below): the plugin's only covers pages that were controlled at load.
    onNeedReload: () => undefined,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        // Offline or a server hiccup: the next check will do.
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });

  // When a new version takes control (from this tab or another), this page's scripts are the
  // old version's, whose files the new one no longer keeps: reload. A first install taking
  // control of the page changes nothing.
  useEffect(() => {
    // Insecure origins and some private modes have no service workers.
    if (!('serviceWorker' in navigator)) return;
    const { serviceWorker } = navigator;
    let hadController = serviceWorker.controller !== null;
    const onControllerChange = () => {
      if (hadController) window.location.reload();
      hadController = true;
    };
    serviceWorker.addEventListener('controllerchange', onControllerChange);
    return () => serviceWorker.removeEventListener('controllerchange', onControllerChange);
  }, []);

  return {
    // Once put away, the notice stays away for this page; the next page load asks again.
    updateReady: updateReady && !dismissed,
    /** Starts the waiting version; the page reloads once it is in control. */
    reload: () => updateServiceWorker(),
    dismiss: () => setDismissed(true),
  };
}

import { registerSW } from 'virtual:pwa-register';

import { announceUpdate } from './app-update-state';

/** A tab left open for days still hears of a deploy: the browser only checks on page loads. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Registers the service worker and announces a new version when one is waiting. The new version
 * starts only when the neighbour chooses to reload, so nothing changes under a half-written
 * listing or message. Called once, after the page has loaded.
 */
export function registerServiceWorker(): void {
  // Insecure origins and some private modes have no service workers.
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;

  const startWaitingVersion = registerSW({
    immediate: true,
    onNeedRefresh: () => announceUpdate(() => startWaitingVersion()),
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
  const { serviceWorker } = navigator;
  let hadController = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload();
    hadController = true;
  });
}

import { announceUpdate } from './app-update-state';

/** A tab left open for days still hears of a deploy: the browser only checks on page loads. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The app's worker (src/service-worker/sw.ts, built by vite-plugin-pwa), for the whole site. */
const SERVICE_WORKER_URL = '/sw.js';

let registered = false;

/**
 * Offers a version that is installed and waiting. The worker waits until told to take over with
 * this message (src/service-worker/sw.ts).
 */
function offer(worker: ServiceWorker): void {
  announceUpdate(() => {
    worker.postMessage({ type: 'SKIP_WAITING' });
    return Promise.resolve();
  });
}

/**
 * Registers the service worker and announces a new version when one is waiting. The new version
 * starts only when the neighbour chooses to reload, so nothing changes under a half-written
 * listing or message. Called once, after the page has loaded.
 *
 * The browser's own API, rather than the plugin's workbox-window helper: the same few steps,
 * without 2 KB (gzip) more on every first visit.
 */
export function registerServiceWorker(): void {
  // Insecure origins and some private modes have no service workers.
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const { serviceWorker } = navigator;

  // When a new version takes control (from this tab or another), this page's scripts are the
  // old version's, whose files the new one no longer keeps: reload. A first install taking
  // control of the page changes nothing.
  let hadController = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload();
    hadController = true;
  });

  serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then((registration) => {
      // A version that finished installing on an earlier visit, still waiting.
      if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        if (!installing) return;
        installing.addEventListener('statechange', () => {
          // With no controller this is the first install, not an update.
          if (installing.state === 'installed' && serviceWorker.controller) offer(installing);
        });
      });
      setInterval(() => {
        // Offline or a server hiccup: the next check will do.
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    // Refused (a private mode, a blocked script): the app works without it.
    .catch(() => undefined);
}

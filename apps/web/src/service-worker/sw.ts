import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  PrecacheFallbackPlugin,
  cleanupOutdatedCaches,
  precacheAndRoute,
} from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

import { START_PATH, chooseWindow, clickedPath, notificationFromPush } from './push-notifications';

/*
 * The app's service worker (decision 020): what is cached, and the pushes (decision 073). Built
 * by vite-plugin-pwa (injectManifest), which fills in the precache list.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// Installed up front: the offline page, the icons and the app's scripts and styles (the list comes
// from vite.config.ts, decision 088).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// A new version waits until the neighbour chooses to reload (src/pwa/register-service-worker.ts).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING')
    void self.skipWaiting();
});

// Page loads go to the network; without one, the offline page answers. The server's own paths are
// left out, and no route exists for them: the worker never touches /api, /trpc, /uploads or
// /healthz, so users' data is never cached.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && !/^\/(api|trpc|uploads|healthz)(\/|$)/.test(url.pathname),
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: '/offline.html' })] }),
);

// Built files are named by their content and never change: the precache above holds the app's
// own; anything else under /assets/ loads from the cache once fetched.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'app-files',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
);

// Every push is shown, even to someone looking at the app: browsers require it of a push.
self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Brings the app forward on the notification's page, in an open window if there is one. */
async function openApp(path: string | null): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = chooseWindow(windows);
  if (open) {
    const focused = await open.focus();
    if (path === null) return;
    const here = new URL(focused.url);
    if (`${here.pathname}${here.search}${here.hash}` === path) return;
    try {
      await focused.navigate(path);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one opens instead.
    }
  }
  await self.clients.openWindow(path ?? START_PATH);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(clickedPath(event.notification.data, self.location.origin)));
});

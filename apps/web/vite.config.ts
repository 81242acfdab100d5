import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the server prints that the app is (apps/server/src/main.ts), so the port is fixed. */
const DEV_PORT = 5173;

export default defineConfig(({ mode }) => {
  // In development the API server runs separately, on the PORT it reads too (3000 unless set), so
  // `PORT=3100 pnpm dev` talks to that server and never to another process on 3000. In production
  // the server serves this app on one origin.
  const apiServer = `http://localhost:${loadEnv(mode, import.meta.dirname, '').PORT ?? '3000'}`;
  return {
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders too: the route tree loads with every first page, a route's data code with its page.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      }),
      react(),
      tailwindcss(),
      // The installable app: manifest and service worker. Decision record 020.
      VitePWA({
        // The page registers the worker itself after load (src/pwa) and asks before updating.
        registerType: 'prompt',
        // The icons are precached with the other images (globPatterns); listing them twice is noise.
        includeManifestIcons: false,
        injectRegister: false,
        manifest: {
          id: '/',
          name: 'YardSale',
          short_name: 'YardSale',
          description:
            'Garage sales and single items from your neighbours, free to post and to browse.',
          lang: 'en',
          start_url: '/home',
          scope: '/',
          display: 'standalone',
          theme_color: '#fdfbf7',
          background_color: '#fdfbf7',
          categories: ['shopping', 'lifestyle'],
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/maskable-512x512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        // The worker is ours (src/service-worker/sw.ts): it shows pushes as well as caching, and
        // the plugin fills in its precache list.
        strategies: 'injectManifest',
        srcDir: 'src/service-worker',
        filename: 'sw.ts',
        injectManifest: {
          // Installed up front, once the first page has loaded: the offline page, the icons and
          // every script and stylesheet of the app, so a screen, a dialog or a toast whose code
          // loads on demand still opens while the server is out of reach (decision 088). The
          // page's own first load is unchanged; the worker fetches the rest after it.
          globPatterns: ['offline.{html,js}', '*.{svg,png}', 'assets/*.{js,css}'],
          // Built files carry their content's hash in their names: no cache-busting query needed.
          dontCacheBustURLsMatching: /^assets\//,
          // One classic script, as every browser runs a service worker.
          rollupFormat: 'iife',
        },
      }),
    ],
    build: {
      modulePreload: {
        // Every browser the app supports preloads modules natively; the polyfill would only add weight.
        polyfill: false,
        // The page preloads the app shell's files (index.html). A screen's code, loaded on demand,
        // brings its own imports: adding a preload link for each of them from script cost the main
        // thread more than the requests it saved, with every file on one HTTP/2 connection.
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      rolldownOptions: {
        output: {
          // Two long-lived vendor chunks every page needs, instead of a dozen small shared pieces:
          // fewer requests, better compression, and they stay cached across deploys of app code.
          advancedChunks: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 20,
              },
              {
                // The API client (tRPC, TanStack Query, superjson): every signed-in screen loads all
                // of it, so one file compresses better than the handful the split would make.
                name: 'api-client',
                test: /[\\/]node_modules[\\/](@trpc|@tanstack[\\/](query-core|react-query)|superjson|copy-anything|is-what)[\\/]/,
                priority: 15,
              },
              {
                name: 'router',
                test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
    server: {
      port: DEV_PORT,
      strictPort: true,
      proxy: {
        '/trpc': { target: apiServer, ws: true },
        '/api': apiServer,
        '/uploads': apiServer,
        '/healthz': apiServer,
      },
    },
  };
});

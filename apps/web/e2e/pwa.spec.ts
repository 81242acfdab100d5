import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
import { expect, test } from './signed-in';

/** The build the suite's server serves. */
const buildDir = e2eEnv.webDistDir ?? path.join(import.meta.dirname, '..', 'dist');

/** Waits until the app's service worker is active and in control of this page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function newVersionWaiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration?.waiting);
  });
}

/** Width and height from a PNG's header (IHDR). */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const manifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), purpose: z.string().optional() })),
});

test('the manifest names the app, opens /home in its own window and its icons exist in the sizes browsers ask for', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href ?? '');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');

  const manifest = manifestSchema.parse(await response.json());
  expect(manifest).toMatchObject({
    name: 'YardSale',
    short_name: 'YardSale',
    start_url: '/home',
    display: 'standalone',
    theme_color: '#fdfbf7',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  // Safari takes its Home Screen icon from the page, not the manifest.
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const appleIcon = await page.request.get(touchIcon ?? '');
  expect(pngSize(await appleIcon.body())).toEqual({ width: 180, height: 180 });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#fdfbf7');
});

test('the service worker registers after load and controls the app’s pages', async ({ page }) => {
  await page.goto('/about');
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${e2eEnv.baseURL}/sw.js`,
  );

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

test('without a connection, opening a page shows the offline page, which opens the page by itself once back online', async ({
  page,
  context,
}) => {
  await page.goto('/home');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible();
  await expect(page.getByText('YardSale needs a connection')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveURL('/help');

  // No click: back online, the page checks that YardSale answers and opens what was asked for.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page).toHaveURL('/help');
});

test('after browsing signed in, the cache holds the app’s files but no /trpc or /api response', async ({
  page,
}) => {
  await page.goto('/home');
  await waitForServiceWorker(page);

  // Pages that read the neighbour's own data through both the tRPC and the REST paths.
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const address of ['/profile', '/messages', '/saved-listings', '/settings']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const rest = await page.request.get('/api/user/saved-listings');
  expect(rest.ok()).toBe(true);
  await page.evaluate(() => fetch('/api/user/listings', { credentials: 'same-origin' }));

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(cached.filter((url) => /^\/(trpc|api|uploads)(\/|$)/.test(url))).toEqual([]);
});

/**
 * A server for one build whose deploys the test controls: each deploy changes sw.js, as a new
 * build does. The suite's own server serves one build to every test at once, so the update
 * journey gets its own. The app's API is absent here (the visitor view still shows).
 */
async function serveDeployments(dir: string) {
  let deploy = 1;
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const extension = path.extname(pathname);
    const file = extension && !pathname.includes('..') ? pathname : '/index.html';
    readFile(path.join(dir, file)).then(
      (body) => {
        const served =
          file === '/sw.js' ? Buffer.concat([body, Buffer.from(`\n// deploy ${deploy}\n`)]) : body;
        res.writeHead(200, {
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        res.end(served);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deployNewVersion: () => {
      deploy += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a new version is announced once deployed and starts when the neighbour reloads', async ({
  page,
}) => {
  const site = await serveDeployments(buildDir);
  try {
    await page.goto(`${site.url}/about`);
    await waitForServiceWorker(page);
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'A new version of YardSale is ready.' });
    await expect(notice).toBeHidden();

    site.deployNewVersion();
    // What the app's hourly check does (a page load does it too).
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(notice).toBeVisible();
    // The new version waits: nothing changes until the neighbour says so.
    expect(await newVersionWaiting(page)).toBe(true);

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
    // The new version is the one in control now.
    expect(await newVersionWaiting(page)).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } finally {
    await site.close();
  }
});

test('Not now puts the update notice away without reloading', async ({ page }) => {
  const site = await serveDeployments(buildDir);
  try {
    await page.goto(`${site.url}/about`);
    await waitForServiceWorker(page);
    site.deployNewVersion();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'A new version of YardSale is ready.' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Not now' }).click();
    await expect(notice).toBeHidden();
    expect(await newVersionWaiting(page)).toBe(true);
  } finally {
    await site.close();
  }
});

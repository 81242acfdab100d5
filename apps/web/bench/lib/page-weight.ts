/** What a first visit to a route downloads: its scripts and stylesheets, raw and gzip. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Browser } from '@playwright/test';

import type { Session } from './session';

export interface RouteWeight {
  route: string;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  files: { path: string; gzip: number }[];
}

export type Visitor = 'visitor' | 'user' | 'admin';

export async function weighRoute(
  browser: Browser,
  baseURL: string,
  distDir: string,
  route: string,
  label: string,
  session: Session | null,
): Promise<RouteWeight> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    ignoreHTTPSErrors: true,
  });
  if (session) {
    await context.addCookies([{ name: session.name, value: session.value, url: baseURL }]);
  }
  const page = await context.newPage();
  const assets = new Map<string, 'script' | 'stylesheet'>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (url.origin === baseURL && (type === 'script' || type === 'stylesheet'))
      assets.set(url.pathname, type);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(route, { waitUntil: 'networkidle' });
  // On a busy machine the network can fall quiet while the app is still starting: wait for the
  // page's heading (every screen has one), then until no script or stylesheet arrives for 1 s.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  for (let seen = -1; seen !== assets.size;) {
    seen = assets.size;
    await page.waitForTimeout(1000);
  }
  const landedOn = new URL(page.url()).pathname;
  await context.close();
  if (errors.length > 0) throw new Error(`${route}: the page threw: ${errors.join('; ')}`);
  if (session && landedOn.startsWith('/auth'))
    throw new Error(`${route}: sent to sign in although signed in`);

  const weight: RouteWeight = {
    route: label,
    jsFiles: 0,
    jsRaw: 0,
    jsGzip: 0,
    cssRaw: 0,
    cssGzip: 0,
    files: [],
  };
  for (const [pathname, type] of assets) {
    const bytes = readFileSync(path.join(distDir, decodeURIComponent(pathname)));
    const gzip = gzipSync(bytes).length;
    weight.files.push({ path: pathname, gzip });
    if (type === 'script') {
      weight.jsFiles += 1;
      weight.jsRaw += bytes.length;
      weight.jsGzip += gzip;
    } else {
      weight.cssRaw += bytes.length;
      weight.cssGzip += gzip;
    }
  }
  return weight;
}

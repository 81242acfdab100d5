import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { e2eEnv } from './env';
import { verifyMailedAddress } from './mailbox';
import { expect, test as base } from './support';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * A seeded neighbour (packages/db seed). These journeys run in workers of their own (their
 * fixtures differ from signed-in.ts), so a new neighbour would cost one of the few registrations
 * per hour the whole suite shares; signing in a seeded one costs none.
 */
export const SEEDED_MEMBER = { email: 'grace.nakamura@example.com', password: 'demo-password' };

/**
 * A signed-in session of this account, signed in once per run and kept in the run's data folder:
 * every worker reuses it, so the suite's sign-ins stay well inside the per-address limit (30 in 15
 * minutes, decision 028) however many workers and journeys use these accounts. No journey signs
 * these accounts out.
 */
export async function sessionOf(credentials: {
  email: string;
  password: string;
}): Promise<StorageState> {
  const saved = path.join(e2eEnv.dataDir, 'sessions', `${credentials.email}.json`);
  if (existsSync(saved)) return JSON.parse(readFileSync(saved, 'utf8')) as StorageState;

  const request = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
  const response = await request.post('/trpc/auth.login', {
    data: { json: { ...credentials, rememberMe: false } },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const state = await request.storageState();
  await request.dispose();
  // Written whole and then renamed, so a worker never reads half a file.
  mkdirSync(path.dirname(saved), { recursive: true });
  const partial = `${saved}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, saved);
  return state;
}

async function contextWith(browser: Browser, storageState: StorageState) {
  return browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1280, height: 800 },
    storageState,
  });
}

/**
 * Each person in a journey has a browser context of their own: `adminPage` is the admin and
 * `memberPage` a seeded neighbour; `page` stays a visitor. Each signs in once per worker, so the
 * suite stays inside the sign-in rate limit.
 */
export const test = base.extend<
  { adminPage: Page; memberPage: Page },
  { adminSession: StorageState; memberSession: StorageState }
>({
  adminSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, provide) => provide(await sessionOf(e2eEnv.admin)),
    { scope: 'worker' },
  ],
  memberSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, provide) => provide(await sessionOf(SEEDED_MEMBER)),
    { scope: 'worker' },
  ],
  adminPage: async ({ browser, adminSession }, provide) => {
    const context = await contextWith(browser, adminSession);
    await provide(await context.newPage());
    await context.close();
  },
  memberPage: async ({ browser, memberSession }, provide) => {
    const context = await contextWith(browser, memberSession);
    await provide(await context.newPage());
    await context.close();
  },
});

export { expect };

/** The most reports one account may file an hour (packages/api rate-limits.ts). */
const REPORTS_PER_ACCOUNT = 10;

/**
 * Files `count` reports about seeded neighbours' listings, one after another (so the newest is the
 * last), each described as `describe(i)` for i from 1. Reporters are new neighbours, each calling
 * from an address of its own (the test server trusts loopback as a proxy, decision 053) and filing
 * no more than the production limits let one account and one address file.
 */
export async function fileManyReports(
  count: number,
  describe: (i: number) => string,
): Promise<void> {
  let listings: { id: number; userId: number }[] = [];
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  for (let filed = 0, reporter = 0; filed < count; reporter += 1) {
    const request = await playwrightRequest.newContext({
      baseURL: e2eEnv.baseURL,
      // Documentation addresses (RFC 5737), one per reporter.
      extraHTTPHeaders: { origin: e2eEnv.baseURL, 'x-forwarded-for': `203.0.113.${reporter + 1}` },
    });
    const registered = await request.post('/api/register', {
      data: {
        email: `reporter.${run}.${reporter}@example.com`,
        password: 'porch-sale-42',
        firstName: 'Paging',
        lastName: `Reporter ${reporter + 1}`,
        termsAccepted: true,
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    // Reporting needs a verified address.
    await verifyMailedAddress(request, `reporter.${run}.${reporter}@example.com`);
    if (listings.length === 0) {
      // Browsing needs an account: the first reporter finds the listings they all report.
      const page = await request.get('/api/listings', { params: { limit: REPORTS_PER_ACCOUNT } });
      expect(page.ok(), await page.text()).toBe(true);
      listings = ((await page.json()) as { items: typeof listings }).items;
      expect(listings).toHaveLength(REPORTS_PER_ACCOUNT);
    }
    for (const listing of listings.slice(0, Math.min(REPORTS_PER_ACCOUNT, count - filed))) {
      filed += 1;
      const report = await request.post('/api/reports', {
        data: {
          reportedUserId: listing.userId,
          listingId: listing.id,
          category: 'other',
          description: describe(filed),
        },
      });
      expect(report.ok(), await report.text()).toBe(true);
    }
    await request.dispose();
  }
}

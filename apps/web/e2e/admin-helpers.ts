import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { e2eEnv } from './env';
import { expect, test as base } from './support';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * A seeded neighbour (packages/db seed). These journeys run in workers of their own (their
 * fixtures differ from signed-in.ts), so a new neighbour would cost one of the few registrations
 * per hour the whole suite shares; signing in a seeded one costs none.
 */
export const SEEDED_MEMBER = { email: 'grace.nakamura@example.com', password: 'demo-password' };

export async function sessionOf(credentials: {
  email: string;
  password: string;
}): Promise<StorageState> {
  const request = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
  const response = await request.post('/trpc/auth.login', {
    data: { json: { ...credentials, rememberMe: false } },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const state = await request.storageState();
  await request.dispose();
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

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { sessionOf } from './admin-helpers';
import { e2eEnv } from './env';
import { expect as baseExpect, test as base } from './support';

/** Screens wait on the server; with the whole suite running on two cores that can take a while. */
export const expect = baseExpect.configure({ timeout: 15_000 });

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** A seeded neighbour with listings, saves and a conversation, so every screen has content. */
const MEMBER = { email: 'hannah.schultz@example.com', password: 'demo-password' };
/** Hannah's own seeded listing (the edit form). */
export const OWN_LISTING = 'Harry Potter Hardcover Box Set, Books 1-7';
/** Someone else's seeded listing with photos, whose seller has reviews. */
export const REVIEWED_LISTING = 'Solid Oak Dresser with Six Drawers';

export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/**
 * Each worker signs the member and the admin in once (sign-ins are rate limited); `page` stays a
 * visitor, and `pageAs` opens a signed-in browser at the width a journey needs.
 */
export const test = base.extend<
  object,
  { memberSession: StorageState; adminSession: StorageState }
>({
  memberSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, provide) => provide(await sessionOf(MEMBER)),
    { scope: 'worker' },
  ],
  adminSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, provide) => provide(await sessionOf(e2eEnv.admin)),
    { scope: 'worker' },
  ],
});

export async function pageAs(
  browser: Browser,
  storageState: StorageState,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport, storageState });
  return { context, page: await context.newPage() };
}

/** Resolves once no finite animation or transition is running (spinners loop forever). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Waits until the screen has its content: a main heading, nothing still announced as loading, and
 * no entrance animation still running (a half-faded dialog would read as low contrast).
 */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await animationsDone(page);
}

/** Scans the page as it is now; fails with each serious or critical violation spelled out. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replaceAll('\n', '\n      ')}` : ''}`,
        )
        .join('\n');
      return `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
  expect(serious, `Accessibility violations on ${screen}:\n${report}`).toEqual([]);
}

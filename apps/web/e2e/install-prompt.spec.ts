import type { Page } from '@playwright/test';

import { currentToast, expect, test } from './support';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Fires the browser's install offer as Chromium does once a site is installable, with the
 * neighbour's answer to the browser's own dialog, which is counted in the tab's session storage.
 */
async function offerInstall(page: Page, answer: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((outcome) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: () => {
        sessionStorage.setItem(
          'install-dialogs',
          String(Number(sessionStorage.getItem('install-dialogs')) + 1),
        );
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(offer);
  }, answer);
}

async function browserDialogsShown(page: Page): Promise<number> {
  return page.evaluate(() => Number(sessionStorage.getItem('install-dialogs')));
}

async function flag(page: Page, key: 'install-prompt-dismissed-forever' | 'is-pwa-installed') {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * Reloads and waits until the page's deferred code (the service worker's registration, after
 * which any due prompt has loaded) is running, so that an absent prompt is really absent.
 * Without a worker, `ready` only resolves once that code has registered one again.
 */
async function reloadAndWaitForPrompts(page: Page) {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.unregister();
  });
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

const installCard = (page: Page) => page.getByRole('region', { name: 'Install the YardSale app' });
const installModal = (page: Page) => page.getByRole('dialog', { name: 'Install YardSale' });

test.describe('where the browser offers installation', () => {
  test('the offer shows the install card; Install opens the browser’s dialog and the installed app asks no more', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await offerInstall(page);
    const card = installCard(page);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Open sales near you in one tap');

    await card.getByRole('button', { name: 'Install' }).click();
    await expect(card).toBeHidden();
    expect(await browserDialogsShown(page)).toBe(1);

    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    expect(await flag(page, 'is-pwa-installed')).toBe('true');

    await reloadAndWaitForPrompts(page);
    await offerInstall(page);
    await page.clock.fastForward(30_000);
    await expect(installCard(page)).toBeHidden();
    await expect(installModal(page)).toBeHidden();
  });

  test('the card arrives at the foot of the page, above the footer: nothing on screen moves or is covered', async ({
    page,
  }) => {
    await page.goto('/about');
    const heading = page.getByRole('heading', { level: 1 });
    const headingBefore = await heading.boundingBox();
    const headerBefore = await page.getByRole('banner').boundingBox();
    await offerInstall(page);
    const card = installCard(page);
    await expect(card).toBeAttached();

    // What was on screen stays where it was.
    expect(await heading.boundingBox()).toEqual(headingBefore);
    expect(await page.getByRole('banner').boundingBox()).toEqual(headerBefore);

    // The card sits after the page's content and right above the footer, in the page's flow.
    const cardBox = await card.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    expect(cardBox).not.toBeNull();
    expect(mainBox).not.toBeNull();
    expect(footerBox).not.toBeNull();
    if (!cardBox || !mainBox || !footerBox) return;
    expect(cardBox.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height);
    expect(cardBox.y + cardBox.height).toBeCloseTo(footerBox.y, 0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(card).toBeInViewport();
    await expect(card.getByRole('button', { name: 'Install' })).toBeVisible();
  });

  test('after 30 seconds the card gives way to the install modal', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    await offerInstall(page);
    await expect(installCard(page)).toBeVisible();

    await page.clock.fastForward(20_000);
    await expect(installModal(page)).toBeHidden();
    await expect(installCard(page)).toBeVisible();

    await page.clock.fastForward(10_000);
    const modal = installModal(page);
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Its own window, without browser tabs and bars');
    await expect(installCard(page)).toBeHidden();

    await modal.getByRole('button', { name: 'Install' }).click();
    await expect(modal).toBeHidden();
    expect(await browserDialogsShown(page)).toBe(1);
  });

  test('Later in the modal is a no for good: the modal never returns after a reload', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await offerInstall(page);
    await expect(installCard(page)).toBeVisible();
    await page.clock.fastForward(30_000);
    await installModal(page).getByRole('button', { name: 'Later' }).click();
    await expect(installModal(page)).toBeHidden();
    await expect(installCard(page)).toBeHidden();
    expect(await flag(page, 'install-prompt-dismissed-forever')).toBe('true');

    await reloadAndWaitForPrompts(page);
    await offerInstall(page);
    await page.clock.fastForward(30_000);
    await expect(installModal(page)).toBeHidden();
    await expect(installCard(page)).toBeHidden();
  });

  test('closing the modal is a no for good too', async ({ page }) => {
    await page.clock.install();
    await page.goto('/how-it-works');
    await offerInstall(page);
    await expect(installCard(page)).toBeVisible();
    await page.clock.fastForward(30_000);
    await installModal(page).getByRole('button', { name: 'Close' }).click();
    await expect(installModal(page)).toBeHidden();
    expect(await flag(page, 'install-prompt-dismissed-forever')).toBe('true');

    await reloadAndWaitForPrompts(page);
    await offerInstall(page);
    await page.clock.fastForward(30_000);
    await expect(installModal(page)).toBeHidden();
    await expect(installCard(page)).toBeHidden();
  });

  test('Later on the card, or saying no in the browser’s dialog, is a no for good', async ({
    page,
  }) => {
    await page.goto('/');
    await offerInstall(page);
    await installCard(page).getByRole('button', { name: 'Later' }).click();
    await expect(installCard(page)).toBeHidden();
    expect(await flag(page, 'install-prompt-dismissed-forever')).toBe('true');

    await page.evaluate(() => localStorage.clear());
    await reloadAndWaitForPrompts(page);
    await offerInstall(page, 'dismissed');
    await installCard(page).getByRole('button', { name: 'Install' }).click();
    await expect(installCard(page)).toBeHidden();
    await expect.poll(() => flag(page, 'install-prompt-dismissed-forever')).toBe('true');
  });

  test('without the browser’s offer, nobody is asked', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.clock.fastForward(30_000);
    await expect(installModal(page)).toBeHidden();
    await expect(installCard(page)).toBeHidden();
  });

  test('smart-banner elements are hidden', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      for (const className of ['smartbanner', 'smart-banner']) {
        const banner = document.createElement('div');
        banner.className = className;
        banner.textContent = 'Open in the app';
        document.body.prepend(banner);
      }
    });
    await expect(page.getByText('Open in the app')).toHaveCount(2);
    await expect(page.getByText('Open in the app').first()).toBeHidden();
    await expect(page.getByText('Open in the app').last()).toBeHidden();
  });
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  const banner = (page: Page) =>
    page.getByRole('region', { name: 'Install YardSale on your iPhone' });

  test('the top banner’s Install App button shows Safari’s steps, then an 8-second reminder', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Install App' }).click();
    const steps = page.getByRole('dialog', { name: 'Add YardSale to your iPhone' });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveText([
      /Tap the Share button/,
      /Add to Home Screen/,
      /Tap “Add”/,
    ]);

    await steps.getByRole('button', { name: 'Got it' }).click();
    await expect(steps).toBeHidden();
    const toast = currentToast(page);
    await expect(toast).toContainText('Tap Share, then “Add to Home Screen”');
    await page.clock.fastForward(6_000);
    await expect(toast).toBeVisible();
    await page.clock.fastForward(2_500);
    await expect(toast).toBeHidden();

    // iOS has no install event: no card and no modal, only the banner.
    await page.clock.fastForward(30_000);
    await expect(installModal(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
  });

  test('closing the banner is a no for good', async ({ page }) => {
    await page.goto('/about');
    await banner(page).getByRole('button', { name: 'Close' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await flag(page, 'install-prompt-dismissed-forever')).toBe('true');

    await reloadAndWaitForPrompts(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('once installed, the banner is gone for good', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(banner(page)).toBeHidden();
    expect(await flag(page, 'is-pwa-installed')).toBe('true');

    await reloadAndWaitForPrompts(page);
    await expect(banner(page)).toBeHidden();
  });
});

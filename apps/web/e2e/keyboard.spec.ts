import type { Locator, Page } from '@playwright/test';

import {
  REVIEWED_LISTING,
  WIDTHS,
  animationsDone,
  expect,
  pageAs,
  settled,
  test,
} from './a11y-support';
import { seededListing } from './signed-in';
import { currentToast, field } from './support';

/**
 * The key journeys by keyboard alone: Tab reaches each control in turn, and whatever has focus
 * shows it.
 */

const DESKTOP = WIDTHS[1].viewport;

// Every stop on the way is checked for its focus ring, which takes a moment each.
test.describe.configure({ timeout: 90_000 });

/**
 * Fails unless the focused control looks focused: its outline, shadow or border (or a close
 * ancestor's, as a card draws the ring for its stretched title link) differs from how it looks
 * without focus.
 */
async function expectVisibleFocus(page: Page) {
  await animationsDone(page);
  const result = await page.evaluate(async () => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) {
      return { visible: false, control: 'nothing (focus is on the page itself)' };
    }
    const chain: Element[] = [];
    for (let el: Element | null = focused; el && chain.length < 4; el = el.parentElement) {
      chain.push(el);
    }
    const look = () =>
      chain.map((el) => {
        const style = getComputedStyle(el);
        const outline =
          style.outlineStyle === 'none' || style.outlineWidth === '0px'
            ? 'none'
            : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        return `${outline}|${style.boxShadow}|${style.borderColor}`;
      });
    const finished = () =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    const withFocus = look();
    focused.blur();
    await new Promise(requestAnimationFrame);
    await finished();
    const withoutFocus = look();
    focused.focus({ preventScroll: true });
    await new Promise(requestAnimationFrame);
    await finished();
    const name = focused.getAttribute('aria-label') ?? focused.textContent;
    return {
      visible: withFocus.some((value, index) => value !== withoutFocus[index]),
      control: `<${focused.tagName.toLowerCase()}> "${name.trim().slice(0, 50)}"`,
    };
  });
  expect(result.visible, `no visible focus indicator on ${result.control}`).toBe(true);
}

/** Presses Tab until `target` has focus, checking that every stop on the way shows its focus. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  await expect(target).toBeVisible();
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${maxPresses} presses of Tab never reached ${target.toString()}`);
}

test('landing page to a signed-in home, by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await settled(page);
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), 1);
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Log In' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  const email = field(page, 'Email');
  await tabTo(page, email);
  await page.keyboard.type('hannah.schultz@example.com');
  await tabTo(page, field(page, 'Password'), 1);
  await page.keyboard.type('demo-password');
  await tabTo(page, page.getByRole('checkbox', { name: /Remember me/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /Remember me/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home/);
});

test('home filters, a listing card and the listing’s actions, by keyboard', async ({
  browser,
  memberSession,
}) => {
  const { context, page } = await pageAs(browser, memberSession, DESKTOP);
  await page.goto('/home');
  await settled(page);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type('dresser');
  await tabTo(page, page.getByRole('combobox', { name: 'Category' }));
  const card = page.getByRole('link', { name: REVIEWED_LISTING });
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: REVIEWED_LISTING })).toBeVisible();
  await settled(page);

  await tabTo(page, page.getByRole('button', { name: 'Message Seller' }));
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), 1);
  await tabTo(page, page.getByRole('button', { name: 'Share' }), 1);
  const report = page.getByRole('button', { name: /Report/ });
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('combobox'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
  await context.close();
});

test('the messages composer, by keyboard', async ({ browser, memberSession }) => {
  const { context, page } = await pageAs(browser, memberSession, DESKTOP);
  await page.goto('/messages');
  await settled(page);
  const conversation = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .first();
  await tabTo(page, conversation);
  await page.keyboard.press('Enter');
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await tabTo(page, composer);
  await page.keyboard.type('Is it still available?');
  const send = page.getByRole('button', { name: 'Send message' });
  await tabTo(page, send, 1);
  await expect(send).toBeEnabled();
  await context.close();
});

test('a toast is announced through a live region', async ({ browser, memberSession }) => {
  const { context, page } = await pageAs(browser, memberSession, DESKTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const listing = await seededListing(page.request, REVIEWED_LISTING);
  await page.goto(`/listing/${listing.id}`);
  await settled(page);

  // Screen readers speak what is added to a live region that already exists: record exactly that.
  await page.evaluate(() => {
    const announced: string[] = [];
    Object.assign(window, { announced });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target =
          mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const region = target?.closest('[aria-live]');
        if (region && region.getAttribute('aria-live') !== 'off' && region.textContent) {
          announced.push(region.textContent);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await page.getByRole('button', { name: 'Share' }).focus();
  await page.keyboard.press('Enter');
  await expect(currentToast(page)).toContainText('Link copied!');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { announced: string[] }).announced))
    .toContainEqual(expect.stringContaining('Link copied!'));
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await context.close();
});

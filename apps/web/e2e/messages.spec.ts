import type { Page } from '@playwright/test';

import { e2eEnv } from './env';
import { expect, postListing, test } from './signed-in';
import { currentToast, signIn } from './support';

/** A seeded neighbour, so the journey does not spend one of the few registrations per hour. */
const BUYER = { email: 'priya.raman@example.com', password: 'demo-password', name: 'Priya Raman' };

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

test('buyer and seller talk live, read marks follow, and deleting hides it for one side only', async ({
  page: seller,
  browser,
}) => {
  test.setTimeout(60_000);
  const title = `Oak rocking chair ${Date.now().toString(36)}`;
  const listingId = await postListing(seller.request, { title, listingType: 'single-item' });
  await seller.goto('/messages');
  await expect(seller.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  const buyerContext = await browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, BUYER);
  await buyer.goto(`/listing/${listingId}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  // The conversation opens, and the address drops its parameter.
  await expect(buyer).toHaveURL(/\/messages$/);
  await expect(buyer.getByRole('region', { name: `Conversation with Robin Hale` })).toBeVisible();

  // Shift+Enter makes a new line; Enter sends.
  await composer(buyer).fill('Hello! Is the chair still available?');
  await composer(buyer).press('Shift+Enter');
  await expect(composer(buyer)).toHaveValue('Hello! Is the chair still available?\n');
  await composer(buyer).pressSequentially('Could I pick it up Saturday?');
  await composer(buyer).press('Enter');
  await expect(composer(buyer)).toHaveValue('');
  await expect(thread(buyer)).toContainText('Could I pick it up Saturday?');
  // Nothing to send when only spaces are typed.
  await composer(buyer).fill('   ');
  await expect(buyer.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await composer(buyer).fill('');

  // The seller, already on Messages, sees it arrive without reloading: a badge, then the New marker.
  const sellerRow = seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(title) });
  await expect(sellerRow).toContainText('1 unread');
  await expect(
    seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ }),
  ).toContainText('1');
  await sellerRow.click();
  const received = thread(seller).getByRole('listitem').filter({ hasText: 'Saturday?' });
  await expect(received).toContainText('New');

  await composer(seller).fill('Yes, it is. Saturday after 10 works.');
  await composer(seller).press('Enter');
  await expect(thread(seller).getByText('Saturday after 10 works.')).toHaveCount(1);

  // The buyer sees the reply, marked New until it has been on screen for a moment.
  const reply = thread(buyer).getByRole('listitem').filter({ hasText: 'Saturday after 10' });
  await expect(reply).toContainText('New');

  // Read 3 s after display, on both sides.
  await expect(received).not.toContainText('New', { timeout: 10_000 });
  await expect(reply).not.toContainText('New', { timeout: 10_000 });
  await expect(thread(buyer)).toContainText('· Read');
  await expect(thread(seller)).toContainText('· Read');
  await expect(sellerRow).not.toContainText('unread');

  // The buyer deletes the conversation; the seller keeps it.
  await buyer.getByRole('button', { name: 'Delete conversation' }).click();
  const dialog = buyer.getByRole('alertdialog', { name: 'Delete this conversation?' });
  await dialog.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(currentToast(buyer)).toContainText('Conversation deleted');
  await expect(
    buyer
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(title) }),
  ).toHaveCount(0);

  await seller.reload();
  await seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(thread(seller)).toContainText('Could I pick it up Saturday?');
  await expect(thread(seller)).toContainText('Saturday after 10 works.');

  await buyerContext.close();
});

test('a page listening for live messages leaves the browser idle between them', async ({
  page,
}) => {
  // Count the timers the page sets: a phone left on a screen must not be woken every few
  // milliseconds while nothing happens.
  await page.addInitScript(() => {
    const counted = window as Window & { timersSet?: number };
    counted.timersSet = 0;
    const setTimer = window.setTimeout.bind(window);
    window.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      counted.timersSet = (counted.timersSet ?? 0) + 1;
      return setTimer(...args);
    }) as typeof setTimeout;
  });
  const socket = page.waitForEvent('websocket');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL((await socket).url()).pathname).toBe('/trpc');
  await page.waitForTimeout(1000);

  const timersSet = () =>
    page.evaluate(() => (window as Window & { timersSet?: number }).timersSet ?? 0);
  const before = await timersSet();
  await page.waitForTimeout(2000);
  // A handful of housekeeping timers, not hundreds.
  expect((await timersSet()) - before).toBeLessThan(20);
});

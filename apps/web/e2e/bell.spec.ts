import type { Page } from '@playwright/test';

import { newSeller, saveSearchFor, uniqueWord } from './notification-helpers';
import { postListing } from './signed-in';
import { createAccount, expect, newNeighbour, test } from './support';

function bell(page: Page, unread: number | 'none') {
  return page.getByRole('button', { name: `Notifications, ${String(unread)} unread`, exact: true });
}

/** The bell as an element, also while its open list hides the page from assistive technology. */
function bellButton(page: Page) {
  return page.locator('header button[aria-label^="Notifications,"]');
}

test('a listing matching a saved search lights the bell live; its entry opens the listing', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const word = uniqueWord();
  await createAccount(page.request, newNeighbour('Wren', 'Watcher'));
  await saveSearchFor(page.request, { search: word });
  await page.goto('/home');
  await expect(bell(page, 'none')).toBeVisible();

  // Opened with no entries: it says so, and Escape gives focus back to the bell.
  await bell(page, 'none').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('You’re all caught up')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page, 'none')).toBeFocused();

  const seller = await newSeller(browser);
  const title = `Brass ${word} lamp`;
  const listingId = await postListing(seller.page.request, { title, listingType: 'single-item' });

  // Live, without a reload.
  await expect(bell(page, 1)).toBeVisible();
  await expect(bellButton(page)).toHaveText('1 unread');

  await bell(page, 1).press('Enter');
  await expect(panel).toBeVisible();
  const entry = panel.getByRole('link', { name: new RegExp(`New match for “${word}”`) });
  await expect(entry).toContainText(title);
  await expect(entry).toContainText('Unread');
  await expect(entry.locator('time')).toHaveText('just now');
  await entry.click();

  await expect(page).toHaveURL(new RegExp(`/listing/${String(listingId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell(page, 'none')).toBeVisible();
  await expect(bellButton(page)).toHaveText('');

  // Two more: "Mark all read" clears them together.
  await postListing(seller.page.request, {
    title: `Copper ${word} kettle`,
    listingType: 'single-item',
  });
  await postListing(seller.page.request, { title: `Tin ${word} tray`, listingType: 'single-item' });
  await expect(bell(page, 2)).toBeVisible();
  await bell(page, 2).click();
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel.getByRole('link').filter({ hasText: 'Unread' })).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bellButton(page)).toHaveAttribute('aria-label', 'Notifications, none unread');
  await expect(panel.getByRole('link').filter({ hasText: 'Unread' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);

  // The footer leads to the saved searches.
  await panel.getByRole('link', { name: 'Saved searches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  await expect(page.getByRole('region', { name: word, exact: true })).toBeVisible();
  await seller.context.close();
});

test('the bell shows only to someone signed in', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
});

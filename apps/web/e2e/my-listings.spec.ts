import { sessionOf } from './admin-helpers';
import { e2eEnv } from './env';
import { expect, postListing, test } from './signed-in';
import { currentToast } from './support';

const DELETE_CONFIRMATION =
  'Are you sure you want to delete this listing? This action cannot be undone and will remove all related conversations.';

/** A demo seller whose porch sale ended two days before the demo was seeded. */
const PORCH_SELLER = { email: 'tom.becker@example.com', password: 'demo-password' };
const PORCH_SALE = 'Porch Sale: Records, Lamps and Garden Pots';

function uniqueTitle(name: string): string {
  return `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

test('a seller deletes their own listing from the profile after confirming', async ({ page }) => {
  const title = uniqueTitle('Cedar porch bench');
  const id = await postListing(page.request, { title, listingType: 'single-item' });

  await page.goto('/profile');
  const row = page
    .getByRole('region', { name: 'My Listings' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveAttribute(
    'href',
    `/listing/${id}`,
  );
  await expect(row.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute(
    'href',
    `/edit-listing/${id}`,
  );

  // Cancelling keeps it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(DELETE_CONFIRMATION, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete listing' }).click();
  await expect(currentToast(page)).toContainText('Listing deleted');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'My Listings' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('an ended listing stays in My Listings marked Expired and is not counted as active', async ({
  browser,
}) => {
  // A sale can no longer be posted already over, so this seller's porch sale of two days ago, from
  // the demo neighbourhood, is the ended listing.
  const context = await browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1280, height: 800 },
    storageState: await sessionOf(PORCH_SELLER),
  });
  const page = await context.newPage();
  await page.goto('/profile');
  const myListings = page.getByRole('region', { name: 'My Listings' });
  const row = myListings.getByRole('listitem').filter({ hasText: PORCH_SALE });
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  await expect(row).toContainText('Ended and hidden from others');

  const rows = await myListings.getByRole('listitem').count();
  const expired = await myListings
    .getByRole('listitem')
    .filter({ has: page.getByText('Expired', { exact: true }) })
    .count();
  expect(expired).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByRole('region', { name: 'Your activity' }).getByRole('definition').first(),
  ).toHaveText(String(rows - expired));
  await context.close();
});

import { e2eEnv } from './env';
import { expect, postListing, test } from './signed-in';
import { currentToast } from './support';

const DELETE_CONFIRMATION =
  'Are you sure you want to delete this listing? This action cannot be undone and will remove all related conversations.';

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
  page,
}) => {
  // Two days ago ended whatever the time zone, and within the week before ended listings are cleared.
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const title = uniqueTitle('Last weekend’s yard sale');
  const id = await postListing(page.request, {
    title,
    listingType: 'garage-sale',
    startDate: twoDaysAgo,
  });

  await page.goto('/profile');
  const myListings = page.getByRole('region', { name: 'My Listings' });
  const row = myListings.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  await expect(row).toContainText('Ended and hidden from others');

  const rows = await myListings.getByRole('listitem').count();
  const expired = await myListings
    .getByRole('listitem')
    .filter({ has: page.getByText('Expired', { exact: true }) })
    .count();
  await expect(
    page.getByRole('region', { name: 'Your activity' }).getByRole('definition').first(),
  ).toHaveText(String(rows - expired));

  const removed = await page.request.post('/trpc/listings.delete', {
    data: { json: { id } },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(removed.ok()).toBe(true);
});

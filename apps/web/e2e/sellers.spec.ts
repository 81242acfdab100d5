import { expect, seededListing, test } from './signed-in';

test('a seller’s page shows who they are and what they have on offer', async ({ page }) => {
  const books = await seededListing(page.request, 'Book and Record Sale');
  await page.goto(`/users/${books.userId}`);

  await expect(page.getByRole('heading', { level: 1, name: 'David Kim' })).toBeVisible();
  await expect(page.getByText('Active Member', { exact: true })).toBeVisible();
  const current = page.getByRole('region', { name: /^Current Listings/ });
  await expect(
    current.getByRole('article').filter({ hasText: 'Book and Record Sale' }),
  ).toBeVisible();
  await expect(
    current.getByRole('article').filter({ hasText: 'Sony WH-1000XM4 Noise-Cancelling Headphones' }),
  ).toBeVisible();

  const listed = await current.getByRole('article').count();
  const stats = page.getByRole('region', { name: 'Quick Stats' });
  await expect(stats.getByRole('definition').first()).toHaveText(String(listed));
  // Reviews come later: their places are there, without numbers.
  await expect(stats.getByRole('definition').nth(1)).toContainText('Not counted yet');
  await expect(page.getByRole('region', { name: 'Recent Reviews' })).toBeVisible();
});

test('an unknown seller is User Not Found, with a way back', async ({ page }) => {
  for (const address of ['/users/987654321', '/users/someone']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeVisible();
    await expect(page.getByText("The user you're looking for doesn't exist.")).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/home');
});

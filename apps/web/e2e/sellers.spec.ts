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
  // The review count and the average are the server's.
  const rating = (await (await page.request.get(`/api/users/${books.userId}/rating`)).json()) as {
    averageRating: number | null;
    totalReviews: number;
  };
  expect(rating.totalReviews).toBeGreaterThan(0);
  await expect(stats.getByRole('definition').nth(1)).toHaveText(String(rating.totalReviews));
  await expect(stats.getByRole('definition').nth(2)).toContainText(
    (rating.averageRating ?? 0).toFixed(1),
  );
  const recent = page.getByRole('region', { name: 'Recent Reviews' });
  await expect(recent.getByRole('listitem')).toHaveCount(Math.min(3, rating.totalReviews));
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

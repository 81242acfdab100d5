import type { Page } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
// Signed in as the worker's neighbour: a stranger to the seeded sellers.
import { expect, postListing, seededListing, test } from './signed-in';
import { createAccount, currentToast, newNeighbour, signIn } from './support';
import { sellerRatings, shownAverage, shownCount } from './trust-helpers';

/** Seeded single items (packages/db seed) whose sellers already have reviews. */
const DRESSER = 'Solid Oak Dresser with Six Drawers';
const HEADPHONES = 'Sony WH-1000XM4 Noise-Cancelling Headphones';
const GRILL = 'Weber Kettle Charcoal Grill, 22-inch';

function sellerReviews(page: Page) {
  return page.getByRole('region', { name: 'Seller reviews' });
}

test('a neighbour rates a seller with the keyboard and sees the average and count move', async ({
  page,
}) => {
  const dresser = await seededListing(page.request, DRESSER);
  const before = await sellerRatings(page.request, dresser.userId);
  expect(before.length).toBeGreaterThan(0);
  const after = [...before, 2];

  await page.goto(`/listing/${dresser.id}`);
  const reviews = sellerReviews(page);
  const summary = reviews.getByTestId('rating-summary');
  await expect(summary).toContainText(shownAverage(before));
  await expect(summary).toContainText(shownCount(before.length));
  await expect(summary.getByRole('img')).toHaveAttribute(
    'aria-label',
    `${Number(shownAverage(before))} out of 5 stars`,
  );

  // The stars are a radio group: Tab in, then the arrow keys choose.
  const form = reviews.getByRole('form', { name: /^Review / });
  await form.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
  const comment = form.getByRole('textbox', { name: /Comment/ });
  await comment.fill(
    'Answered quickly, but the dresser had more scratches than the photos showed.',
  );
  await expect(form).toContainText('76/500');
  await form.getByRole('button', { name: 'Submit Review' }).click();

  await expect(currentToast(page)).toContainText('Review submitted');
  await expect(summary).toContainText(shownAverage(after));
  await expect(summary).toContainText(shownCount(after.length));
  const mine = reviews.getByRole('article', { name: 'Review by Robin H.' });
  await expect(mine).toContainText('more scratches than the photos showed');
  await expect(mine.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
  // One review per listing: the form gives way to a thank-you.
  await expect(reviews.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
  await expect(reviews).toContainText('You reviewed Linda for this listing');

  // The seller's public page counts it too.
  await page.goto(`/users/${dresser.userId}`);
  const stats = page.getByRole('region', { name: 'Quick Stats' });
  await expect(stats.getByRole('definition').nth(1)).toHaveText(String(after.length));
  await expect(stats.getByRole('definition').nth(2)).toHaveText(shownAverage(after));
  await expect(
    page.getByRole('region', { name: 'Recent Reviews' }).getByRole('article').first(),
  ).toContainText('Robin H.');
});

test('a review without stars is refused before anything is sent', async ({ page }) => {
  const headphones = await seededListing(page.request, HEADPHONES);
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('reviews.create')) sent += 1;
  });
  await page.goto(`/listing/${headphones.id}`);
  const form = sellerReviews(page).getByRole('form', { name: /^Review / });
  await form.getByRole('textbox', { name: /Comment/ }).fill('Great seller');
  await form.getByRole('button', { name: 'Submit Review' }).click();

  await expect(currentToast(page)).toContainText('Rating required');
  await expect(currentToast(page)).toContainText('Please select a star rating');
  await expect(form.getByRole('textbox', { name: /Comment/ })).toHaveValue('Great seller');
  expect(sent).toBe(0);
});

test('a refused review keeps what was written and says why', async ({ page, browser }) => {
  const grill = await seededListing(page.request, GRILL);
  // Two tabs on the same listing: the review sent from the first makes the second a duplicate.
  const other = await browser.newPage({
    baseURL: e2eEnv.baseURL,
    storageState: await page.context().storageState(),
  });
  await page.goto(`/listing/${grill.id}`);
  await other.goto(`/listing/${grill.id}`);

  const first = sellerReviews(page).getByRole('form', { name: /^Review / });
  const second = sellerReviews(other).getByRole('form', { name: /^Review / });
  // The second tab must have drawn its form before the first review exists, or it shows the thank-you.
  await expect(second).toBeVisible();
  await first.getByRole('radio', { name: '5 stars' }).check();
  await first.getByRole('button', { name: 'Submit Review' }).click();
  await expect(currentToast(page)).toContainText('Review submitted');

  await second.getByRole('radio', { name: '4 stars' }).check();
  await second.getByRole('textbox', { name: /Comment/ }).fill('Second thoughts');
  await second.getByRole('button', { name: 'Submit Review' }).click();
  await expect(currentToast(other)).toContainText('Review failed');
  await expect(currentToast(other)).toContainText(
    'You have already reviewed this seller for this listing',
  );
  await expect(second.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(second.getByRole('textbox', { name: /Comment/ })).toHaveValue('Second thoughts');
  await other.close();
});

test('a seller sees their reviews but cannot review or report themselves', async ({ page }) => {
  const id = await postListing(page.request, {
    title: `Cast iron skillet ${Date.now().toString(36)}`,
    listingType: 'single-item',
  });
  await page.goto(`/listing/${id}`);
  const reviews = sellerReviews(page);
  await expect(reviews).toContainText('What neighbours say about you as a seller.');
  await expect(reviews.getByTestId('rating-summary')).toBeVisible();
  await expect(reviews.getByRole('form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0);
});

test('a first review turns "No reviews yet" into a rating', async ({ page, browser }) => {
  const title = `Porch swing ${Date.now().toString(36)}`;
  const id = await postListing(page.request, { title, listingType: 'single-item' });

  // A seeded neighbour writes the first review of the worker's neighbour.
  const buyer = await browser.newPage({ baseURL: e2eEnv.baseURL });
  await signIn(buyer, { email: 'priya.raman@example.com', password: 'demo-password' });
  await buyer.goto(`/listing/${id}`);
  const reviews = sellerReviews(buyer);
  await expect(reviews).toContainText('No reviews yet');
  await reviews.getByRole('radio', { name: '4 stars' }).check();
  await reviews.getByRole('button', { name: 'Submit Review' }).click();
  await expect(currentToast(buyer)).toContainText('Review submitted');
  await expect(reviews.getByTestId('rating-summary')).toContainText('4.0');
  await expect(reviews.getByTestId('rating-summary')).toContainText('(1 review)');
  await buyer.close();

  // The reviewed neighbour sees it on their own profile.
  await page.goto('/profile');
  await expect(page.getByTestId('rating-summary')).toContainText('4.0');
  await expect(page.getByTestId('rating-summary')).toContainText('(1 review)');
  const activity = page.getByRole('region', { name: 'Your activity' });
  const stat = (label: string) =>
    activity.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(stat('Rating')).toHaveText('4.0');
  await expect(stat('Total Reviews')).toHaveText('1');
});

test('a review shows on the reviewed neighbour’s open public page as it arrives, with the bell', async ({
  page: reviewer,
  browser,
}) => {
  // A neighbour of its own, so the counts are this journey's alone.
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const seller = await context.newPage();
  await createAccount(seller.request, newNeighbour('Nora', 'Quill'));
  const me = z
    .object({ id: z.number() })
    .parse(await (await seller.request.get('/api/user')).json());
  const title = `Garden bench ${Date.now().toString(36)}`;
  const id = await postListing(seller.request, { title, listingType: 'single-item' });

  await seller.goto(`/users/${String(me.id)}`);
  const stats = seller.getByRole('region', { name: 'Quick Stats' });
  await expect(stats.getByRole('definition').nth(1)).toHaveText('0');

  await reviewer.goto(`/listing/${String(id)}`);
  const reviews = sellerReviews(reviewer);
  await reviews.getByRole('radio', { name: '4 stars' }).check();
  await reviews
    .getByRole('textbox', { name: /Comment/ })
    .fill('Bench was exactly as described, easy pickup.');
  await reviews.getByRole('button', { name: 'Submit Review' }).click();
  await expect(currentToast(reviewer)).toContainText('Review submitted');

  // No reload: the bell counts it, and the page's rating, stats and recent reviews follow.
  await expect(seller.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(stats.getByRole('definition').nth(1)).toHaveText('1');
  await expect(stats.getByRole('definition').nth(2)).toHaveText('4.0');
  await expect(seller.getByTestId('rating-summary')).toContainText('(1 review)');
  await expect(
    seller.getByRole('region', { name: 'Recent Reviews' }).getByRole('article').first(),
  ).toContainText('easy pickup');
  await context.close();
});

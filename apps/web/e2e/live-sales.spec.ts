import { expect, seededListing, test } from './signed-in';

const ESTATE_SALE = "Estate Sale: A Woodworker's Garage";

// The seed dates its sales in Madison's calendar; the visitor lives there too.
test.use({ timezoneId: 'America/Chicago' });

test('Happening Today shows the garage sales that start today, with matching counts', async ({
  page,
}) => {
  const estate = await seededListing(page.request, ESTATE_SALE);
  if (!estate.startDate) throw new Error('The seeded estate sale has no date');
  // Noon in Madison on the day the estate sale opens.
  await page.clock.setFixedTime(new Date(`${estate.startDate}T18:00:00Z`));
  await page.goto('/current');

  await expect(page.getByRole('heading', { level: 1, name: 'Live Sales Now' })).toBeVisible();
  const today = page.getByRole('region', { name: /^Happening Today/ });
  await expect(today.getByRole('article').filter({ hasText: ESTATE_SALE })).toBeVisible();
  await expect(today.getByText('Single Item', { exact: true })).toHaveCount(0);

  const todayCount = await today.getByRole('article').count();
  await expect(page.getByRole('region', { name: /^Happening Today/ })).toHaveAccessibleName(
    new RegExp(`${todayCount} sales?$`),
  );
  const stats = page.getByRole('region', { name: 'Garage sales at a glance' });
  await expect(stats.getByRole('definition').nth(0)).toHaveText(String(todayCount));

  const weekend = page.getByRole('region', { name: /^This Weekend/ });
  await expect(
    weekend.getByRole('article').first().or(weekend.getByText('No sales this weekend')),
  ).toBeVisible();
  await expect(weekend.getByText('Single Item', { exact: true })).toHaveCount(0);
  const weekendCount = await weekend.getByRole('article').count();
  await expect(stats.getByRole('definition').nth(1)).toHaveText(String(weekendCount));
  await expect(stats.getByRole('definition').nth(2)).toHaveText(/^\d+$/);

  await page.getByRole('link', { name: 'Browse All' }).click();
  await expect(page).toHaveURL('/home');
});

test('a quiet week says so, with a way to post a sale', async ({ page }) => {
  // Wednesday 3 June 2099: nothing is planned that far ahead.
  await page.clock.setFixedTime(new Date('2099-06-03T18:00:00Z'));
  await page.goto('/current');

  const today = page.getByRole('region', { name: /^Happening Today/ });
  await expect(today).toContainText('No sales happening today');
  await expect(today).toContainText('Wed, Jun 3');
  const weekend = page.getByRole('region', { name: /^This Weekend/ });
  await expect(weekend).toContainText('No sales this weekend');
  await expect(weekend).toContainText('Sat, Jun 6 – Sun, Jun 7');

  await weekend.getByRole('link', { name: 'Post Your Sale' }).click();
  await expect(page).toHaveURL('/create-listing');
});

test('on a phone, the hero’s buttons keep their labels inside their borders', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/current');
  const hero = page.getByRole('region', { name: 'Live Sales Now' });
  for (const name of ['Browse All', 'Post Your Sale']) {
    const button = hero.getByRole('link', { name });
    await expect(button).toBeVisible();
    // The label with its padding fits the button: nothing spills over or touches the border.
    const fit = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        spills: element.scrollWidth > element.clientWidth,
        padding: Math.min(parseFloat(style.paddingLeft), parseFloat(style.paddingRight)),
        inWindow: element.getBoundingClientRect().right <= window.innerWidth,
      };
    });
    expect(fit).toEqual({ spills: false, padding: expect.any(Number), inWindow: true });
    expect(fit.padding).toBeGreaterThanOrEqual(12);
  }
});

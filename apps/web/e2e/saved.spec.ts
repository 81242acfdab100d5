import type { Page } from '@playwright/test';

import { expect, test } from './signed-in';
import { currentToast } from './support';

const ROCKING_CHAIR = 'Victorian Walnut Rocking Chair';
const GUITAR = 'Yamaha FG800 Acoustic Guitar with Soft Case';

async function savedCount(page: Page): Promise<number> {
  await page.goto('/profile');
  const stat = page.getByRole('region', { name: 'Your activity' }).getByRole('definition').nth(1);
  await expect(stat).toHaveText(/^\d+$/);
  return Number(await stat.textContent());
}

test('a listing saved from its card shows on Saved Listings and in the profile, and can be removed', async ({
  page,
}) => {
  const before = await savedCount(page);

  await page.goto('/home?section=items&category=Antiques');
  const card = page
    .getByRole('region', { name: 'Antiques', exact: true })
    .getByRole('article')
    .filter({ hasText: ROCKING_CHAIR });
  const save = card.getByRole('button', { name: `Save ${ROCKING_CHAIR}` });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(currentToast(page)).toContainText('Listing saved');

  expect(await savedCount(page)).toBe(before + 1);
  const preview = page.getByRole('region', { name: 'Saved Listings' });
  // Newest save first.
  await expect(preview.getByRole('listitem').first()).toContainText(ROCKING_CHAIR);

  await preview.getByRole('link', { name: /View all saved listings/ }).click();
  await expect(page).toHaveURL('/saved-listings');
  const saved = page.getByRole('article').filter({ hasText: ROCKING_CHAIR });
  await expect(saved).toBeVisible();

  await saved.getByRole('button', { name: `Remove ${ROCKING_CHAIR} from saved` }).click();
  await expect(saved).toHaveCount(0);
  await expect(currentToast(page)).toContainText('Listing removed');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Listings' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: ROCKING_CHAIR })).toHaveCount(0);
  expect(await savedCount(page)).toBe(before);
});

test('a save the server never receives is undone, with a toast', async ({ page }) => {
  await page.route('**/trpc/saved.save**', (route) => route.abort('failed'));
  // Found by a search: other journeys post to its category, so it may be past the row's first page.
  await page.goto('/home?section=items&q=Yamaha');
  const save = page
    .getByRole('region', { name: 'Results for “Yamaha”', exact: true })
    .getByRole('article')
    .filter({ hasText: GUITAR })
    .getByRole('button', { name: `Save ${GUITAR}` });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();

  await expect(currentToast(page)).toContainText('Save failed');
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/saved-listings');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Listings' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: GUITAR })).toHaveCount(0);
});

import type { Page } from '@playwright/test';

// Signed in as the worker's neighbour: a stranger to the seeded sellers.
import { expect, seededListing, test } from './signed-in';
import { currentToast } from './support';

/** Seeded listings (packages/db seed) by sellers other than the neighbour. */
const BIKE = 'Trek FX 2 Hybrid Bike, Medium Frame';
const GUITAR = 'Yamaha FG800 Acoustic Guitar with Soft Case';

async function openReportDialog(page: Page) {
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a neighbour reports a listing; a second report while the first waits is refused', async ({
  page,
}) => {
  const bike = await seededListing(page.request, BIKE);
  await page.goto(`/listing/${bike.id}`);

  let dialog = await openReportDialog(page);
  await expect(dialog).toContainText(BIKE);
  const category = dialog.getByRole('combobox', { name: 'Category' });
  for (const label of ['Scammer', 'Inappropriate content', 'Fake listing', 'Harassment', 'Other']) {
    await expect(category.getByRole('option', { name: label, exact: true })).toBeAttached();
  }
  await category.selectOption({ label: 'Fake listing' });
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await description.fill('The photos are copied from a shop website and the seller will not meet.');
  await expect(dialog).toContainText('71/1000');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();

  await expect(currentToast(page)).toContainText('Report submitted');
  await expect(dialog).toBeHidden();

  // The same report again, while the first is still pending: refused, and nothing is lost.
  dialog = await openReportDialog(page);
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scammer' });
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Asked me to pay a deposit by gift card before I could see it.');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  // The open dialog hides the page from assistive technology, so the toast is seen and the
  // dialog says it too.
  await expect(page.getByText('Failed to submit report', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have already reported this and it is waiting for review',
  );
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('scammer');
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Asked me to pay a deposit by gift card before I could see it.',
  );
});

test('a report needs a category and a real description', async ({ page }) => {
  const guitar = await seededListing(page.request, GUITAR);
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('reports.create')) sent += 1;
  });
  await page.goto(`/listing/${guitar.id}`);

  const dialog = await openReportDialog(page);
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await description.fill('Fake  ');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Please choose a report category')).toBeVisible();
  await expect(
    dialog.getByText('Please provide a detailed description (at least 10 characters)'),
  ).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveValue('Fake  ');
  await expect(dialog).toBeVisible();
  expect(sent).toBe(0);

  // Closed and opened again: what was written is still there.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Report' })).toBeFocused();
  await openReportDialog(page);
  await expect(description).toHaveValue('Fake  ');
});

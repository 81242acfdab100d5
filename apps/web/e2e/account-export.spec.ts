import { readFile } from 'node:fs/promises';

import { UI_TEXT } from '@yardsale/validators';
import { strFromU8, unzipSync } from 'fflate';

import { expect, test } from './signed-in';

const M = UI_TEXT.dataExport;

test('a neighbour downloads their data from Settings as a zip holding their profile', async ({
  page,
  neighbour,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: M.title })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: M.button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^yardsale-export-\d{4}-\d{2}-\d{2}\.zip$/);

  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const json = files['yardsale-export.json'];
  if (!json) throw new Error(`the zip holds ${Object.keys(files).join(', ')}`);
  const document = JSON.parse(strFromU8(json)) as { profile: { email: string } };
  expect(document.profile.email).toBe(neighbour.email);
  await expect(page.getByRole('button', { name: M.button })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a refused download says why, beside the button', async ({ page }) => {
  // The real limit is three an hour; the refusal is played here so no journey spends the others'.
  const refusal = M.tooMany(42);
  await page.route('**/api/user/export', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '2520' },
      contentType: 'application/json',
      body: JSON.stringify({ message: refusal }),
    }),
  );
  await page.goto('/settings');
  const button = page.getByRole('button', { name: M.button });
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(button).toHaveAccessibleDescription(refusal);
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';

import { expectNoSeriousViolations, settled } from './a11y-support';
import { e2eEnv } from './env';
import { expect, test } from './signed-in';

const createdSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

/** A single item at an address in or around Madison, WI, placed by its ZIP code. */
async function postItemAt(
  request: APIRequestContext,
  title: string,
  address: string,
  pin?: { latitude: number; longitude: number },
) {
  const response = await request.post('/trpc/listings.create', {
    data: {
      json: {
        title,
        category: 'Other',
        listingType: 'single-item',
        priceRange: 'Under $25',
        address,
        location: pin,
        timeZone: 'America/Chicago',
      },
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return createdSchema.parse(await response.json()).result.data.json.id;
}

function results(page: Page, word: string): Locator {
  return page.getByRole('region', { name: `Results for “${word}”`, exact: true });
}

async function titlesIn(region: Locator): Promise<string[]> {
  return region.getByRole('article').getByRole('heading').allInnerTexts();
}

test('near me: a ZIP code sets the place, cards show miles, nearest first, and it is remembered', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A word only these listings have, so the journey sees its own listings and no others.
  const word = `Lanternfish${String(Date.now() % 1_000_000)}`;
  const far = `${word} canoe paddle`;
  const middle = `${word} bread maker`;
  const near = `${word} desk lamp`;
  const outside = `${word} garden hose`;
  // Posted far to near, so newest first and nearest first differ.
  await postItemAt(page.request, far, '9 Parmenter Street, Middleton, WI 53562');
  await postItemAt(page.request, middle, '3301 East Washington Avenue, Madison, WI 53704');
  // The seller dragged this pin a few blocks west of the ZIP's centre.
  await postItemAt(page.request, near, '2 East Main Street, Madison, WI 53703', {
    latitude: 43.0722,
    longitude: -89.3962,
  });
  await postItemAt(page.request, outside, '100 Main Street, Milwaukee, WI 53202');

  await page.goto(`/home?q=${word}`);
  const chip = page.getByRole('button', { name: 'Set your location' });
  await expect(chip).toBeVisible();
  // Without a place, the search finds all four and says nothing about miles.
  await expect(results(page, word).getByRole('article')).toHaveCount(4);
  await expect(page.getByTestId('listing-distance')).toHaveCount(0);

  await chip.click();
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await expect(dialog).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/home (location dialog)');

  // A place that does not exist is said so, and the dialog stays open.
  await dialog.getByLabel('ZIP code or town').fill('00000');
  await dialog.getByRole('button', { name: 'Go' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("We couldn't find that place");

  await dialog.getByLabel('ZIP code or town').fill('53703');
  await dialog.getByRole('button', { name: 'Go' }).click();
  await expect(dialog).toBeHidden();
  const setChip = page.getByRole('button', { name: 'Within 10 mi of 53703' });
  await expect(setChip).toBeVisible();
  // Focus goes back to the chip that opened the dialog.
  await expect(setChip).toBeFocused();

  // Milwaukee is some 70 miles away: outside 10 miles, so it is gone.
  const found = results(page, word);
  await expect(found.getByRole('article')).toHaveCount(3);
  await expect(found.getByRole('article').filter({ hasText: outside })).toHaveCount(0);
  for (const card of await found.getByRole('article').all()) {
    await expect(card.getByTestId('listing-distance')).toHaveText(/^\d+\.\d mi away$/);
  }

  await page.getByLabel('Sort by').selectOption({ label: 'Nearest first' });
  await expect(page).toHaveURL(/sort=distance/);
  await expect
    .poll(() => titlesIn(found))
    .toEqual([
      expect.stringContaining(near),
      expect.stringContaining(middle),
      expect.stringContaining(far),
    ]);
  const miles = await found.getByTestId('listing-distance').allInnerTexts();
  const values = miles.map((text) => Number.parseFloat(text));
  expect(values).toEqual([...values].sort((a, b) => a - b));

  // Remembered on this device: a reload keeps the place and the order.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Within 10 mi of 53703' })).toBeVisible();
  await expect.poll(() => titlesIn(results(page, word))).toHaveLength(3);

  // The distance changes from the dialog; Clear forgets the place and every result is back.
  await page.getByRole('button', { name: 'Within 10 mi of 53703' }).click();
  await page.getByRole('dialog').getByText('50 mi', { exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('radio', { name: '50 mi' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Within 50 mi of 53703' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Set your location' })).toBeVisible();
  await expect(results(page, word).getByRole('article')).toHaveCount(4);
});

test('near me: a bare town name offers the towns it fits, and the hint fits on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Set your location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await settled(page);

  // The example is shown whole, inside the dialog, not cut off in the field.
  const hint = dialog.getByText('For example 53703, Madison or Madison, WI', { exact: true });
  await expect(hint).toBeInViewport({ ratio: 1 });
  const widths = await hint.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const field = dialog.getByLabel('ZIP code or town');
  await expect(field).toHaveAccessibleDescription('For example 53703, Madison or Madison, WI');
  await page.screenshot({ path: test.info().outputPath('location-hint-phone.png') });

  await field.fill('Madison');
  await dialog.getByRole('button', { name: 'Go' }).click();
  const choices = dialog.getByRole('group', {
    name: 'Several towns are called Madison. Which one?',
  });
  await expect(choices.getByRole('button').first()).toHaveText('Madison, WI');
  expect(await choices.getByRole('button').count()).toBeGreaterThan(1);
  await expect(choices.getByRole('button', { name: 'Madison, AL' })).toBeVisible();
  await expectNoSeriousViolations(page, '/home (location dialog, towns to choose from)');
  await page.screenshot({ path: test.info().outputPath('location-choices-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('location-choices-desktop.png') });

  await choices.getByRole('button', { name: 'Madison, WI' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Within 10 mi of Madison, WI' })).toBeVisible();
});

test('near me: a refused location permission is explained, and nothing is set', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Set your location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Location access is off for YardSale');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Set your location' })).toBeVisible();
});

test('near me: the device is asked for its location only on the tap, and the place it gives is used', async ({
  page,
  context,
}) => {
  // Counts every request for the position, from the first script on.
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    const counter = window as unknown as { positionRequests: number };
    counter.positionRequests = 0;
    geolocation.getCurrentPosition = (...args) => {
      counter.positionRequests += 1;
      ask(...args);
    };
  });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 43.0747, longitude: -89.3841 });
  const requests = () =>
    page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);

  for (const path of ['/home', '/current', '/map']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Set your location' }).first()).toBeVisible();
    expect(await requests(), `${path} asked for the position on load`).toBe(0);
  }
  await page.goto('/home');
  await page.getByRole('button', { name: 'Set your location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Within 10 mi of your location' })).toBeVisible();
  expect(await requests()).toBe(1);
});

async function fillItem(page: Page, title: string, address: string) {
  await page.goto('/create-listing');
  await page.getByRole('radio', { name: 'Single Item' }).check();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Other');
  await page.getByRole('combobox', { name: 'Price range' }).selectOption('Under $25');
  const field = page.getByRole('textbox', { name: 'Address', exact: true });
  await field.fill(address);
  await field.blur();
}

test("the seller's pin starts at the ZIP code, is moved by keyboard, and lands where it was put", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Pin test lamp ${String(Date.now() % 1_000_000)}`;
  await fillItem(page, title, '2 East Main Street, Madison, WI 53703');
  await expect(page.getByText(/Buyers see the ZIP area until you drag the pin/)).toBeVisible();
  const pin = page.getByTitle(/Sale location: drag/);
  await pin.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByText('Buyers will be directed to this pin.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The seller placed it: nothing says approximate.
  await expect(page.getByText('Approximate location (ZIP area)')).toHaveCount(0);
});

test('a listing whose address is on no map is published, and the seller is told', async ({
  page,
}) => {
  const title = `Unplaced chair ${String(Date.now() % 1_000_000)}`;
  await fillItem(page, title, '12 Nowhere Lane, Atlantis');
  await expect(page.getByText(/couldn't place this address on the map/)).toBeVisible();
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(/Location not found on the map/),
  ).toBeVisible();
  await expect(page.getByText('Approximate location (ZIP area)')).toHaveCount(0);
});

test('a listing placed by its ZIP code says its location is approximate', async ({ page }) => {
  const title = `Zip-placed rake ${String(Date.now() % 1_000_000)}`;
  await fillItem(page, title, '2 East Main Street, Madison, WI 53703');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Approximate location (ZIP area)')).toBeVisible();
});

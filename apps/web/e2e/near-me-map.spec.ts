import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
import { expect, test } from './signed-in';

const createdSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

// A 1x1 grey PNG: every map tile, so the journeys never reach the tile server.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN89+7dfwAJgAPkRk1zHQAAAABJRU5ErkJggg==',
  'base64',
);

async function offlineTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
}

// The sales take place in Madison, and the visitor lives there too.
test.use({ timezoneId: 'America/Chicago' });

/** Today's date in Madison, as sales are dated. */
function madisonToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A garage sale on today's date, open until late so it is still on whenever the journey runs. */
async function postSaleToday(
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
        listingType: 'garage-sale',
        priceRange: 'Under $25',
        address,
        location: pin,
        startDate: madisonToday(),
        startTime: '00:30',
        endTime: '23:59',
        timeZone: 'America/Chicago',
      },
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return createdSchema.parse(await response.json()).result.data.json.id;
}

async function setPlaceByZip(page: Page, zip: string) {
  await page.getByRole('button', { name: 'Set your location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
  await dialog.getByLabel('ZIP code or town').fill(zip);
  await dialog.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByRole('button', { name: `Within 10 mi of ${zip}` })).toBeVisible();
}

test('the map shows the sales near a ZIP; a pin opens by keyboard; three picked sales make a route', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await offlineTiles(page);
  // A word only these sales have, so the map shows these and no others.
  const word = `Kingfisher${String(Date.now() % 1_000_000)}`;
  // East of 53703's centre (43.0775, -89.3831), about 1, 2 and 3 miles out; posted out of order.
  const far = `${word} tool chest sale`;
  const near = `${word} porch sale`;
  const middle = `${word} vinyl sale`;
  await postSaleToday(page.request, far, '3 Far Lane, Madison, WI 53704', {
    latitude: 43.0775,
    longitude: -89.3236,
  });
  await postSaleToday(page.request, near, '1 Near Street, Madison, WI 53703', {
    latitude: 43.0775,
    longitude: -89.3633,
  });
  await postSaleToday(page.request, middle, '2 Middle Road, Madison, WI 53704', {
    latitude: 43.0775,
    longitude: -89.3434,
  });
  // No pin: placed at its ZIP's centre, shown as approximate.
  const rough = `${word} barn sale`;
  await postSaleToday(page.request, rough, '4 Hill Court, Madison, WI 53704');

  await page.goto(`/map?q=${word}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales near you' })).toBeVisible();
  await setPlaceByZip(page, '53703');

  const map = page.getByRole('region', { name: 'Map of 4 sales' });
  await expect(map).toBeVisible();
  // The tile provider's credit is always on the map.
  await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();
  const pin = (title: string) => map.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(pin(near)).toHaveAccessibleName(`${near}, 1.0 mi`);
  await expect(pin(rough)).toHaveAccessibleName(/approximate location$/);
  await expect(map.locator('.ys-approx')).toHaveCount(1);

  // Keyboard: focus the pin, Enter opens its card, whose first control takes the focus.
  await pin(far).focus();
  await page.keyboard.press('Enter');
  const card = map.getByRole('group', { name: far });
  await expect(card).toBeVisible();
  await expect(card).toContainText('3.0 mi away');
  await expect(card.getByRole('link', { name: 'View listing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: `Remove from my route: ${far}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(pin(far)).toBeFocused();

  // The list is the same sales, nearest first, each with its route button.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const list = page.getByRole('region', { name: /^Happening Today/ });
  await expect(list.getByRole('article').getByRole('heading')).toHaveText([
    near,
    middle,
    far,
    rough,
  ]);
  await list.getByRole('button', { name: `Add to my route: ${near}` }).click();
  await list.getByRole('button', { name: `Add to my route: ${middle}` }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 sales in your route' })).toBeVisible();

  await page.getByRole('link', { name: 'Plan my route' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My route' })).toBeVisible();
  await expect(page.getByTestId('route-start')).toHaveText('53703');
  // Added far, near, middle: planned nearest first along the street.
  await expect(page.getByTestId('route-stop').getByRole('link')).toHaveText([near, middle, far]);
  // About 3 miles of straight line, estimated for roads.
  await expect(page.getByTestId('route-summary')).toContainText(/\d+\.\d mi in all/);
  await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\//,
  );

  await page.getByRole('button', { name: `Remove ${middle} from my route` }).click();
  await expect(page.getByTestId('route-stop').getByRole('link')).toHaveText([near, far]);
  await page.getByRole('button', { name: 'Clear my route' }).click();
  await expect(page.getByText('Your route is empty')).toBeVisible();
});

test('Live Sales Now shows a list by default and the same sales on a map when asked', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await offlineTiles(page);
  const title = `Heron${String(Date.now() % 1_000_000)} yard sale`;
  await postSaleToday(page.request, title, '5 Lake Street, Madison, WI 53703', {
    latitude: 43.0731,
    longitude: -89.3901,
  });

  await page.goto('/current');
  const today = page.getByRole('region', { name: /^Happening Today/ });
  await expect(today.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole('region', { name: /^Map of \d+ sales?$/ });
  await expect(map).toBeVisible();
  // Pins, or clusters of them where the seeded sales are dense.
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(today.getByRole('article').filter({ hasText: title })).toBeVisible();
});

import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';

import { expectNoSeriousViolations } from './a11y-support';
import { e2eEnv } from './env';
import { expect, test } from './signed-in';

const createdSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

// A 1x1 grey PNG: every map tile, so the journey never reaches the tile server.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN89+7dfwAJgAPkRk1zHQAAAABJRU5ErkJggg==',
  'base64',
);

const MADISON = 'America/Chicago';

/** The first Saturday at least two days after today in Madison, as sales are dated. */
function comingSaturday(): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: MADISON,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

async function postSale(
  request: APIRequestContext,
  sale: {
    title: string;
    day: string;
    startTime: string;
    endTime: string;
    latitude: number;
    longitude: number;
  },
) {
  const response = await request.post('/trpc/listings.create', {
    data: {
      json: {
        title: sale.title,
        category: 'Other',
        listingType: 'garage-sale',
        priceRange: 'Under $25',
        address: '10 Lake Street, Madison, WI 53703',
        location: { latitude: sale.latitude, longitude: sale.longitude },
        startDate: sale.day,
        startTime: sale.startTime,
        endTime: sale.endTime,
        timeZone: MADISON,
      },
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return createdSchema.parse(await response.json()).result.data.json.id;
}

/** Picks the sales for the route on this device, as the map's route buttons do. */
async function pickForRoute(page: Page, ids: number[]) {
  await page.addInitScript((value) => {
    window.localStorage.setItem('yardsale.routeStops', value);
  }, JSON.stringify(ids));
}

// Madison sales planned from a device in Madison, at UTC and in Los Angeles: the same plan.
for (const device of ['UTC', MADISON, 'America/Los_Angeles']) {
  test.describe(`a device in ${device}`, () => {
    test.use({ timezoneId: device });

    test('plans Madison sales on Madison time: departure, arrivals, hours, waits and warnings', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.route('https://tile.openstreetmap.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
      );
      const day = comingSaturday();
      const word = `Heron${String(Date.now() % 1_000_000)}`;
      // East of 53703's centre (43.0775, -89.3831): about 1, 2 and 9 miles out.
      const near = `${word} porch sale`;
      const middle = `${word} quilt sale`;
      const far = `${word} early bird sale`;
      const ids = [
        await postSale(page.request, {
          title: far,
          day,
          startTime: '07:00',
          endTime: '08:15',
          latitude: 43.0775,
          longitude: -89.2031,
        }),
        await postSale(page.request, {
          title: middle,
          day,
          startTime: '10:00',
          endTime: '14:00',
          latitude: 43.0775,
          longitude: -89.3434,
        }),
        await postSale(page.request, {
          title: near,
          day,
          startTime: '08:00',
          endTime: '15:00',
          latitude: 43.0775,
          longitude: -89.3633,
        }),
      ];
      await pickForRoute(page, ids);

      await page.goto('/route');
      await expect(page.getByRole('heading', { level: 1, name: 'My route' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: longDate(day) })).toBeVisible();
      // Before a start is set, the picked sales are there with their hours, in the order picked.
      const picked = page.getByRole('list', { name: 'Sales picked for this day' });
      await expect(picked.getByTestId('route-stop')).toHaveText([
        new RegExp(`${far}.*7:00 AM – 8:15 AM`),
        new RegExp(`${middle}.*10:00 AM – 2:00 PM`),
        new RegExp(`${near}.*8:00 AM – 3:00 PM`),
      ]);
      await expect(page.getByText('Set where you start')).toBeVisible();
      if (device === MADISON) await expectNoSeriousViolations(page, '/route before a start is set');
      // The departure is 8:00 AM on Madison's clock.
      await expect(page.getByLabel('Leaving at')).toHaveValue(`${day}T08:00`);
      // Only a device whose clock reads otherwise is told whose clock the times are on.
      const zoneNote = page.getByTestId('route-zone');
      if (device === MADISON) await expect(zoneNote).toHaveCount(0);
      else await expect(zoneNote).toHaveText('Times are Central Time (CT), where the sales are.');

      await page.getByLabel('Or start from a ZIP or town').fill('53703');
      await page.getByRole('button', { name: 'Set start' }).click();
      await expect(page.getByTestId('route-start')).toHaveText('53703');

      const stops = page.getByRole('list', { name: 'Stops in order' });
      await expect(stops.getByRole('listitem').first()).toHaveText('Leave 53703 at 8:00 AM');
      const planned = stops.getByTestId('route-stop');
      await expect(planned).toHaveText([
        // The early bird sale cannot be reached by 8:15 whatever the order: it comes second,
        // while the quilt sale is not yet open.
        new RegExp(`Stop 1: ${near}Arrive 8:03 AM1\\.3 mi drive.*8:00 AM – 3:00 PM$`),
        new RegExp(
          `Stop 2: ${far}Arrive 8:43 AM10\\.5 mi drive.*7:00 AM – 8:15 AM` +
            'Arrives after it closes at 8:15 AM$',
        ),
        new RegExp(
          `Stop 3: ${middle}Arrive 9:20 AM9\\.2 mi drive.*10:00 AM – 2:00 PM` +
            'Opens at 10:00 AM: about 40 min wait$',
        ),
      ]);
      await expect(
        page.getByText('1 sale will have closed by the time you get there.'),
      ).toBeVisible();
      await expect(page.getByTestId('route-summary')).toHaveText(
        '21.0 mi in all · back on the road by 10:15 AM',
      );

      if (device === 'America/Los_Angeles')
        await expectNoSeriousViolations(page, '/route planned on another zone’s clock');

      // A departure typed in is read on Madison's clock too.
      await page.getByLabel('Leaving at').fill(`${day}T09:00`);
      await expect(stops.getByRole('listitem').first()).toHaveText('Leave 53703 at 9:00 AM');
      await expect(planned.first()).toContainText('Arrive 9:03 AM');
    });
  });
}

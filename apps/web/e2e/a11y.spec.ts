import { e2eEnv } from './env';
import {
  OWN_LISTING,
  REVIEWED_LISTING,
  WIDTHS,
  expect,
  expectNoSeriousViolations,
  pageAs,
  settled,
  test,
} from './a11y-support';
import { newSeller, saveSearchFor, uniqueWord } from './notification-helpers';
import { postListing, seededListing } from './signed-in';
import { createAccount, newNeighbour } from './support';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN89+7dfwAJgAPkRk1zHQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every screen, signed out and signed in, at phone and desktop widths, scanned with axe-core.
 * Serious and critical violations fail the journey; lesser ones are best practice to keep an eye
 * on, not a gate.
 */

// A scan takes seconds on a busy machine, and some journeys scan a screen twice.
test.describe.configure({ timeout: 90_000 });

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`signed out at ${width} width`, () => {
    test.use({ viewport });

    const screens = [
      { path: '/', heading: /.+/ },
      { path: '/help', heading: /Help/ },
      { path: '/how-it-works', heading: /How/ },
      { path: '/about', heading: /About/ },
      { path: '/terms', heading: /Terms/ },
      { path: '/privacy', heading: /Privacy/ },
      { path: '/no-such-street/42', heading: 'Page Not Found' },
      { path: '/forgot-password', heading: 'Forgot your password?' },
      // Links that no longer work still get a readable page.
      {
        path: '/reset-password?token=expired-or-unknown',
        heading: 'This reset link does not work',
      },
      { path: '/verify-email?token=expired-or-unknown', heading: 'This link does not work' },
      { path: '/verify-email', heading: 'This link does not work' },
      // A mail's unsubscribe link, and one cut short.
      { path: '/unsubscribe?token=abc&kind=message', heading: 'Unsubscribe from e-mails' },
      { path: '/unsubscribe?kind=message', heading: 'This link does not work' },
    ] as const;

    for (const screen of screens) {
      test(`${screen.path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await settled(page);
        await expectNoSeriousViolations(page, screen.path);
      });
    }

    test('/auth in both modes has no serious accessibility violations', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/auth (sign in)');

      await page.getByRole('link', { name: 'Create Account' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create your account' }),
      ).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/auth (register)');
    });

    test('/admin asks a visitor to log in, accessibly', async ({ page }) => {
      await page.goto('/admin');
      await expect(page.getByText('Please log in to access this page.')).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/admin (signed out)');
    });
  });

  test.describe(`signed in at ${width} width`, () => {
    test('/home, both sections', async ({ browser, memberSession }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      for (const section of ['items', 'sales'] as const) {
        await page.goto(`/home?section=${section}`);
        await expect(page.getByRole('article').first()).toBeVisible();
        await settled(page);
        await expectNoSeriousViolations(page, `/home?section=${section}`);
      }
      // An empty tab offering the other, whose search finds a single item there.
      await page.goto(`/home?section=sales&q=${encodeURIComponent('Weber Kettle Charcoal Grill')}`);
      await expect(page.getByRole('button', { name: 'Show single items' })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/home, an empty tab offering the other');
      await context.close();
    });

    test('/home with a location set, and the location dialog', async ({
      browser,
      memberSession,
    }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      await page.goto('/home');
      await page.getByRole('button', { name: 'Set your location' }).click();
      const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
      await expect(dialog).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/home (location dialog)');
      await dialog.getByLabel('ZIP code or town').fill('53703');
      await dialog.getByRole('button', { name: 'Go' }).click();
      await expect(page.getByRole('button', { name: 'Within 10 mi of 53703' })).toBeVisible();
      await expect(page.getByLabel('Sort by')).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/home (near 53703)');
      await context.close();
    });

    test('a listing with photos and reviews, and its Report dialog', async ({
      browser,
      memberSession,
    }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      const listing = await seededListing(page.request, REVIEWED_LISTING);
      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: REVIEWED_LISTING })).toBeVisible();
      await expect(page.getByRole('img').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /Report/ })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, `/listing/${listing.id}`);

      await page.getByRole('button', { name: /Report/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, `/listing/${listing.id} (Report dialog)`);
      await context.close();
    });

    test('/create-listing, empty and after a refused submit', async ({
      browser,
      memberSession,
    }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      await page.goto('/create-listing');
      await settled(page);
      await expectNoSeriousViolations(page, '/create-listing');

      await page.getByRole('button', { name: 'Publish Listing' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/create-listing (field errors)');
      await context.close();
    });

    test('/edit-listing/:id', async ({ browser, memberSession }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      const listing = await seededListing(page.request, OWN_LISTING);
      await page.goto(`/edit-listing/${listing.id}`);
      await expect(page.getByRole('button', { name: 'Update Listing' })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, `/edit-listing/${listing.id}`);
      await context.close();
    });

    for (const path of ['/profile', '/settings', '/current', '/saved-listings'] as const) {
      test(path, async ({ browser, memberSession }) => {
        const { context, page } = await pageAs(browser, memberSession, viewport);
        await page.goto(path);
        await settled(page);
        await expectNoSeriousViolations(page, path);
        await context.close();
      });
    }

    test('/map as a map and as a list, and /route with three stops', async ({
      browser,
      memberSession,
    }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      // Tiles never leave the machine: every one is a 1x1 PNG.
      await page.route('https://tile.openstreetmap.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG }),
      );
      await page.addInitScript(() => {
        localStorage.setItem(
          'yardsale.viewerLocation',
          JSON.stringify({
            latitude: 43.0775,
            longitude: -89.3831,
            label: '53703',
            radiusMiles: 25,
            source: 'place',
          }),
        );
      });
      await page.goto('/map?day=weekend');
      await expect(page.getByRole('region', { name: /^Map of/ })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/map');
      await page.goto('/map?day=weekend&view=list');
      await settled(page);
      await expectNoSeriousViolations(page, '/map?view=list');

      const response = await page.request.get('/api/listings', {
        params: { listingType: 'garage-sale', near: '43.0775,-89.3831', sort: 'distance' },
      });
      expect(response.ok()).toBe(true);
      const { items } = (await response.json()) as { items: { id: number }[] };
      const ids = items.slice(0, 3).map((item) => item.id);
      await page.evaluate((stops) => {
        localStorage.setItem('yardsale.routeStops', JSON.stringify(stops));
      }, ids);
      await page.goto('/route');
      await expect(page.getByRole('heading', { level: 1, name: 'My route' })).toBeVisible();
      await expect(
        page.getByTestId('route-stop').or(page.getByText('Not on this day')).first(),
      ).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/route');
      await context.close();
    });

    test('/messages with a conversation open', async ({ browser, memberSession }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      await page.goto('/messages');
      const conversations = page.getByRole('list', { name: 'Conversations' });
      await expect(conversations.getByRole('button').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/messages');

      await conversations.getByRole('button').first().click();
      await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/messages (conversation open)');
      await context.close();
    });

    test('/saved-searches with a few searches, and the bell open with entries', async ({
      browser,
    }) => {
      // An account of its own: saved searches would bell the seeded neighbour in other journeys.
      const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport });
      const page = await context.newPage();
      await createAccount(page.request, newNeighbour('Ada', 'Lane'));
      const word = uniqueWord();
      await saveSearchFor(page.request, { search: word });
      await saveSearchFor(page.request, { search: 'garden tools', listingType: 'garage-sale' });
      await saveSearchFor(page.request, {
        category: 'Furniture',
        near: { latitude: 43.0775, longitude: -89.3831 },
        radiusMiles: 10,
        email: 'instant',
        push: false,
      });
      await page.goto('/saved-searches');
      await expect(page.getByRole('region', { name: word, exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Pause “garden tools · garage sale”' }).click();
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, '/saved-searches');

      const seller = await newSeller(browser);
      await postListing(seller.page.request, {
        title: `Oak ${word} bench`,
        listingType: 'single-item',
      });
      await postListing(seller.page.request, {
        title: `Pine ${word} shelf`,
        listingType: 'single-item',
      });
      await seller.context.close();
      await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('listitem')).toHaveCount(2);
      await settled(page);
      await expectNoSeriousViolations(page, 'the bell, open');
      await context.close();
    });

    test('/users/:id', async ({ browser, memberSession }) => {
      const { context, page } = await pageAs(browser, memberSession, viewport);
      const listing = await seededListing(page.request, REVIEWED_LISTING);
      await page.goto(`/users/${listing.userId}`);
      await expect(page.getByRole('heading', { level: 1, name: /Linda/ })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, `/users/${listing.userId}`);
      await context.close();
    });

    test('/admin as a neighbour and as the admin', async ({
      browser,
      memberSession,
      adminSession,
    }) => {
      const member = await pageAs(browser, memberSession, viewport);
      await member.page.goto('/admin');
      await expect(
        member.page.getByText('You do not have permission to access this page.'),
      ).toBeVisible();
      await settled(member.page);
      await expectNoSeriousViolations(member.page, '/admin (neighbour)');
      await member.context.close();

      const admin = await pageAs(browser, adminSession, viewport);
      await admin.page.goto('/admin');
      await expect(
        admin.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }),
      ).toBeVisible();
      await settled(admin.page);
      await expectNoSeriousViolations(admin.page, '/admin (admin)');
      await admin.context.close();
    });
  });
}

test('the phone menu, open, has no serious accessibility violations', async ({
  browser,
  memberSession,
}) => {
  const { context, page } = await pageAs(browser, memberSession, WIDTHS[0].viewport);
  await page.goto('/home');
  await settled(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, 'the phone menu');
  await context.close();
});

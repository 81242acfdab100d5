import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
import { test as base, currentToast, expect, signIn } from './support';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** The worker's neighbour, signed in once per worker (sign-in is rate limited per client). */
const test = base.extend<object, { neighbourSession: StorageState }>({
  neighbourSession: [
    async ({ neighbour }, provide) => {
      const request = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
      const response = await request.post('/trpc/auth.login', {
        data: { json: { email: neighbour.email, password: neighbour.password, rememberMe: false } },
        headers: { origin: e2eEnv.baseURL },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const state = await request.storageState();
      await request.dispose();
      await provide(state);
    },
    { scope: 'worker' },
  ],
  // Named `provide`, not `use`: the React hooks lint rule would read `use` as React's hook.
  storageState: ({ neighbourSession }, provide) => provide(neighbourSession),
});

/** A seeded single item (packages/db seed): posted 30 hours before the server started. */
const HEADPHONES = {
  title: 'Sony WH-1000XM4 Noise-Cancelling Headphones',
  seller: 'David Kim',
  address: '9 Juniper Place, Cedar Hollow, WI',
};

const listingPageSchema = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string() })),
});
const createdSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

async function listingIdByTitle(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get('/api/listings', { params: { search: title } });
  expect(response.ok(), await response.text()).toBe(true);
  const { items } = listingPageSchema.parse(await response.json());
  const listing = items.find((item) => item.title === title);
  if (!listing) throw new Error(`The seeded listing "${title}" is missing`);
  return listing.id;
}

/** Posts a single item as whoever `request` is signed in as. */
async function postSingleItem(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.post('/trpc/listings.create', {
    data: {
      json: {
        title,
        category: 'Furniture',
        listingType: 'single-item',
        priceRange: '$50-$100',
        address: '3 Aspen Row, Cedar Hollow, WI',
        timeZone: 'America/Chicago',
      },
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return createdSchema.parse(await response.json()).result.data.json.id;
}

test('another neighbour can save, share and message, but not edit', async ({ page, context }) => {
  const id = await listingIdByTitle(page.request, HEADPHONES.title);
  await page.goto(`/listing/${id}`);

  await expect(page.getByRole('heading', { level: 1, name: HEADPHONES.title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Single Item');
  await expect(main).toContainText('Electronics');
  await expect(main).toContainText('$100-$250');
  await expect(main).toContainText(
    'Single-item listings are deleted automatically 14 days after they are posted.',
  );
  await expect(page.getByRole('link', { name: /Listed by David Kim/ })).toHaveAttribute(
    'href',
    /^\/users\/\d+$/,
  );
  await expect(page.getByRole('img', { name: `${HEADPHONES.title}: photo 1 of 2` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin Delete' })).toHaveCount(0);

  // The gallery answers the arrow keys.
  await page.getByRole('group', { name: /arrow keys/ }).press('ArrowRight');
  await expect(page.getByRole('img', { name: `${HEADPHONES.title}: photo 2 of 2` })).toBeVisible();

  // Save, then take it back off the list: the neighbour is left as the journey found them.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(currentToast(page)).toContainText('Listing saved');
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await saved.click();
  await expect(currentToast(page)).toContainText('Listing removed');
  await expect(save).toHaveAttribute('aria-pressed', 'false');

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(currentToast(page)).toContainText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${e2eEnv.baseURL}/listing/${id}`,
  );

  const address = encodeURIComponent(HEADPHONES.address);
  const openInMaps = page.getByRole('link', { name: /Open in Maps/ });
  await expect(openInMaps).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${address}`,
  );
  await expect(openInMaps).toHaveAttribute('target', '_blank');
  await expect(openInMaps).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('link', { name: /Get Directions/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${address}`,
  );

  await page.getByRole('link', { name: 'Message Seller' }).click();
  await expect(page).toHaveURL('/messages');
});

test('the admin sees Admin Delete on a neighbour’s listing and can remove it', async ({ page }) => {
  const id = await postSingleItem(page.request, 'Pine bookcase, five shelves');

  await signIn(page, e2eEnv.admin);
  await page.goto(`/listing/${id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pine bookcase, five shelves' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message Seller' })).toBeVisible();

  await page.getByRole('button', { name: 'Admin Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this listing as admin?' });
  await expect(dialog).toContainText('This action cannot be undone');
  await dialog.getByRole('button', { name: 'Delete listing' }).click();
  await expect(page).toHaveURL('/home');
  await expect(currentToast(page)).toContainText('Listing deleted');

  await page.goto(`/listing/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
});

test('a listing that does not exist says so, with a way back', async ({ page }) => {
  await page.goto('/listing/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/');

  await page.goto('/edit-listing/not-a-number');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
});

test('only its owner may edit a listing', async ({ page }) => {
  const id = await listingIdByTitle(page.request, HEADPHONES.title);
  await page.goto(`/edit-listing/${id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'You can only edit your own listings' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  await page.getByRole('link', { name: 'View listing' }).click();
  await expect(page).toHaveURL(`/listing/${id}`);
});

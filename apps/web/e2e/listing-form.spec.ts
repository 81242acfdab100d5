import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { UI_TEXT } from '@yardsale/validators';

// Signed in as the worker's neighbour, who posts the listings below.
import { expect, test } from './signed-in';
import { currentToast, field } from './support';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const LAMP = fixture('table-lamp.jpg');
const CHAIR = fixture('garden-chair.jpg');

/**
 * A 1×1 BMP: an image this browser opens but the server does not take (it stores JPEG, PNG, WebP,
 * GIF, AVIF or HEIC), so only the server can refuse it.
 */
const TINY_BMP = Buffer.from(
  'Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAD/AA==',
  'base64',
);

/** A calendar day `days` from today, as the date field takes it. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** How the listing page writes a sale's day (spec: UTC, en-US). */
function shownDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

interface SaleDetails {
  title: string;
  description: string;
  category: string;
  priceRange: string;
  address: string;
  date: string;
  startTime: string;
  endTime: string;
  phone: string;
  email: string;
}

function saleDetails(title: string): SaleDetails {
  return {
    title,
    description: 'Lamps, garden chairs and a box of paperbacks. Cash only, please.',
    category: 'Home & Garden',
    priceRange: 'Under $25',
    address: '18 Linden Court, Madison, WI 53726',
    date: dayFromToday(10),
    startTime: '09:00',
    endTime: '14:00',
    phone: '(608) 555-0110',
    email: 'rosa.sales@example.com',
  };
}

async function fillSale(page: Page, sale: SaleDetails, { withAddress = true } = {}) {
  await field(page, 'Title').fill(sale.title);
  await field(page, 'Description (optional)').fill(sale.description);
  await expect(page.getByRole('radio', { name: 'Garage Sale' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Category' }).selectOption(sale.category);
  await page.getByRole('combobox', { name: 'Price range' }).selectOption(sale.priceRange);
  if (withAddress) await field(page, 'Address').fill(sale.address);
  await page.getByLabel('Date').fill(sale.date);
  await page.getByLabel('Start time').fill(sale.startTime);
  await page.getByLabel('End time').fill(sale.endTime);
  await page.getByLabel('Contact phone (optional)').fill(sale.phone);
  await page.getByLabel('Contact email (optional)').fill(sale.email);
}

async function expectSaleKept(page: Page, sale: SaleDetails) {
  await expect(field(page, 'Title')).toHaveValue(sale.title);
  await expect(field(page, 'Description (optional)')).toHaveValue(sale.description);
  await expect(page.getByRole('radio', { name: 'Garage Sale' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(sale.category);
  await expect(page.getByRole('combobox', { name: 'Price range' })).toHaveValue(sale.priceRange);
  await expect(page.getByLabel('Date')).toHaveValue(sale.date);
  await expect(page.getByLabel('Start time')).toHaveValue(sale.startTime);
  await expect(page.getByLabel('End time')).toHaveValue(sale.endTime);
  await expect(page.getByLabel('Contact phone (optional)')).toHaveValue(sale.phone);
  await expect(page.getByLabel('Contact email (optional)')).toHaveValue(sale.email);
}

/** A photo well over the 200 KB compression threshold: random pixels drawn in the page, as PNG. */
async function largePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    const pixels = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < pixels.data.length; i += 1) {
      pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

test('a garage sale posted with two photos shows both, and an edit changes the title and the photos', async ({
  page,
}) => {
  const sale = saleDetails('Porch sale: lamps and garden chairs');
  await page.goto('/create-listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Listing' })).toBeVisible();
  await fillSale(page, sale);
  await page.getByLabel('Add photos').setInputFiles([LAMP, CHAIR]);
  const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
  await expect(chosen.filter({ hasText: 'Primary' })).toHaveCount(1);
  await expect(chosen.first()).toContainText('Primary');

  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(currentToast(page)).toContainText('Listing created');
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  const listingUrl = page.url();

  // The listing page: both photos, the details as typed, and the owner's own buttons.
  await expect(page.getByRole('heading', { level: 1, name: sale.title })).toBeVisible();
  const thumbnails = page.getByRole('button', { name: /^Show photo \d of 2$/ });
  await expect(thumbnails).toHaveCount(2);
  const cover = page.getByRole('img', { name: `${sale.title}: photo 1 of 2` });
  await expect(cover).toHaveAttribute('src', /\/uploads\//);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await thumbnails.nth(1).click();
  const second = page.getByRole('img', { name: `${sale.title}: photo 2 of 2` });
  await expect(second).toBeVisible();
  const removedPhotoSrc = await second.getAttribute('src');

  const main = page.getByRole('main');
  await expect(main).toContainText(shownDay(sale.date));
  await expect(main).toContainText('9:00 AM – 2:00 PM');
  await expect(main).toContainText(sale.priceRange);
  await expect(main).toContainText(sale.description);
  await expect(main).toContainText(sale.phone);
  await expect(main).toContainText(sale.email);
  await expect(main).toContainText(
    `deleted automatically after the sale ends: ${shownDay(sale.date)} at 2:00 PM`,
  );
  await expect(page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  // Edit: a new title, one photo fewer, and a large photo that is compressed before it is sent.
  await page.getByRole('link', { name: 'Edit Listing' }).click();
  await expect(page).toHaveURL(/\/edit-listing\/\d+$/);
  await expect(field(page, 'Title')).toHaveValue(sale.title);
  await expect(page.getByLabel('Date')).toHaveValue(sale.date);
  await field(page, 'Title').fill('Porch sale: lamps, chairs and books');

  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this photo?' });
  await confirm.getByRole('button', { name: 'Remove photo' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /^Remove photo \d$/ })).toHaveCount(1);

  const bookshelf = await largePhoto(page);
  await page.getByLabel('Add photos').setInputFiles({
    name: 'bookshelf.png',
    mimeType: 'image/png',
    buffer: bookshelf,
  });
  await expect(page.getByRole('img', { name: 'Photo 2: bookshelf.png' })).toBeVisible();

  const upload = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/listings\/\d+\/images$/.test(request.url()),
  );
  await page.getByRole('button', { name: 'Update Listing' }).click();
  // Re-encoded as a JPEG in the browser, the photo travels at a fraction of its size.
  const sentBytes = Number(await (await upload).headerValue('content-length'));
  expect(sentBytes).toBeGreaterThan(0);
  expect(sentBytes).toBeLessThan(bookshelf.length / 2);

  await expect(currentToast(page)).toContainText('Listing updated');
  await expect(page).toHaveURL(listingUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Porch sale: lamps, chairs and books' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show photo \d of 2$/ })).toHaveCount(2);
  await expect(page.locator(`img[src="${removedPhotoSrc}"]`)).toHaveCount(0);
});

test('a refused submit keeps every value and the chosen photo', async ({ page }) => {
  const sale = saleDetails('Moving-day garage sale');
  await page.goto('/create-listing');
  await fillSale(page, sale, { withAddress: false });
  await page.getByLabel('Add photos').setInputFiles(LAMP);

  // Refused in the browser: the address is missing.
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByText(UI_TEXT.listing.addressRequired)).toBeVisible();
  await expect(field(page, 'Address')).toBeFocused();
  await expect(page).toHaveURL('/create-listing');
  await expectSaleKept(page, sale);
  await expect(page.getByRole('img', { name: 'Photo 1: table-lamp.jpg' })).toBeVisible();

  // Refused by the server: a picture it does not take. Nothing is created, nothing is lost.
  await field(page, 'Address').fill(sale.address);
  await page.getByLabel('Add photos').setInputFiles({
    name: 'receipt.bmp',
    mimeType: 'image/bmp',
    buffer: TINY_BMP,
  });
  await expect(page.getByRole('img', { name: 'Photo 2: receipt.bmp' })).toBeAttached();
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  const refusal = currentToast(page);
  await expect(refusal).toContainText('Creation failed');
  await expect(refusal).toContainText('Photos must be images (JPEG, PNG, WebP, GIF, AVIF or HEIC)');
  await expect(page).toHaveURL('/create-listing');
  await expectSaleKept(page, sale);
  await expect(field(page, 'Address')).toHaveValue(sale.address);
  await expect(page.getByRole('img', { name: 'Photo 1: table-lamp.jpg' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2: receipt.bmp' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Publish Listing' })).toBeEnabled();
});

test('a file that is not a photo is refused by name, and a real photo picked with it is kept', async ({
  page,
}) => {
  await page.goto('/create-listing');
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/listings')) uploads += 1;
  });

  await page.getByLabel('Add photos').setInputFiles([
    {
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Shopping list: lamp oil, string, two garden chairs.'),
    },
    { name: 'table-lamp.jpg', mimeType: 'image/jpeg', buffer: readFileSync(LAMP) },
  ]);

  const refusal = currentToast(page);
  await expect(refusal).toContainText(UI_TEXT.chosenPhoto.unreadableTitle);
  await expect(refusal).toContainText(UI_TEXT.chosenPhoto.unreadableDescription('fake.jpg'));
  const lamp = page.getByRole('img', { name: 'Photo 1: table-lamp.jpg' });
  await expect(lamp).toBeVisible();
  const chosen = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
  await expect(chosen.first()).toContainText('Primary');
  await expect(page.getByRole('button', { name: /^Remove photo \d$/ })).toHaveCount(1);
  await expect(page.getByRole('img', { name: /fake\.jpg/ })).toHaveCount(0);
  await expect(page.getByText(/^1 of 5 photos/)).toBeVisible();

  // Picked again on its own, it is refused again and the lamp stays the only photo.
  await refusal.getByRole('button', { name: 'Close' }).click();
  await expect(refusal).toHaveCount(0);
  await page.getByLabel('Add photos').setInputFiles({
    name: 'fake.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Shopping list: lamp oil, string, two garden chairs.'),
  });
  await expect(refusal).toContainText(UI_TEXT.chosenPhoto.unreadableDescription('fake.jpg'));
  await expect(page.getByRole('button', { name: /^Remove photo \d$/ })).toHaveCount(1);
  await expect(lamp).toBeVisible();
  expect(uploads).toBe(0);
});

test('an impossible sale is refused under its field and keeps what was typed', async ({ page }) => {
  const sale = { ...saleDetails('Backwards garage sale'), startTime: '14:00', endTime: '09:00' };
  await page.goto('/create-listing');
  await fillSale(page, sale);

  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByText(UI_TEXT.listing.endTimeBeforeStart)).toBeVisible();
  await expect(page.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/create-listing');
  await expectSaleKept(page, sale);

  // A day already gone, even with sensible times.
  const yesterday = { ...sale, date: dayFromToday(-1), startTime: '09:00', endTime: '14:00' };
  await page.getByLabel('Date').fill(yesterday.date);
  await page.getByLabel('Start time').fill(yesterday.startTime);
  await page.getByLabel('End time').fill(yesterday.endTime);
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByText(UI_TEXT.listing.dateInPast)).toBeVisible();
  await expect(page.getByText(UI_TEXT.listing.endTimeBeforeStart)).toHaveCount(0);
  await expect(page).toHaveURL('/create-listing');
  await expectSaleKept(page, yesterday);
});

test('the server refuses a sale that ends before it starts, whatever the page sends', async ({
  page,
}) => {
  await page.goto('/home');
  const response = await page.request.post('/trpc/listings.create', {
    data: {
      json: {
        title: 'Backwards sale',
        category: 'Other',
        listingType: 'garage-sale',
        priceRange: 'Free',
        address: '27 Fern Hollow Road, Madison, WI 53705',
        startDate: dayFromToday(3),
        startTime: '14:00',
        endTime: '09:00',
        timeZone: 'America/Chicago',
      },
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(UI_TEXT.listing.endTimeBeforeStart);
});

test('switching to a single item clears the date and times', async ({ page }) => {
  await page.goto('/create-listing');
  await expect(
    page.getByText(/please delete your listing once your garage sale is over/),
  ).toBeVisible();
  await page.getByLabel('Date').fill(dayFromToday(3));
  await page.getByLabel('Start time').fill('08:00');
  await page.getByLabel('End time').fill('12:00');

  await page.getByRole('radio', { name: 'Single Item' }).check();
  await expect(page.getByRole('radio', { name: 'Single Item' })).toBeChecked();
  await expect(page.getByLabel('Date')).toHaveCount(0);
  await expect(page.getByLabel('Start time')).toHaveCount(0);
  await expect(page.getByLabel('End time')).toHaveCount(0);
  await expect(
    page.getByText(/please delete your listing once your garage sale is over/),
  ).toHaveCount(0);

  await page.getByRole('radio', { name: 'Garage Sale' }).check();
  await expect(page.getByLabel('Date')).toHaveValue('');
  await expect(page.getByLabel('Start time')).toHaveValue('');
  await expect(page.getByLabel('End time')).toHaveValue('');

  // A single item needs no date or times: only the garage-sale fields asked for them.
  await page.getByRole('radio', { name: 'Single Item' }).check();
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page.getByText(UI_TEXT.listing.titleRequired)).toBeVisible();
  await expect(page.getByText(UI_TEXT.listing.dateRequired)).toHaveCount(0);
});

test('Cancel Request stops a slow upload and goes home', async ({ page }) => {
  const sale = saleDetails('Garage sale that never was');
  // The upload is held until the test is over, so the request is still pending when cancelled.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let uploads = 0;
  await page.route('**/api/listings/create-with-photos', async (route) => {
    uploads += 1;
    await held;
    await route.abort().catch(() => undefined);
  });

  await page.goto('/create-listing');
  await fillSale(page, sale);
  await page.getByLabel('Add photos').setInputFiles([LAMP, CHAIR]);
  await page.getByRole('button', { name: 'Publish Listing' }).click();

  await expect(currentToast(page)).toContainText('Creating listing...');
  await expect(currentToast(page)).toContainText('Uploading 2 photo(s) and saving details...');
  await expect(page.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
  await expect(page.getByText(/^Uploading… \d{1,3}%$/)).toBeVisible();
  await expect.poll(() => uploads).toBe(1);

  await page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page).toHaveURL('/home');
  const toast = currentToast(page);
  await expect(toast).toContainText('Request cancelled');
  await expect(toast).toContainText('Your listing submission was cancelled.');
  release();
});

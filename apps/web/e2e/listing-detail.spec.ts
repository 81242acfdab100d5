import { e2eEnv } from './env';
// Signed in as the worker's neighbour: another neighbour to the listings' sellers.
import { expect, postListing, seededListing, test } from './signed-in';
import { currentToast, signIn } from './support';

/** A seeded single item (packages/db seed): posted 30 hours before the server started. */
const HEADPHONES = {
  title: 'Sony WH-1000XM4 Noise-Cancelling Headphones',
  seller: 'David Kim',
  address: '9 Juniper Place, Madison, WI 53715',
};

test('another neighbour can save, share and message, but not edit', async ({ page, context }) => {
  const { id } = await seededListing(page.request, HEADPHONES.title);
  await page.goto(`/listing/${id}`);

  await expect(page.getByRole('heading', { level: 1, name: HEADPHONES.title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Single Item');
  await expect(main).toContainText('Electronics');
  await expect(main).toContainText('$100-$250');
  await expect(main).toContainText(
    'Single-item listings are deleted automatically 14 days after they are posted.',
  );
  await expect(
    page.getByRole('link', { name: new RegExp(`Listed by ${HEADPHONES.seller}`) }),
  ).toHaveAttribute('href', /^\/users\/\d+$/);
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

  // Message Seller opens the conversation with the seller (Messages then drops the conversation
  // from the address); a second time, the same one.
  const conversation = page.getByRole('region', { name: `Conversation with ${HEADPHONES.seller}` });
  await page.getByRole('button', { name: 'Message Seller' }).click();
  await expect(currentToast(page)).toContainText('Message started');
  await expect(conversation).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Message Seller' }).click();
  await expect(conversation).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(HEADPHONES.title) }),
  ).toHaveCount(1);
});

test('the admin sees Admin Delete on a neighbour’s listing and can remove it', async ({ page }) => {
  const id = await postListing(page.request, {
    title: 'Pine bookcase, five shelves',
    listingType: 'single-item',
  });

  await signIn(page, e2eEnv.admin);
  await page.goto(`/listing/${id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pine bookcase, five shelves' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Message Seller' })).toBeVisible();

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
  const { id } = await seededListing(page.request, HEADPHONES.title);
  await page.goto(`/edit-listing/${id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'You can only edit your own listings' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  await page.getByRole('link', { name: 'View listing' }).click();
  await expect(page).toHaveURL(`/listing/${id}`);
});

test('a long seller name is shown in full, on a phone and on a wide screen', async ({
  page,
  browser,
}) => {
  // A seeded seller whose name no other journey looks for, renamed for this one and back.
  const seller = { email: 'marcus.washington@example.com', password: 'demo-password' };
  const longLastName = 'Washington-Featherstonehaugh-Montgomery';
  const sellerContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, seller);
  const renameTo = async (lastName: string) => {
    const response = await sellerPage.request.post('/trpc/account.updateProfile', {
      data: { json: { firstName: 'Marcus', lastName, email: seller.email } },
      headers: { origin: e2eEnv.baseURL },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await renameTo(longLastName);
  try {
    const { id } = await seededListing(page.request, 'Trek FX 2 Hybrid Bike, Medium Frame');
    await page.goto(`/listing/${id}`);
    const name = page
      .getByRole('link', { name: /^Listed by / })
      .getByText(`Marcus ${longLastName}`, { exact: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(name).toBeVisible();
      // Wrapped, not cut: every letter is inside the name's own box, and the box inside the link.
      const shown = await name.evaluate((element) => {
        const link = element.closest('a')?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return {
          cut: element.scrollWidth > element.clientWidth,
          insideLink: link !== undefined && box.left >= link.left && box.right <= link.right,
        };
      });
      expect(shown).toEqual({ cut: false, insideLink: true });
    }
  } finally {
    await renameTo('Washington');
    await sellerContext.close();
  }
});

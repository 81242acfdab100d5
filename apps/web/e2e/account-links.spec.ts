import { UI_TEXT } from '@yardsale/validators';

import { REVIEWED_LISTING, expectNoSeriousViolations } from './a11y-support';
import { e2eEnv } from './env';
import { mailedLink } from './mailbox';
import { seededListing } from './signed-in';
import {
  createAccount,
  currentToast,
  expect,
  field,
  newNeighbour,
  ownAddress,
  signIn,
  test,
} from './support';

const M = UI_TEXT.account;

/** The path and query of a mailed link: the test server's mails point at its own address. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test('a new neighbour is asked to verify, gets a new link, opens it, and the banner goes', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Vida', 'Stone');
  await page.goto('/auth?mode=register');
  await field(page, 'First name').fill(neighbour.firstName);
  await field(page, 'Last name').fill(neighbour.lastName);
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(neighbour.password);
  await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/home');

  const banner = page.getByRole('region', { name: M.verify.bannerTitle });
  await expect(banner).toContainText(M.verify.bannerDescription(neighbour.email));
  const first = await mailedLink(neighbour.email, '/verify-email');

  await banner.getByRole('button', { name: M.verify.resend }).click();
  await expect(currentToast(page)).toContainText(M.verify.resentDescription(neighbour.email));
  // Only the newest link works; the first now says so.
  await expect.poll(() => mailedLink(neighbour.email, '/verify-email')).not.toBe(first);
  const second = await mailedLink(neighbour.email, '/verify-email');

  await page.goto(pathOf(first));
  await expect(page.getByRole('heading', { name: M.verify.failedTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(M.verify.invalidLink);

  await page.goto(pathOf(second));
  await expect(page.getByRole('heading', { name: M.verify.doneTitle })).toBeVisible();
  await expect(page.getByText(M.verify.doneDescription(neighbour.email))).toBeVisible();
  await page.getByRole('link', { name: 'Go to YardSale' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByText(`Hi ${neighbour.firstName}`)).toBeVisible();
  await expect(page.getByRole('region', { name: M.verify.bannerTitle })).toHaveCount(0);
});

test('an unverified neighbour is told why a listing cannot be posted yet', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Ulla', 'Moss');
  await createAccount(page.request, neighbour, { verified: false });
  const refused = await page.request.post('/api/listings/create-with-photos', {
    multipart: {
      title: 'Lamp',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: 'Under $25',
      address: '4 Pine Street, Madison, WI 53703',
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(M.verify.required);
});

test('an unverified neighbour is told before filling the listing form or writing to a seller, and can ask for a new link', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Ines', 'Vale');
  await createAccount(page.request, neighbour, { verified: false });
  const before = M.verify.before;

  // At the top of the empty form, not at Publish.
  await page.goto('/create-listing');
  const formNotice = page.getByRole('region', { name: before.publish.title });
  await expect(formNotice).toContainText(before.publish.description(neighbour.email));
  const noticeBox = await formNotice.boundingBox();
  const titleBox = await field(page, 'Title').boundingBox();
  expect(noticeBox && titleBox && noticeBox.y < titleBox.y).toBe(true);
  await expectNoSeriousViolations(page, '/create-listing (unverified)');
  await page.screenshot({ path: test.info().outputPath('verify-create-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('verify-create-phone.png') });
  await formNotice.getByRole('button', { name: M.verify.resend }).click();
  await expect(currentToast(page)).toContainText(M.verify.resentDescription(neighbour.email));

  // On a listing: Message Seller waits, and says why, before anything is written.
  const { id } = await seededListing(page.request, REVIEWED_LISTING);
  await page.goto(`/listing/${String(id)}`);
  const messageNotice = page.getByRole('region', { name: before.message.title });
  await expect(messageNotice).toContainText(before.message.description(neighbour.email));
  const messageSeller = page.getByRole('button', { name: 'Message Seller' });
  await expect(messageSeller).toBeDisabled();
  await expect(messageSeller).toHaveAccessibleDescription(new RegExp(before.message.title));
  await expectNoSeriousViolations(page, '/listing/:id (unverified)');
  await messageNotice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('verify-message-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await messageNotice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('verify-message-desktop.png') });
});

test('a forgotten password is reset from the mailed link, which then signs the neighbour in', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Rhea', 'Park');
  await createAccount(page.request, neighbour);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('link', { name: M.forgot.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: M.forgot.title })).toBeVisible();
  await field(page, 'Email').fill('not an address');
  await page.getByRole('button', { name: M.forgot.submit }).click();
  await expect(page.getByText(UI_TEXT.register.invalidEmail)).toBeVisible();
  await field(page, 'Email').fill(neighbour.email);
  await page.getByRole('button', { name: M.forgot.submit }).click();
  await expect(page.getByRole('status')).toContainText(M.forgot.sent(neighbour.email));

  const link = await mailedLink(neighbour.email, '/reset-password');
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { level: 1, name: M.reset.title })).toBeVisible();
  await field(page, 'New password').fill('fresh-porch-77');
  await field(page, 'Confirm new password').fill('fresh-porch-78');
  await page.getByRole('button', { name: M.reset.submit }).click();
  await expect(page.getByText(UI_TEXT.password.mismatch)).toBeVisible();
  await field(page, 'Confirm new password').fill('fresh-porch-77');
  await page.getByRole('button', { name: M.reset.submit }).click();
  await expect(page).toHaveURL('/home');
  await expect(currentToast(page)).toContainText(M.reset.doneTitle);

  // The link worked once, and says so as soon as it is opened again: no form to fill in first.
  await page.goto(pathOf(link));
  await expect(
    page.getByRole('heading', { level: 1, name: M.reset.linkFailedTitle }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(M.reset.invalidLink);
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.getByRole('link', { name: M.reset.newLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: M.forgot.title })).toBeVisible();
  // The old password no longer does, the new one does.
  await page.context().clearCookies();
  const old = await page.request.post('/api/login', {
    data: { email: neighbour.email, password: neighbour.password },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(old.status()).toBe(401);
  await signIn(page, { email: neighbour.email, password: 'fresh-porch-77' });
});

test('a new address in Settings waits for its link; the old one stays until then', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Cleo', 'Ward');
  await createAccount(page.request, neighbour);
  const moved = neighbour.email.replace('@', '.moved@');
  await page.goto('/settings');
  await field(page, 'Email').fill(moved);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(currentToast(page)).toContainText(M.verify.changeRequestedTitle);
  await expect(
    page
      .getByRole('form', { name: 'Profile Information' })
      .getByText(M.verify.pendingChange(moved)),
  ).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(neighbour.email);

  await page.goto(pathOf(await mailedLink(moved, '/verify-email')));
  await expect(page.getByText(M.verify.doneDescription(moved))).toBeVisible();
  await page.goto('/settings');
  await expect(field(page, 'Email')).toHaveValue(moved);
  await expect(page.getByText(M.verify.pendingChange(moved))).toHaveCount(0);
});

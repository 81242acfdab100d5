import { UI_TEXT } from '@yardsale/validators';

import { createAccount, currentToast, expect, field, newNeighbour, signIn, test } from './support';

/** A 1×1 PNG: the smallest real image the server accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 BMP: an image the browser opens and the server does not store. */
const TINY_BMP = Buffer.from(
  'Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAD/AA==',
  'base64',
);

test('profile changes are saved and still there after a reload', async ({ page }) => {
  await createAccount(page.request, newNeighbour('Marisa', 'Costa'));
  await page.goto('/settings');

  await field(page, 'First name').fill('Marisol');
  await field(page, 'Phone (optional)').fill('555-0199');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(currentToast(page)).toContainText(UI_TEXT.profile.updatedTitle);

  await page.reload();
  await expect(field(page, 'First name')).toHaveValue('Marisol');
  await expect(field(page, 'Phone (optional)')).toHaveValue('555-0199');
});

test('a text file dressed up as a PNG is refused by name before it is sent', async ({
  page,
  neighbour,
}) => {
  await signIn(page, neighbour);
  await page.goto('/profile');

  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/profile-picture')) uploads += 1;
  });
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are my garage sale notes, not a picture.'),
  });

  const toast = currentToast(page);
  await expect(toast).toContainText(UI_TEXT.chosenPhoto.unreadableTitle);
  await expect(toast).toContainText(UI_TEXT.chosenPhoto.unreadableDescription('holiday.png'));
  await expect(page.getByRole('button', { name: 'Upload a profile picture' })).toBeVisible();
  expect(uploads).toBe(0);
});

test('a picture the site does not take is refused by the server', async ({ page, neighbour }) => {
  await signIn(page, neighbour);
  await page.goto('/profile');

  // A BMP opens in the browser, but the server stores only JPEG, PNG, WebP, GIF, AVIF or HEIC.
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'holiday.bmp',
    mimeType: 'image/bmp',
    buffer: TINY_BMP,
  });

  const toast = currentToast(page);
  await expect(toast).toContainText(UI_TEXT.profilePicture.uploadFailedTitle);
  await expect(toast).toContainText(UI_TEXT.profilePicture.invalidTypeDescription);
});

test('a file that is not an image is stopped before it is sent', async ({ page, neighbour }) => {
  await signIn(page, neighbour);
  await page.goto('/profile');

  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/profile-picture')) uploads += 1;
  });
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Not a picture'),
  });

  const toast = currentToast(page);
  await expect(toast).toContainText(UI_TEXT.profilePicture.invalidTypeTitle);
  await expect(toast).toContainText(UI_TEXT.profilePicture.invalidTypeDescription);
  expect(uploads).toBe(0);
});

test('a real photo becomes the profile picture and can be removed', async ({ page, neighbour }) => {
  await signIn(page, neighbour);
  await page.goto('/profile');

  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(currentToast(page)).toContainText(UI_TEXT.profilePicture.updatedTitle);
  const fullName = `${neighbour.firstName} ${neighbour.lastName}`;
  await expect(page.getByRole('main').getByRole('img', { name: fullName })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );

  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await page.getByRole('menuitem', { name: 'Remove photo' }).click();
  await expect(currentToast(page)).toContainText(UI_TEXT.profilePicture.removedTitle);
  await expect(page.getByRole('button', { name: 'Upload a profile picture' })).toBeVisible();
});

test('the password can be changed and the new one signs in', async ({ page, browser }) => {
  const neighbour = newNeighbour('Dana', 'Whit');
  await createAccount(page.request, neighbour);
  await page.goto('/settings');

  await field(page, 'Current password').fill(neighbour.password);
  await field(page, 'New password').fill('brand-new-secret');
  await field(page, 'Confirm new password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(currentToast(page)).toContainText(UI_TEXT.password.changedTitle);

  const other = await browser.newPage();
  await other.goto('/auth');
  await field(other, 'Email').fill(neighbour.email);
  await field(other, 'Password').fill('brand-new-secret');
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other).toHaveURL('/home');
  await other.close();
});

test('an empty password form says once that every field is needed; other problems stay under their field', async ({
  page,
  neighbour,
}) => {
  // The password is never changed here, so the worker's shared neighbour will do.
  await signIn(page, neighbour);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change Password' });
  const current = field(form, 'Current password');
  const next = field(form, 'New password');
  const confirm = field(form, 'Confirm new password');

  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText(UI_TEXT.password.allRequired)).toHaveCount(1);
  for (const input of [current, next, confirm]) {
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(UI_TEXT.password.allRequired));
  }
  await expect(current).toBeFocused();

  // Once only one is empty, the sentence is still said once, for that field.
  await current.fill(neighbour.password);
  await next.fill('brand-new-secret');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText(UI_TEXT.password.allRequired)).toHaveCount(1);
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');

  // A mismatch is said under the confirmation, and the form-level sentence goes.
  await confirm.fill('brand-new-secreT');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText(UI_TEXT.password.allRequired)).toHaveCount(0);
  await expect(confirm).toHaveAccessibleDescription(UI_TEXT.password.mismatch);

  // A short new password is said under the new password.
  await next.fill('short');
  await confirm.fill('short');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(next).toHaveAccessibleDescription(new RegExp(UI_TEXT.password.tooShort));

  // The server's "wrong current password" is said under the current password.
  await current.fill('not-my-password');
  await next.fill('brand-new-secret');
  await confirm.fill('brand-new-secret');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(current).toHaveAccessibleDescription(UI_TEXT.password.wrongCurrent);
  await expect(form.getByText(UI_TEXT.password.allRequired)).toHaveCount(0);
});

import { UI_TEXT } from '@yardsale/validators';

import { currentToast, expect, field, newNeighbour, ownAddress, signIn, test } from './support';

test('a new neighbour signs up from the landing page and lands on Browse', async ({ page }) => {
  const neighbour = newNeighbour('Ana', 'Reyes');
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  await field(page, 'First name').fill(neighbour.firstName);
  await field(page, 'Last name').fill(neighbour.lastName);
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(neighbour.password);

  // The terms must be accepted: the form says so and keeps what was typed.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(UI_TEXT.register.termsRequired)).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(neighbour.email);

  await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/home');
  await expect(page.getByText(`Hi ${neighbour.firstName}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Your profile/ })).toBeVisible();
});

test('an address already in use is refused and the form keeps its values', async ({
  page,
  neighbour,
}) => {
  await page.goto('/auth?mode=register');
  await field(page, 'First name').fill('Another');
  await field(page, 'Last name').fill('Person');
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill('another-secret');
  await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  const toast = currentToast(page);
  await expect(toast).toContainText(UI_TEXT.register.failedTitle);
  await expect(toast).toContainText(UI_TEXT.register.emailTaken);
  await expect(page).toHaveURL(/\/auth/);
  await expect(field(page, 'First name')).toHaveValue('Another');
  await expect(field(page, 'Email')).toHaveValue(neighbour.email);
});

test('a failed sign-up’s message goes once a corrected one opens the account', async ({
  page,
  neighbour,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const fresh = newNeighbour('Tova', 'Lind');
  await page.goto('/auth?mode=register');
  await field(page, 'First name').fill(fresh.firstName);
  await field(page, 'Last name').fill(fresh.lastName);
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(fresh.password);
  await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(currentToast(page)).toContainText(UI_TEXT.register.emailTaken);

  await field(page, 'Email').fill(fresh.email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByText(`Hi ${fresh.firstName}`)).toBeVisible();
  await expect(page.getByText(UI_TEXT.register.failedTitle)).toHaveCount(0);
  await expect(page.getByText(UI_TEXT.register.emailTaken)).toHaveCount(0);
});

test('the sign-in form links the Terms and the Privacy Policy, each in a new tab', async ({
  page,
}) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  for (const [name, path, heading] of [
    ['Terms of Service', '/terms', /Terms/],
    ['Privacy Policy', '/privacy', /Privacy/],
  ] as const) {
    const link = form.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(path);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await tab.close();
  }
  // The sign-in page itself stays where it was.
  await expect(page).toHaveURL('/auth');
});

test('a wrong password is refused with the server’s reason', async ({ page, neighbour }) => {
  await page.goto('/auth');
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  const toast = currentToast(page);
  await expect(toast).toContainText(UI_TEXT.signIn.failedTitle);
  await expect(toast).toContainText(UI_TEXT.signIn.wrongCredentials);
  await expect(page).toHaveURL(/\/auth/);
  await expect(field(page, 'Email')).toHaveValue(neighbour.email);
});

test('a signed-out visit to a protected page asks to sign in, then returns there', async ({
  page,
  neighbour,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?.*redirect=%2Fprofile/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(neighbour.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(neighbour.email)).toBeVisible();
});

test('signing out returns to the landing page and closes the private screens', async ({
  page,
  neighbour,
}) => {
  await signIn(page, neighbour);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth/);
});

test('signed-in visitors skip the landing page and the sign-in screen', async ({
  page,
  neighbour,
}) => {
  await signIn(page, neighbour);
  await page.goto('/');
  await expect(page).toHaveURL('/home');
  await page.goto('/auth');
  await expect(page).toHaveURL('/home');
});

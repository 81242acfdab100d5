import type { Page } from '@playwright/test';

import { expectNoSeriousViolations, settled } from './a11y-support';
import { e2eEnv } from './env';
import { mailedLink } from './mailbox';
import { createAccount, currentToast, expect, field, newNeighbour, test } from './support';

// WebAuthn needs a site name, not an IP address: these journeys use the server at localhost.
test.use({ baseURL: e2eEnv.passkeys.baseURL });

/** Chromium's virtual authenticator: a platform passkey that verifies its user without a prompt. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
}

test('a passkey added in Settings signs in without a password, and as the step after it', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  const neighbour = newNeighbour('Iris', 'Moreau');
  // Registered through this page's context: the page is signed in.
  await createAccount(page.request, neighbour, { verified: false });

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(field(dialog, 'Passkey name')).not.toHaveValue('');
  await field(dialog, 'Passkey name').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(dialog).toBeHidden();
  // The first passkey comes with its recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(
    codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(currentToast(page)).toContainText('Passkey added');
  await expect(codes).toBeHidden();
  await expect(card.getByText('Work laptop')).toBeVisible();
  await expect(card.getByText(/not used yet/)).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/settings with a passkey');

  // Password-less: the passkey alone.
  await signOut(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page).toHaveURL('/home');

  // With the password, sign-in now asks for the passkey before any session exists.
  await signOut(page);
  await page.goto('/auth');
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(neighbour.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL('/home');

  await page.goto('/settings');
  await expect(card.getByText(/last used/)).toBeVisible();
});

test('removing a passkey asks for the password', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const neighbour = newNeighbour('Omar', 'Haddad');
  await createAccount(page.request, neighbour, { verified: false });

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await field(addDialog, 'Passkey name').fill('Old phone');
  await addDialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(addDialog).toBeHidden();
  await page.getByRole('button', { name: 'I have saved them' }).click();

  await page.getByRole('button', { name: 'Remove passkey Old phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await field(dialog, 'Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();

  await field(dialog, 'Password').fill(neighbour.password);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(currentToast(page)).toContainText('Passkey removed');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test('a neighbour who lost their passkey gets back in with a reset link and a recovery code', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  const neighbour = newNeighbour('Noor', 'Okafor');
  await createAccount(page.request, neighbour, { verified: false });

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await field(addDialog, 'Passkey name').fill('Phone');
  await addDialog.getByRole('button', { name: 'Create passkey' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codeItems = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const saved = await codeItems.allTextContents();
  expect(saved).toHaveLength(10);
  await settled(page);
  await expectNoSeriousViolations(page, 'recovery codes of a first passkey');
  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();

  // The phone is lost, and with it the passkey; the password is forgotten too.
  await signOut(page);
  await page.goto('/forgot-password');
  await field(page, 'Email').fill(neighbour.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const link = new URL(
    await mailedLink(neighbour.email, '/reset-password', e2eEnv.passkeys.dataDir),
  );
  await page.goto(`${link.pathname}${link.search}`);
  await field(page, 'New password').fill('found-my-way-94');
  await field(page, 'Confirm new password').fill('found-my-way-94');
  await page.getByRole('button', { name: 'Save new password' }).click();

  // The link proved the mailbox; the account still asks for its second step.
  await expect(page.getByRole('heading', { name: 'Confirm with your passkey' })).toBeVisible();
  await page.getByRole('button', { name: 'Lost your passkey? Use a recovery code' }).click();
  await field(page, 'Recovery code').fill('aaaaa-bbbbb');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That recovery code is not right, or was already used.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);
  await settled(page);
  await expectNoSeriousViolations(page, 'the recovery code step');
  await field(page, 'Recovery code').fill(saved[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/home');

  await page.goto('/settings');
  await expect(card.getByText('9 recovery codes left')).toBeVisible();
});

import { TOTP, Secret } from 'otpauth';

import { UI_TEXT } from '@yardsale/validators';

import {
  createAccount,
  currentToast,
  expect,
  field,
  newNeighbour,
  ownAddress,
  test,
} from './support';

const M = UI_TEXT.twoFactor;

/** What the authenticator app on the neighbour's phone shows now. */
function appCode(secret: string): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
}

test('a neighbour turns on an authenticator app, then signs in with password and code', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const neighbour = newNeighbour('Tamsin', 'Hart');
  await createAccount(page.request, neighbour);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: M.cardTitle });
  await expect(card.getByText(M.off, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: M.turnOn }).click();

  const dialog = page.getByRole('dialog', { name: M.setupTitle });
  await expect(
    dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = ((await dialog.getByLabel('Set-up key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await field(dialog, M.codeLabel).fill('000000');
  await dialog.getByRole('button', { name: M.confirm }).click();
  await expect(dialog.getByText(M.wrongCode)).toBeVisible();
  await field(dialog, M.codeLabel).fill(appCode(secret));
  await dialog.getByRole('button', { name: M.confirm }).click();

  const codes = page.getByRole('dialog', { name: M.recoveryTitle });
  await expect(
    codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  const recovery = (await codes.getByRole('listitem').first().textContent()) ?? '';
  await codes.getByRole('button', { name: M.recoveryDone }).click();
  await expect(card.getByText(M.on, { exact: true })).toBeVisible();
  await expect(card.getByText(M.recoveryLeft(10))).toBeVisible();

  // Signed out, the password alone no longer opens the account.
  await page.context().clearCookies();
  await page.goto('/auth');
  await field(page, 'Email').fill(neighbour.email);
  await field(page, 'Password').fill(neighbour.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: M.signInTitle })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'yardsale_session')).toBe(false);

  await field(page, 'Code').fill('123456');
  await page.getByRole('button', { name: M.verify }).click();
  await expect(page.getByText(M.wrongCode)).toBeVisible();
  await field(page, 'Code').fill(recovery);
  await page.getByRole('button', { name: M.verify }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByText(`Hi ${neighbour.firstName}`)).toBeVisible();

  // Turning it off needs the password and a current code.
  await page.goto('/settings');
  await card.getByRole('button', { name: M.turnOff }).click();
  const off = page.getByRole('dialog', { name: M.disableTitle });
  await field(off, 'Password').fill(neighbour.password);
  await field(off, 'Code').fill(appCode(secret));
  await off.getByRole('button', { name: M.turnOff }).click();
  await expect(currentToast(page)).toContainText(M.disabledTitle);
  await expect(card.getByText(M.off, { exact: true })).toBeVisible();
});

import type { Page } from '@playwright/test';

import { expectNoSeriousViolations, settled } from './a11y-support';
import { e2eEnv } from './env';
import { mailedLink } from './mailbox';
import { newSeller, notificationSettings, saveSearchFor, uniqueWord } from './notification-helpers';
import { postListing } from './signed-in';
import { createAccount, currentToast, expect, newNeighbour, test } from './support';

function savedSearch(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a search saved from the browse screen can be run, renamed, paused, tuned and deleted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await createAccount(page.request, newNeighbour('Sasha', 'Finch'));
  await page.goto('/home');
  const filters = page.getByRole('search', { name: 'Listings' });
  // Nothing to save until the search narrows something down.
  await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);

  await filters.getByRole('searchbox', { name: 'Search' }).fill('rocking chair');
  await filters.getByLabel('Category').selectOption('Furniture');
  await expect(page).toHaveURL(/q=rocking/);
  await page.getByRole('button', { name: 'Save this search' }).click();

  const toast = currentToast(page);
  await expect(toast).toContainText('Search saved');
  await expect(toast).toContainText('We’ll let you know when a new listing matches');
  // Saved with push on: pushes are offered right here, once.
  await expect(page.getByText('Turn on notifications?')).toBeVisible();
  // The same search again would only be a copy.
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await toast.getByRole('link', { name: 'View' }).click();

  await expect(page).toHaveURL(/\/saved-searches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  const defaultName = 'rocking chair · Furniture · single item';
  let card = savedSearch(page, defaultName);
  const summary = card.getByRole('list', { name: 'What it looks for' });
  await expect(summary.getByRole('listitem')).toHaveText([
    '“rocking chair”',
    'Furniture',
    'Single items',
  ]);

  // Run: the browse screen opens with the same search.
  await card.getByRole('link', { name: `Run “${defaultName}”` }).click();
  await expect(page).toHaveURL(/\/home\?/);
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue('rocking chair');
  await expect(filters.getByLabel('Category')).toHaveValue('Furniture');
  await expect(page.getByRole('tab', { name: /Single Items/i })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goBack();

  // Rename in place; Escape leaves the name as it was.
  await card.getByRole('button', { name: `Rename “${defaultName}”` }).click();
  await card.getByLabel('Name').fill('Something else');
  await card.getByLabel('Name').press('Escape');
  await expect(card.getByRole('heading', { name: defaultName })).toBeVisible();
  await expect(card.getByRole('button', { name: `Rename “${defaultName}”` })).toBeFocused();

  await card.getByRole('button', { name: `Rename “${defaultName}”` }).click();
  await card.getByLabel('Name').fill('   ');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByRole('alert')).toHaveText('Give the saved search a name.');
  await card.getByLabel('Name').fill('Porch chairs');
  await card.getByLabel('Name').press('Enter');
  card = savedSearch(page, 'Porch chairs');
  await expect(card.getByRole('heading', { name: 'Porch chairs' })).toBeVisible();

  // Pause, push off and instant e-mail are kept by the server.
  await card.getByRole('button', { name: 'Pause “Porch chairs”' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await card.getByRole('switch', { name: 'Push notifications' }).click();
  await expect(card.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await card.getByLabel('E-mail').selectOption({ label: 'Instant' });
  // Each change is in flight until the list has been asked again.
  await page.waitForLoadState('networkidle');
  await page.reload();
  card = savedSearch(page, 'Porch chairs');
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await expect(card.getByLabel('E-mail')).toHaveValue('instant');
  await card.getByRole('button', { name: 'Resume “Porch chairs”' }).click();
  await expect(card.getByText('Paused', { exact: true })).toHaveCount(0);

  // Delete asks first.
  await card.getByRole('button', { name: 'Delete “Porch chairs”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Porch chairs”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete “Porch chairs”' }).click();
  await confirm.getByRole('button', { name: 'Delete search' }).click();
  await expect(currentToast(page)).toContainText('Saved search deleted');
  await expect(
    page.getByRole('heading', { level: 2, name: 'No saved searches yet' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'No saved searches yet' }),
  ).toBeVisible();
});

test('saving one search too many shows the server’s reason', async ({ page }) => {
  await createAccount(page.request, newNeighbour('Lee', 'Hoarder'));
  for (let i = 1; i <= 20; i += 1) await saveSearchFor(page.request, { search: `lamp ${i}` });

  await page.goto('/home?q=bookshelf');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const toast = currentToast(page);
  await expect(toast).toContainText('This search could not be saved');
  await expect(toast).toContainText(
    'You can keep up to 20 saved searches. Delete one to save another.',
  );

  await page.goto('/saved-searches');
  await expect(
    page.getByRole('list', { name: 'Your saved searches' }).getByRole('region'),
  ).toHaveCount(20);
  await expect(page.getByText('20 saved searches.', { exact: false })).toBeVisible();
});

test('the unsubscribe link of a match mail turns that mail off, only once its button is pressed', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const watcher = newNeighbour('Uma', 'Quill');
  await createAccount(page.request, watcher);
  const word = uniqueWord();
  await saveSearchFor(page.request, { search: word, email: 'instant' });
  const seller = await newSeller(browser);
  await postListing(seller.page.request, {
    title: `Walnut ${word} stool`,
    listingType: 'single-item',
  });
  const token = new URL(await mailedLink(watcher.email, '/unsubscribe')).searchParams.get('token');
  expect(token).toBeTruthy();
  await seller.context.close();

  // Opened from the mail in a browser that is not signed in; opening it changes nothing.
  const visitorContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/unsubscribe?token=${token ?? ''}&kind=saved-search`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' }),
  ).toBeVisible();
  await expect(visitor.getByText('Stop e-mails about: Saved-search matches?')).toBeVisible();
  expect((await notificationSettings(page.request))['saved-search']).toEqual({
    push: true,
    email: true,
  });

  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' }),
  ).toBeVisible();
  await expect(visitor.getByRole('status')).toHaveText(
    'You will no longer get e-mails about: Saved-search matches.',
  );
  const settings = await notificationSettings(page.request);
  expect(settings['saved-search']).toEqual({ push: true, email: false });
  expect(settings.message).toEqual({ push: true, email: true });
  await visitorContext.close();
});

test('an unsubscribe link that is not anyone’s says so', async ({ page }) => {
  await page.goto('/unsubscribe?token=not-anyones-token&kind=review');
  await expect(page.getByText('Stop e-mails about: Reviews of you?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link does not work' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');

  // A link cut short in the mail program: nothing to ask the server.
  await page.goto('/unsubscribe?kind=review');
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('before the address is confirmed, a search is saved for the bell only, and Settings and the saved searches say why pushes and e-mails wait', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await createAccount(page.request, newNeighbour('Noor', 'Pending'), { verified: false });
  await page.goto('/home?q=bookshelf');
  await expect(
    page.getByText('Matches will appear in your bell. Verify your e-mail (see above)', {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(currentToast(page)).toContainText('Search saved');
  // Saved with push off: no push to offer.
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByText('Turn on notifications?')).toHaveCount(0);

  await page.goto('/saved-searches');
  await settled(page);
  const why = page.getByText('Verify your e-mail to get notifications', { exact: true });
  await expect(why).toBeVisible();
  const card = page.getByRole('region', { name: 'bookshelf · single item', exact: true });
  const push = card.getByRole('switch', { name: 'Push notifications' });
  await expect(push).toBeDisabled();
  await expect(push).not.toBeChecked();
  await expect(card.getByLabel('E-mail')).toBeDisabled();
  await expect(card.getByLabel('E-mail')).toHaveValue('off');
  await expectNoSeriousViolations(page, '/saved-searches before verifying');
  await page.getByRole('button', { name: 'Resend the link' }).click();
  await expect(currentToast(page)).toContainText('Link sent');

  await page.goto('/settings');
  await settled(page);
  await expect(why).toBeVisible();
  const mailSwitch = page.getByRole('switch', { name: 'E-mail for Reviews of you' });
  await expect(mailSwitch).toBeDisabled();
  await expect(mailSwitch).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push for Reviews of you' })).toBeEnabled();
  await expect(
    page.getByText('Pushes can be turned on once your e-mail address is verified.'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Turn on notifications on this device' }),
  ).toHaveCount(0);
  await expectNoSeriousViolations(page, '/settings before verifying');
});

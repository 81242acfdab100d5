import { e2eEnv } from './env';
import { expect, signIn, test } from './support';

test('an unknown address shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no-such-street/42');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  // The tab says so too, not the site's usual title.
  await expect(page).toHaveTitle('Page Not Found · YardSale');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('YardSale: your neighbourhood marketplace');
  // Missing after a page change within the app, and named again when leaving.
  await page.getByRole('link', { name: 'Terms' }).first().click();
  await expect(page).toHaveTitle('Terms of Service · YardSale');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/nowhere-at-all');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveTitle('Page Not Found · YardSale');
  await page.goBack();
  await expect(page).toHaveTitle('Terms of Service · YardSale');
});

test('Learn More jumps to the features on the landing page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL('/#features');
  await expect(page.getByRole('heading', { name: /Everything you need/ })).toBeInViewport();
});

// The bottom bar and the menu sheet are for phones; the phone project runs @phone tests.
test(
  'the phone’s bottom bar marks the current tab and the menu names the user',
  { tag: '@phone' },
  async ({ page, neighbour }) => {
    await signIn(page, neighbour);
    await page.goto('/settings');

    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(tabs.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(menu).toContainText(`${neighbour.firstName} ${neighbour.lastName}`);
    await expect(menu).toContainText(neighbour.email);
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL('/settings');
    await expect(menu).toBeHidden();
  },
);

// The top bar links are for wide screens; the desktop project runs @desktop tests.
test(
  'only the admin sees the Admin link and dashboard',
  { tag: '@desktop' },
  async ({ page, neighbour }) => {
    await signIn(page, neighbour);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Browse' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();

    await signIn(page, e2eEnv.admin);
    await page.goto('/home');
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  },
);

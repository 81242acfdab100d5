import type { Locator, Page } from '@playwright/test';

import { SEEDED_MEMBER, expect, test } from './admin-helpers';
import { e2eEnv } from './env';
import { postListing } from './signed-in';
import { currentToast } from './support';

function unique(text: string): string {
  return `${text} ${Date.now().toString(36)}`;
}

/** A report on the dashboard, found by what its reporter wrote. */
function reportCard(page: Page, description: string): Locator {
  return page.getByRole('list', { name: 'Reports' }).getByRole('article').filter({
    hasText: description,
  });
}

async function expectActions(card: Locator, names: string[]) {
  await expect(card.getByRole('button')).toHaveText(names);
}

test('a visitor is asked to log in and a neighbour is refused', async ({
  page: visitor,
  memberPage: neighbour,
}) => {
  await visitor.goto('/admin');
  await expect(visitor.getByText('Please log in to access this page.')).toBeVisible();
  await expect(visitor).toHaveURL(/\/admin$/);
  await visitor.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await expect(visitor).toHaveURL(/\/auth\?redirect=%2Fadmin$/);

  await neighbour.goto('/admin');
  await expect(
    neighbour.getByText('You do not have permission to access this page.'),
  ).toBeVisible();
  await expect(neighbour.getByRole('heading', { name: 'User Reports' })).toHaveCount(0);
  await expect(neighbour.getByRole('button', { name: 'Send Announcement' })).toHaveCount(0);
});

test('the admin marks a neighbour’s report reviewed, then resolved', async ({
  memberPage: neighbour,
  adminPage: admin,
}) => {
  // The admin's own listing, so no other journey's report on a seeded listing gets in the way.
  const title = unique('Brass floor lamp');
  const listingId = await postListing(admin.request, { title, listingType: 'single-item' });
  const description = unique('The seller asked for payment by gift card before any viewing.');
  await neighbour.goto(`/listing/${listingId}`);
  await neighbour.getByRole('button', { name: 'Report' }).click();
  const dialog = neighbour.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scammer' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(currentToast(neighbour)).toContainText('Report submitted');

  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const card = reportCard(admin, description);
  await expect(card.getByRole('heading', { name: 'Scammer' })).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/listing/${listingId}`,
  );
  await expect(card).toContainText(SEEDED_MEMBER.email);
  await expect(card).toContainText(e2eEnv.admin.email);
  await expectActions(card, ['Mark Reviewed', 'Dismiss']);

  await card.getByRole('textbox', { name: 'Admin notes' }).fill('Asked the seller for receipts.');
  await card.getByRole('button', { name: 'Mark Reviewed' }).click();
  await expect(currentToast(admin)).toContainText('Report updated');
  await expect(card.getByText('Reviewed', { exact: true })).toBeVisible();
  await expectActions(card, ['Mark Resolved']);
  await expect(card.getByRole('textbox', { name: 'Admin notes' })).toHaveValue(
    'Asked the seller for receipts.',
  );

  await card.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card).toContainText('Asked the seller for receipts.');

  // The status filter: the report is among the resolved ones and not among the pending.
  const filter = admin.getByRole('navigation', { name: 'Filter reports by status' });
  await filter.getByRole('link', { name: /^Pending/ }).click();
  await expect(admin).toHaveURL(/status=pending/);
  await expect(reportCard(admin, description)).toHaveCount(0);
  await filter.getByRole('link', { name: /^Resolved/ }).click();
  await expect(reportCard(admin, description)).toBeVisible();

  // It stays resolved for good.
  await admin.reload();
  await expect(reportCard(admin, description).getByText('Resolved', { exact: true })).toBeVisible();
});

// Announcements and clean-ups touch everyone's data: these run after every other journey (the
// `everyone` project in playwright.config.ts).
test(
  'an announcement reaches a neighbour’s open Messages live',
  { tag: '@everyone' },
  async ({ memberPage: neighbour, adminPage: admin }) => {
    const socketOpened = neighbour.waitForEvent('websocket');
    await neighbour.goto('/messages');
    await expect(neighbour.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await socketOpened;

    await admin.goto('/admin');
    const box = admin.getByRole('textbox', { name: 'Announcement' });
    const send = admin.getByRole('button', { name: 'Send Announcement' });

    // Blank or only spaces is refused before anything is sent.
    await send.click();
    await expect(admin.getByText('Announcement cannot be empty')).toBeVisible();
    await box.fill('   ');
    await send.click();
    await expect(admin.getByText('Announcement cannot be empty')).toBeVisible();

    // A failed send keeps the text for another try.
    const message = unique('Spring clean-up sale this Saturday, 8 AM to noon!');
    await admin.route('**/trpc/admin.announce**', (route) => route.abort());
    await box.fill(message);
    await send.click();
    await expect(currentToast(admin)).toContainText('Error');
    await expect(currentToast(admin)).toContainText(
      'Failed to send announcement. Please try again.',
    );
    await expect(box).toHaveValue(message);
    await admin.unroute('**/trpc/admin.announce**');

    await send.click();
    await expect(currentToast(admin)).toContainText('Announcement sent');
    await expect(currentToast(admin)).toContainText(
      'Your message has been sent to all users successfully.',
    );
    await expect(box).toHaveValue('');

    // The neighbour sees it arrive without reloading, from The YardSale Team.
    const row = neighbour
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /The YardSale Team/ });
    await expect(row).toContainText(message);
    await row.click();
    await expect(neighbour.getByRole('list', { name: 'Messages' })).toContainText(message);
    await expect(
      neighbour.getByText('Announcements from the YardSale Team are read-only.'),
    ).toBeVisible();
  },
);

test(
  'Clean Up Duplicates removes the second copy of a listing, and nothing more the next time',
  { tag: '@everyone' },
  async ({ memberPage: neighbour, adminPage: admin }) => {
    const title = unique('Kids’ bike, 16 inch');
    const first = await postListing(neighbour.request, { title, listingType: 'single-item' });
    const second = await postListing(neighbour.request, { title, listingType: 'single-item' });

    await admin.goto('/admin');
    const cleanUp = admin.getByRole('button', { name: 'Clean Up Duplicates' });
    await cleanUp.click();
    const dialog = admin.getByRole('alertdialog', { name: 'Remove duplicate listings?' });
    await dialog.getByRole('button', { name: 'Remove duplicates' }).click();
    await expect(currentToast(admin)).toContainText('Cleanup completed');
    await expect(currentToast(admin)).toContainText('Removed 1 duplicate listing.');
    await expect(
      admin
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'Removed 1 duplicate listing.' }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // The oldest copy stays; the other is gone.
    expect((await neighbour.request.get(`/api/listings/${first}`)).status()).toBe(200);
    expect((await neighbour.request.get(`/api/listings/${second}`)).status()).toBe(404);

    await cleanUp.click();
    await dialog.getByRole('button', { name: 'Remove duplicates' }).click();
    await expect(
      admin
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: 'No duplicate listings found.' }),
    ).toBeVisible();
  },
);

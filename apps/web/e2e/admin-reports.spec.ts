import { expectNoSeriousViolations, settled } from './a11y-support';
import { expect, fileManyReports, test } from './admin-helpers';

const TOTAL = 75;

// Filing 75 reports pushes every other journey's report off the first page: this runs after them
// (the `everyone` project in playwright.config.ts).
test(
  'the admin pages through 75 reports 25 at a time and sees each exactly once',
  { tag: '@everyone' },
  async ({ adminPage: admin }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const describe = (i: number) => `Paging check ${run} number ${i}, please look into it.`;
    await fileManyReports(TOTAL, describe);

    await admin.goto('/admin');
    const filter = admin.getByRole('navigation', { name: 'Filter reports by status' });
    const allTab = filter.getByRole('link', { name: /^All/ });
    await expect(allTab).toHaveAttribute('aria-current', 'page');
    const list = admin.getByRole('list', { name: 'Reports' });
    const cards = list.getByRole('article');
    const loadMore = admin.getByRole('button', { name: 'Load more reports' });
    await expect(cards).toHaveCount(25);
    const total = Number((await allTab.innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(TOTAL);
    await expect(admin.getByText(`Showing 25 of ${total} reports`)).toBeVisible();

    // Each press brings the next 25, until every report of the tab is on the page.
    for (let shown = 25; shown < total; shown = Math.min(shown + 25, total)) {
      await loadMore.click();
      await expect(cards).toHaveCount(Math.min(shown + 25, total));
    }
    await expect(loadMore).toHaveCount(0);
    await expect(admin.getByText(`All ${total} reports shown`)).toBeVisible();

    // Newest first, each of the 75 once.
    const numbers = (await list.getByText(`Paging check ${run}`).allInnerTexts()).map((text) =>
      Number(/number (\d+),/.exec(text)?.[1]),
    );
    expect(numbers).toEqual(Array.from({ length: TOTAL }, (_, i) => TOTAL - i));

    await settled(admin);
    await expectNoSeriousViolations(admin, '/admin with every report loaded');

    // Another tab starts from its own first page.
    await filter.getByRole('link', { name: /^Pending/ }).click();
    await expect(admin).toHaveURL(/status=pending/);
    const pending = Number(
      (await filter.getByRole('link', { name: /^Pending/ }).innerText()).replace(/\D/g, ''),
    );
    expect(pending).toBeGreaterThanOrEqual(TOTAL);
    await expect(cards).toHaveCount(25);
    await expect(admin.getByText(`Showing 25 of ${pending} reports`)).toBeVisible();
    await expect(cards.first()).toContainText(describe(TOTAL));

    // Moving a report takes it out of Pending and into Reviewed, counts and all.
    const reviewedTab = filter.getByRole('link', { name: /^Reviewed/ });
    const reviewed = Number((await reviewedTab.innerText()).replace(/\D/g, ''));
    const newest = cards.filter({ hasText: describe(TOTAL) });
    await newest.getByRole('button', { name: 'Mark Reviewed' }).click();
    await expect(filter.getByRole('link', { name: /^Pending/ })).toHaveText(
      new RegExp(`${pending - 1}$`),
    );
    await expect(reviewedTab).toHaveText(new RegExp(`${reviewed + 1}$`));
    await expect(newest).toHaveCount(0);
    await expect(cards.first()).toContainText(describe(TOTAL - 1));
    await expect(cards).toHaveCount(25);
  },
);

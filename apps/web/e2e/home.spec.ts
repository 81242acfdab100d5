import type { Locator, Page } from '@playwright/test';
import { CAROUSEL } from '@yardsale/validators';

import { expect, postListing, test } from './signed-in';
import { ownAddress } from './support';

const STEP = CAROUSEL.cardWidthPx + CAROUSEL.gapPx;
const ESTATE_SALE = "Estate Sale: A Woodworker's Garage";
const ROCKING_CHAIR = 'Victorian Walnut Rocking Chair';

function carousel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function scroller(region: Locator): Locator {
  return region.getByRole('list');
}

const scrollLeftOf = (list: Locator) => list.evaluate((element) => element.scrollLeft);

test('browsing: the tabs change the address, and a category with a misspelt word finds the sale', async ({
  page,
}) => {
  await page.goto('/home');

  const stats = page.getByRole('region', { name: 'Listings near you' });
  await expect(stats.getByRole('definition').first()).toHaveText(/^\d+$/);
  await expect(page.getByRole('tab', { name: 'Single Items' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const newestItems = carousel(page, 'Newest Single Items');
  await expect(newestItems.getByRole('article').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Garage Sales' }).click();
  await expect(page).toHaveURL(/\/home\?section=sales$/);
  await expect(page.getByRole('tab', { name: 'Garage Sales' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(carousel(page, 'Newest Garage Sales').getByRole('article').first()).toBeVisible();

  await page.getByLabel('Category').selectOption('Antiques');
  await expect(page).toHaveURL(/category=Antiques/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('woodworkr');
  await expect(page).toHaveURL(/q=woodworkr/);

  const results = carousel(page, 'Results for “woodworkr” in Antiques');
  const card = results.getByRole('article').filter({ hasText: ESTATE_SALE });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Antiques');
  await expect(card).toContainText('Linda J.');
  await expect(card).toContainText(/\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)/);
  await expect(card.getByRole('img', { name: ESTATE_SALE })).toHaveAttribute('loading', 'lazy');
  // Every card in the results is a garage sale (it has a sale date) in Antiques.
  for (const other of await results.getByRole('article').all()) {
    await expect(other.getByRole('term').filter({ hasText: 'Date' })).toHaveCount(1);
    await expect(other).toContainText('Antiques');
  }

  // The card opens the listing.
  await card.getByRole('link', { name: ESTATE_SALE }).click();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
});

test('nothing matching shows the spec’s empty state and hint', async ({ page }) => {
  await page.goto('/home?section=sales&q=qqxyzzyqq');
  await expect(page.getByRole('heading', { name: 'No Garage Sales Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
  await page.getByRole('link', { name: 'Create Garage Sale' }).click();
  await expect(page).toHaveURL('/create-listing');

  await page.goto('/home?section=items&q=qqxyzzyqq');
  await expect(page.getByRole('heading', { name: 'No Single Items Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'List an Item' })).toBeVisible();

  // Clearing the search brings the listings back without leaving the page.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/home?section=items');
  await expect(carousel(page, 'Newest Single Items').getByRole('article').first()).toBeVisible();
});

test('the search box waits for typing to settle before it searches', async ({ page }) => {
  await page.goto('/home?section=items');
  await expect(carousel(page, 'Newest Single Items').getByRole('article').first()).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  // Time the last keystroke and the search request on the page's own clock.
  await search.evaluate((input) => {
    input.addEventListener('input', () => {
      input.dataset.typedAt = String(performance.now());
    });
  });
  await search.fill('walnut rockr');

  const results = carousel(page, 'Results for “walnut rockr”');
  await expect(results.getByRole('article').filter({ hasText: ROCKING_CHAIR })).toBeVisible();
  const waited = await search.evaluate((input) => {
    const request = performance
      .getEntriesByType('resource')
      .find((entry) => decodeURIComponent(entry.name).includes('"search":"walnut rockr"'));
    return request ? request.startTime - Number(input.dataset.typedAt) : null;
  });
  expect(waited).toBeGreaterThanOrEqual(250);

  // Submitting only keeps the page from reloading: a mark left on the document survives it.
  await page.evaluate(() => {
    document.body.dataset.sameVisit = 'yes';
  });
  await search.press('Enter');
  await expect(results.getByRole('article').filter({ hasText: ROCKING_CHAIR })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-same-visit', 'yes');
});

test('Start Browsing takes the reader to the search box', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Start Browsing' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await expect(search).toBeInViewport();
});

test('category rows further down are fetched and drawn only as the page scrolls to them', async ({
  page,
}) => {
  const categoriesAsked = new Set<string>();
  page.on('request', (request) => {
    for (const [, category] of decodeURIComponent(request.url()).matchAll(/"category":"([^"]+)"/g))
      if (category) categoriesAsked.add(category);
  });
  await page.goto('/home?section=sales');
  await expect(carousel(page, 'Newest Garage Sales').getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Antiques is the twelfth of thirteen rows: far below the screen at first.
  const antiques = carousel(page, 'Antiques');
  await expect(antiques).toHaveCount(0);
  expect(categoriesAsked).not.toContain('Antiques');

  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(antiques).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(antiques.getByRole('article').filter({ hasText: ESTATE_SALE })).toBeVisible();
  expect(categoriesAsked).toContain('Antiques');
});

test('a carousel settles on the nearest card once scrolling stops', async ({ page }) => {
  // The page's timers run on a clock the test can move: that the carousel is left alone is checked
  // once its settle timer has run, not after a wait.
  await page.clock.install();
  await page.goto('/home?section=sales');
  const list = scroller(carousel(page, 'Newest Garage Sales'));
  await expect(list.getByRole('article').nth(3)).toBeAttached();

  await list.evaluate((element, left) => element.scrollTo({ left }), STEP + 40);
  await expect.poll(() => scrollLeftOf(list)).toBe(STEP);

  // Within the tolerance it is left alone. The scroll event has reached the carousel (its own
  // listener came first) when this one hears it; then its settle timer is run.
  await list.evaluate(
    (element, left) =>
      new Promise<void>((resolve) => {
        element.addEventListener('scroll', () => resolve(), { once: true });
        element.scrollTo({ left });
      }),
    STEP * 2 + 2,
  );
  await page.clock.runFor(CAROUSEL.snapDebounceMs * 3);
  expect(await scrollLeftOf(list)).toBe(STEP * 2 + 2);
});

test('coming back from a listing puts the carousel and the tab where they were', async ({
  page,
}) => {
  await page.goto('/home?section=sales');
  const list = scroller(carousel(page, 'Newest Garage Sales'));
  await expect(list.getByRole('article').nth(3)).toBeAttached();
  await list.evaluate((element, left) => element.scrollTo({ left }), STEP * 2);
  await expect.poll(() => scrollLeftOf(list)).toBe(STEP * 2);

  await list.getByRole('article').nth(2).getByRole('link').click();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  // The listing is on screen (the home page stays up while a listing loads, keeping its scroll).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Garage Sales' })).toHaveCount(0);
  expect(
    await page.evaluate(() => sessionStorage.getItem('yardsale:home-carousel')),
  ).not.toBeNull();

  // Back to home through the navigation (not the back button): the remembered tab and position return.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Browse' })
    .click();
  await expect(page).toHaveURL('/home?section=sales');
  await expect(page.getByRole('tab', { name: 'Garage Sales' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect.poll(() => scrollLeftOf(list)).toBe(STEP * 2);
  // Cleared once restored (possibly a frame after the scroll lands).
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('yardsale:home-carousel')))
    .toBeNull();
});

test('the home tabs do not repeat the tab’s name on every card', async ({ page }) => {
  await page.goto('/home?section=items');
  const items = page.getByRole('tabpanel');
  await expect(carousel(page, 'Newest Single Items').getByRole('article').nth(1)).toBeVisible();
  await expect(items.getByText('Single Item', { exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Garage Sales' }).click();
  await expect(carousel(page, 'Newest Garage Sales').getByRole('article').nth(1)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Garage Sale', { exact: true })).toHaveCount(0);
});

/** Where each card sits on the page, in the order they are listed. */
function cardBoxes(region: Locator) {
  return region.getByRole('article').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top };
    }),
  );
}

/**
 * Laid out as a grid, not as a row to scroll: at least the first four cards share a line, side by
 * side, no card reaches past the window's edge, and the cards after the first line sit below it.
 */
async function expectGrid(page: Page, region: Locator) {
  const windowWidth = page.viewportSize()?.width ?? 0;
  const boxes = await cardBoxes(region);
  const top = boxes[0]?.top ?? 0;
  const firstLine = boxes.filter((box) => Math.abs(box.top - top) < 1);
  expect(firstLine.length).toBeGreaterThanOrEqual(4);
  firstLine.forEach((box, index) => {
    const before = firstLine[index - 1];
    if (before) expect(box.left).toBeGreaterThan(before.right);
  });
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(windowWidth);
  for (const box of boxes.slice(firstLine.length)) expect(box.top).toBeGreaterThan(top);
}

test('on a wide screen, a search, a chosen category and See all show their listings as a grid', async ({
  page,
}) => {
  // Posts six listings and visits the three screens.
  test.slow();
  // Six listings only this journey has: a word of their own, in the category Other.
  const word = `Quillwort${Date.now().toString(36)}`;
  await Promise.all(
    [1, 2, 3, 4, 5, 6].map((number) =>
      postListing(page.request, { title: `${word} lantern ${number}`, listingType: 'single-item' }),
    ),
  );

  await page.goto(`/home?section=items&q=${word}`);
  const results = carousel(page, `Results for “${word}”`);
  await expect(results.getByRole('article')).toHaveCount(6);
  await expect(async () => expectGrid(page, results)).toPass();

  await page.goto('/home?section=items');
  await page.getByLabel('Category').selectOption('Other');
  await expect(page).toHaveURL(/category=Other/);
  const other = carousel(page, 'Other');
  await expect(other.getByRole('article').filter({ hasText: word })).toHaveCount(6);
  await expect(async () => expectGrid(page, other)).toPass();

  // Other is the last category row on the page: it is drawn once the page is scrolled to it.
  await page.goto('/home?section=items');
  await expect(carousel(page, 'Newest Single Items').getByRole('article').first()).toBeVisible();
  const seeAll = page.getByRole('button', { name: 'See all in Other' });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(seeAll).toBeVisible({ timeout: 1000 });
  }).toPass();
  // With a row's worth or more, the category's row is a carousel, not a grid.
  const otherRow = carousel(page, 'Other');
  expect(Math.max(...(await cardBoxes(otherRow)).map((box) => box.right))).toBeGreaterThan(
    page.viewportSize()?.width ?? 0,
  );
  await seeAll.click();
  await expect(page).toHaveURL(/category=Other/);
  // The category rows give way to the category's results: until then the row counted could be the
  // carousel being replaced.
  await expect(seeAll).toHaveCount(0);
  await expect(otherRow.getByRole('article').filter({ hasText: word })).toHaveCount(6);
  await expect(async () => expectGrid(page, otherRow)).toPass();
});

test('with a mouse, a row has arrow buttons that page through it and stop at its ends', async ({
  page,
}) => {
  // Six sales of its own, newest of all, two weeks out (clear of today's and the weekend's
  // counts): the row holds more than two pages whatever else has been posted. Its own client
  // address keeps them off the suite's shared posting allowance.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const inTwoWeeks = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const number of [1, 2, 3, 4, 5, 6]) {
    await postListing(page.request, {
      title: `Porch sale number ${number}`,
      listingType: 'garage-sale',
      startDate: inTwoWeeks,
    });
  }
  await page.goto('/home?section=sales');
  const row = carousel(page, 'Newest Garage Sales');
  const list = scroller(row);
  await expect(list.getByRole('article').nth(5)).toBeAttached();
  const back = row.getByRole('button', { name: 'Previous listings in Newest Garage Sales' });
  const forward = row.getByRole('button', { name: 'Next listings in Newest Garage Sales' });
  await expect(forward).toBeVisible();
  await expect(back).toBeDisabled();
  await expect(row.getByText('Swipe to see more')).toBeHidden();

  // A click moves on by the cards in view, whole cards at a time.
  const cardsInView = await list.evaluate(
    (element, step) => Math.floor(element.clientWidth / step),
    STEP,
  );
  await forward.click();
  // A busy phone can hold its page still in the middle of the glide: the glide still ends a
  // page on, not at the card nearest to where the pause caught it.
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          const start = performance.now();
          while (performance.now() - start < ms) {
            // Busy, as a slow phone's page is while it draws.
          }
          resolve();
        });
      }),
    300,
  );
  await expect.poll(() => scrollLeftOf(list)).toBe(cardsInView * STEP);
  await expect(back).toBeEnabled();

  // From the keyboard to the end: the arrow says it can go no further and keeps the focus. The
  // row's next page may load on the way, so the end is where the row has no page still to come.
  await forward.focus();
  let end = 0;
  await expect(async () => {
    if (await forward.isEnabled()) await page.keyboard.press('Enter');
    await expect(forward).toBeDisabled({ timeout: 1000 });
    // The last place is a card, not the stand-in of a page still to come.
    await expect(list.getByRole('listitem').last().getByRole('article')).toBeAttached({
      timeout: 1000,
    });
    const place = await list.evaluate((element) => ({
      left: element.scrollLeft,
      end: element.scrollWidth - element.clientWidth,
    }));
    expect(place.left).toBeGreaterThanOrEqual(place.end - CAROUSEL.snapTolerancePx);
    end = place.end;
  }).toPass({ timeout: 30_000 });
  await expect(forward).toBeFocused();

  await back.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => scrollLeftOf(list)).toBeLessThan(end);
  await expect(forward).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('home rows are still carousels to swipe, with the hint and no arrows', async ({ page }) => {
    await page.goto('/home?section=items');
    const row = carousel(page, 'Newest Single Items');
    await expect(row.getByRole('article').nth(1)).toBeAttached();
    await expect(row.getByText('Swipe to see more')).toBeVisible();
    // The arrows are there for a mouse, hidden from a finger.
    const arrows = row.getByRole('button', {
      name: /^(Previous|Next) listings in Newest Single Items$/,
      includeHidden: true,
    });
    await expect(arrows).toHaveCount(2);
    for (const arrow of await arrows.all()) await expect(arrow).toBeHidden();

    // The spec's 320 px cards side by side, the second reaching past the window's edge.
    const [first, second] = await cardBoxes(row);
    expect(first?.right).toBe((first?.left ?? 0) + CAROUSEL.cardWidthPx);
    expect(second?.top).toBe(first?.top);
    expect(second?.left).toBe((first?.right ?? 0) + CAROUSEL.gapPx);
    expect(second?.right).toBeGreaterThan(390);

    // A chosen category is a carousel too.
    await page.getByLabel('Category').selectOption('Furniture');
    const furniture = carousel(page, 'Furniture');
    // Read once the row has settled: mid-render it has no cards yet, or cards still hidden (no
    // boxes) while the new results load.
    await expect(async () => {
      const boxes = await cardBoxes(furniture);
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      expect(boxes[1]?.top).toBe(boxes[0]?.top);
      expect(boxes[1]?.right).toBeGreaterThan(390);
    }).toPass();
  });
});

/** The count a tab shows beside its name. */
function tabCount(page: Page, tab: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${tab}`) }).locator('span');
}

/** Listings a search finds in each tab, read from the list itself (not from the counts). */
async function listed(page: Page, search: string) {
  const count = async (listingType: string) => {
    const response = await page.request.get('/api/listings', {
      params: { search, listingType, limit: 50 },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { items: { title: string }[] }).items;
  };
  return { items: await count('single-item'), sales: await count('garage-sale') };
}

test('the tabs say how many listings the search finds in each, and an empty tab offers the other', async ({
  page,
}) => {
  // A garage sale of its own with lamps and chairs, three weeks out (clear of today's and the
  // weekend's counts), under a word no other listing has.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const word = `Tassel${Date.now().toString(36)}`;
  const inThreeWeeks = new Date(Date.now() + 21 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await postListing(page.request, {
    title: `${word} porch sale: lamps and chairs`,
    listingType: 'garage-sale',
    startDate: inThreeWeeks,
  });
  const search = `lamps chairs ${word}`;
  const expected = await listed(page, search);
  expect(expected.items).toHaveLength(0);
  expect(expected.sales.length).toBeGreaterThanOrEqual(1);

  await page.goto(`/home?section=items&q=${encodeURIComponent(search)}`);
  await expect(tabCount(page, 'Single Items')).toHaveText('0');
  await expect(tabCount(page, 'Garage Sales')).toHaveText(String(expected.sales.length));
  await expect(page.getByRole('heading', { name: 'No Single Items Found' })).toBeVisible();
  const sales = expected.sales.length;
  await expect(
    page.getByText(
      `No single items match “${search}” — ${sales} garage sale${sales === 1 ? ' does' : 's do'}.`,
    ),
  ).toBeVisible();
  // The spec's own action stays.
  await expect(page.getByRole('link', { name: 'List an Item' })).toBeVisible();

  await page.getByRole('button', { name: 'Show garage sales' }).click();
  await expect(page).toHaveURL(/section=sales/);
  await expect(page.getByRole('tab', { name: /Garage Sales/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const results = carousel(page, `Results for “${search}”`);
  await expect(
    results.getByRole('article').filter({ hasText: expected.sales[0]?.title ?? '' }),
  ).toBeVisible();

  // A category narrows both counts alike.
  await page.goto('/home?section=items&category=Furniture');
  const furniture = await page.request.get('/api/listings', {
    params: { category: 'Furniture', listingType: 'single-item', limit: 50 },
  });
  const furnitureItems = ((await furniture.json()) as { items: unknown[] }).items.length;
  await expect(tabCount(page, 'Single Items')).toHaveText(String(furnitureItems));

  // Nothing anywhere: no offer, the spec's empty state alone.
  await page.goto('/home?section=sales&q=qqxyzzyqq');
  await expect(page.getByRole('heading', { name: 'No Garage Sales Found' })).toBeVisible();
  await expect(tabCount(page, 'Single Items')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Show single items' })).toHaveCount(0);
});

/** Cards wholly inside the window and above the phone's tab bar, if there is one. */
function wholeCardsOnFirstScreen(page: Page) {
  return page.evaluate(() => {
    // The phone's fixed tab bar covers the bottom of the window.
    const bar = document.querySelector('nav[aria-label="Quick navigation"]');
    const barTop =
      bar && getComputedStyle(bar).display !== 'none'
        ? bar.getBoundingClientRect().top
        : window.innerHeight;
    return [...document.querySelectorAll('#home-listings-panel article')]
      .map((card) => card.getBoundingClientRect())
      .filter(
        (box) =>
          box.width > 0 &&
          box.top >= 0 &&
          box.left >= 0 &&
          box.bottom <= Math.min(window.innerHeight, barTop) &&
          box.right <= window.innerWidth,
      )
      .map((box) => ({ top: box.top, left: box.left, right: box.right, bottom: box.bottom }));
  });
}

test('a laptop’s first screen shows the first row of listings whole, from edge to edge', async ({
  page,
}) => {
  await page.goto('/home?section=items');
  const row = carousel(page, 'Newest Single Items');
  await expect(row.getByRole('article').nth(3)).toBeVisible();
  await expect(async () => {
    const whole = await wholeCardsOnFirstScreen(page);
    // Three whole 320 px cards side by side on one line, the fourth peeking in at the window's edge.
    expect(whole.length).toBeGreaterThanOrEqual(3);
    expect(new Set(whole.map((box) => box.top)).size).toBe(1);
    const boxes = await cardBoxes(row);
    expect(Math.max(...boxes.map((box) => box.right))).toBeGreaterThan(1280);
    // The row's cards stand whole above the fold: none is cut off at the bottom.
    const bottom = await row
      .getByRole('article')
      .first()
      .evaluate((card) => card.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(800);
  }).toPass();
  // The seller's photo or initial, and their rating once they have one.
  const card = row.getByRole('article').first();
  await expect(card.getByText(/^Seller: /)).toHaveCount(1);
});

test('hovering a card prepares the listing without downloading its full-size photo', async ({
  page,
}) => {
  // A demo listing with photos (the journeys' own listings have none).
  const page1 = await page.request.get('/api/listings', {
    params: { listingType: 'single-item', limit: 50 },
  });
  const withPhoto = (
    (await page1.json()) as {
      items: { id: number; title: string; primaryImage: { imageUrl: string } | null }[];
    }
  ).items.find((item) => item.primaryImage !== null);
  expect(withPhoto).toBeDefined();
  const id = withPhoto?.id ?? 0;
  const detail = await page.request.get(`/api/listings/${id}`);
  const { images } = (await detail.json()) as {
    images: { imageUrl: string; thumbnailUrl: string | null }[];
  };
  const photo = images[0]?.imageUrl;
  expect(photo).toBeTruthy();
  expect(photo).not.toBe(images[0]?.thumbnailUrl);

  await page.goto(`/home?section=items&q=${encodeURIComponent(withPhoto?.title ?? '')}`);
  const link = page
    .getByRole('tabpanel')
    .getByRole('article')
    .getByRole('link', { name: withPhoto?.title ?? '', exact: true });
  await expect(link).toBeVisible();

  const photoRequests: string[] = [];
  page.on('request', (request) => {
    if (photo && request.url().endsWith(photo)) photoRequests.push(request.url());
  });
  const prepared = page.waitForResponse((response) => response.url().includes('listings.byId'));
  await link.hover();
  await prepared;
  // Long enough for a preload the page asked for to have gone out.
  await page.waitForTimeout(1000);
  expect(photoRequests).toEqual([]);

  // Opening it still asks for the photo first thing.
  await link.click();
  await expect(page).toHaveURL(`/listing/${id}`);
  await expect.poll(() => photoRequests.length).toBeGreaterThanOrEqual(1);
});

test('keyboard focus moving along a row shows each card whole, its focus ring clear of the edge', async ({
  page,
}) => {
  await page.goto('/home?section=items');
  const row = carousel(page, 'Newest Single Items');
  const list = scroller(row);
  await expect(list.getByRole('article').nth(4)).toBeAttached();
  await row.getByRole('article').first().getByRole('link').focus();
  for (let card = 1; card <= 4; card += 1) {
    const link = list
      .getByRole('listitem')
      .nth(card)
      .getByRole('article')
      .getByRole('link')
      .first();
    // Tab on (past the card's own save button) to the next card.
    await expect(async () => {
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused({ timeout: 100 });
    }).toPass();
    // Once the row has settled, the focused card and its 4 px ring are inside the row's view.
    await expect(async () => {
      const [box, view] = await Promise.all([
        link.evaluate(
          (element) => element.closest('article')?.getBoundingClientRect().toJSON() as DOMRect,
        ),
        list.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      ]);
      expect(box.left - 4).toBeGreaterThanOrEqual(view.left);
      expect(box.right + 4).toBeLessThanOrEqual(view.right);
    }).toPass();
    await page.waitForTimeout(400);
    const settled = await link.evaluate(
      (element) => element.closest('article')?.getBoundingClientRect().right ?? 0,
    );
    expect(settled + 4).toBeLessThanOrEqual(
      await list.evaluate((element) => element.getBoundingClientRect().right),
    );
  }
});

test.describe('the first screen on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('shows a whole listing card above the tab bar, under the hero, stats, search and tabs', async ({
    page,
  }) => {
    await page.goto('/home?section=items');
    await expect(carousel(page, 'Newest Single Items').getByRole('article').first()).toBeVisible();
    // Every element the spec names is still there, above the listings.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Browsing' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Listings near you' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByLabel('Category')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Single Items/ })).toBeVisible();
    await expect(
      carousel(page, 'Newest Single Items').getByText('Swipe to see more'),
    ).toBeVisible();
    await expect(async () => {
      expect((await wholeCardsOnFirstScreen(page)).length).toBeGreaterThanOrEqual(1);
    }).toPass();
  });
});

import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  MESSAGE_MAX_LENGTH,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  SAVED_SEARCH_NAME_MAX_LENGTH,
} from '@yardsale/validators';
import { z } from 'zod';

import { animationsDone } from './a11y-support';
import { expect, test } from './admin-helpers';
import { e2eEnv } from './env';
import { createAccount } from './support';
import type { Neighbour } from './support';

/**
 * Whatever people type, every screen that shows it fits its width: a 300-character word and a long
 * web address (or as long as the field takes) in every field someone fills, on a phone and a laptop.
 */

const sameOrigin = { origin: e2eEnv.baseURL };
const answerSchema = z.object({ result: z.object({ data: z.object({ json: z.unknown() }) }) });

/** One unbroken word of `length` letters, starting with `start` (so a page can be searched for it). */
function word(start: string, length: number): string {
  return `${start}${'Superlongunbrokenword'.repeat(Math.ceil(length / 21))}`.slice(0, length);
}

/** A web address of `length` characters with nowhere a browser would break a line by itself. */
function url(length: number): string {
  return `https://www.example.com/${'listing_photo_archive_'.repeat(Math.ceil(length / 22))}`.slice(
    0,
    length,
  );
}

/** A word and an address together, as long as a field of `max` characters takes. */
function wordAndUrl(start: string, max: number): string {
  const first = word(start, Math.min(300, max));
  const rest = max - first.length - 1;
  return rest > 20 ? `${first} ${url(Math.min(300, rest))}` : first;
}

async function call(request: APIRequestContext, path: string, input: unknown): Promise<unknown> {
  const response = await request.post(`/trpc/${path}`, {
    data: { json: input },
    headers: sameOrigin,
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return answerSchema.parse(await response.json()).result.data.json;
}

async function query(request: APIRequestContext, path: string, input: unknown): Promise<unknown> {
  const response = await request.get(`/trpc/${path}`, {
    params: { input: JSON.stringify({ json: input }) },
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return answerSchema.parse(await response.json()).result.data.json;
}

const idSchema = z.object({ id: z.number() });
const listingSchema = z.object({ id: z.number(), userId: z.number() });

/** A person whose names are as long as the form takes (80 letters each, without a break). */
function longNamed(role: string): Neighbour {
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${role}`;
  return {
    email: `${role}.${unique}@example.com`,
    password: 'porch-sale-42',
    firstName: word(`${role}First`, 80),
    lastName: word(`${role}Last`, 80),
  };
}

async function personIn(
  browser: Browser,
  role: string,
  viewport: { width: number; height: number },
) {
  // The sales are in Madison, and so are the people: today's sales are today there.
  const context = await browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport,
    timezoneId: 'America/Chicago',
  });
  const page = await context.newPage();
  const person = longNamed(role);
  await createAccount(page.request, person);
  return { context, page, person };
}

/** Today's date in Madison, as sales are dated. */
function madisonToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

// A 1x1 grey PNG: every map tile, so the journey never reaches the tile server.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN89+7dfwAJgAPkRk1zHQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The page scrolls only up and down, nothing on it is wider than the window and no text runs off
 * it (a one-line box cut short with an ellipsis, or a row that scrolls, keeps its text in).
 */
async function expectFits(page: Page, screen: string) {
  // Let late images and fonts settle the layout, and a sliding panel come to rest.
  await page.waitForLoadState('load');
  await animationsDone(page);
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element, px: number) =>
      `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class'))}"> ${String(Math.round(px))}px: ${element.textContent.slice(0, 40)}`;
    /**
     * What is left to see of a box once every box around it that means to cut text short has done
     * so: a map, a row that scrolls, a one-line box ending in an ellipsis, a box clamped to a few lines.
     * Any other box that merely hides overflow would hide the rest of the word: that is a fault.
     */
    const visible = (inner: Node, rect: DOMRect) => {
      let { left, right } = rect;
      for (let box = inner.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const cuts =
          // A map is a window onto a larger surface.
          box.classList.contains('leaflet-container') ||
          style.overflowX === 'auto' ||
          style.overflowX === 'scroll' ||
          (style.overflowX !== 'visible' &&
            (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'));
        // Text only for screen readers is not on screen at all.
        const hidden = style.clipPath === 'inset(50%)';
        if (hidden) return { left: 0, right: 0 };
        if (cuts) {
          const clip = box.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
      }
      return { left, right };
    };
    const tooWide = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const seen = visible(element, element.getBoundingClientRect());
      return seen.right - seen.left > width + 0.5;
    });
    // The innermost ones say where the text is.
    const innermost = tooWide.filter(
      (element) => !tooWide.some((other) => other !== element && element.contains(other)),
    );
    // Text running out of its box and off the window, unless a box that cuts text short keeps it in.
    const offScreen: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      const { left, right } = visible(node, rect);
      // Nor may one run of text be wider than the scrolling box it is in (a panel that scrolls up
      // and down also hides what runs off its side), unless it is cut short on purpose.
      let room = width;
      for (
        let box: Element | null = parent;
        box && box !== document.body;
        box = box.parentElement
      ) {
        const style = getComputedStyle(box);
        if (
          style.clipPath === 'inset(50%)' ||
          box.classList.contains('leaflet-container') ||
          (style.overflowX !== 'visible' &&
            (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'))
        ) {
          room = Infinity;
          break;
        }
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          room = Math.min(room, box.clientWidth);
          break;
        }
      }
      if (right - left > 0 && (right > width + 1 || left < -1 || rect.width > room + 1))
        offScreen.push(describe(parent, rect.width));
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      elements: [
        ...innermost.map((element) => describe(element, element.getBoundingClientRect().width)),
        ...offScreen,
      ].slice(0, 8),
    };
  });
  expect
    .soft(found.scrollWidth, `${screen}: the page scrolls sideways`)
    .toBeLessThanOrEqual(found.width);
  expect.soft(found.elements, `${screen}: elements wider than the window`).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`every screen fits a 300-letter word and a long address at ${String(viewport.width)} px`, async ({
    browser,
    adminPage,
  }) => {
    test.setTimeout(240_000);
    const tag = `Qz${Date.now().toString(36)}`;
    const seller = await personIn(browser, 'seller', viewport);
    const buyer = await personIn(browser, 'buyer', viewport);
    for (const page of [seller.page, buyer.page, adminPage]) {
      await page.setViewportSize(viewport);
      await page.route('https://tile.openstreetmap.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
      );
    }

    // The seller's phone, as long as the form takes: fifteen digits (the most a number has), the
    // rest dots, which a browser will not break a line at.
    await call(seller.page.request, 'account.updateProfile', {
      firstName: seller.person.firstName,
      lastName: seller.person.lastName,
      email: seller.person.email,
      phone: `+${'5.'.repeat(14)}5${'.'.repeat(10)}`.slice(0, 40),
    });
    // The buyer hears of new listings matching a search with a name as long as it may be.
    await call(buyer.page.request, 'savedSearches.create', {
      name: word(`${tag}Saved`, SAVED_SEARCH_NAME_MAX_LENGTH),
      search: tag,
    });
    const title = word(tag, 120);
    const listing = idSchema.parse(
      await call(seller.page.request, 'listings.create', {
        title,
        description: `${wordAndUrl(`${tag}Description`, 650)} ${tag}`,
        category: 'Other',
        listingType: 'garage-sale',
        priceRange: 'Under $25',
        address: '10 Lake Street, Madison, WI 53703',
        location: { latitude: 43.0775, longitude: -89.3633 },
        startDate: madisonToday(),
        startTime: '00:30',
        endTime: '23:59',
        timeZone: 'America/Chicago',
        contactPhone: word('5', 40),
        contactEmail: 'sales@example.com',
      }),
    );
    const sellerId = listingSchema.parse(
      await query(buyer.page.request, 'listings.byId', { id: listing.id }),
    ).userId;

    await call(buyer.page.request, 'saved.save', { listingId: listing.id });
    const conversation = idSchema.parse(
      await call(buyer.page.request, 'conversations.start', { listingId: listing.id }),
    );
    await call(buyer.page.request, 'conversations.send', {
      conversationId: conversation.id,
      content: wordAndUrl(`${tag}Message`, MESSAGE_MAX_LENGTH),
    });
    await call(seller.page.request, 'conversations.send', {
      conversationId: conversation.id,
      content: wordAndUrl(`${tag}Reply`, MESSAGE_MAX_LENGTH),
    });
    await call(buyer.page.request, 'reviews.create', {
      revieweeId: sellerId,
      listingId: listing.id,
      rating: 4,
      comment: wordAndUrl(`${tag}Review`, REVIEW_COMMENT_MAX_LENGTH),
    });
    const report = idSchema.parse(
      await call(buyer.page.request, 'reports.create', {
        reportedUserId: sellerId,
        listingId: listing.id,
        category: 'fake_listing',
        description: wordAndUrl(`${tag}Report`, REPORT_DESCRIPTION_MAX_LENGTH),
      }),
    );
    await call(adminPage.request, 'admin.updateReport', {
      id: report.id,
      status: 'reviewed',
      adminNotes: wordAndUrl(`${tag}Notes`, 2000),
    });

    // The buyer's screens.
    const page = buyer.page;
    await page.goto(`/listing/${String(listing.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`${tag}Description`, { exact: false })).toBeVisible();
    await expectFits(page, 'listing detail');

    await page.goto(`/users/${String(sellerId)}`);
    await expect(page.getByText(`${tag}Review`, { exact: false })).toBeVisible();
    await expectFits(page, 'seller page with the review');

    await page.goto('/saved-listings');
    await expect(page.getByText(title).first()).toBeVisible();
    await expectFits(page, 'saved listings');

    await page.goto(`/home?section=sales&q=${tag}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await expectFits(page, 'home cards');

    await page.goto('/saved-searches');
    await expect(page.getByText(`${tag}Saved`, { exact: false }).first()).toBeVisible();
    await expectFits(page, 'saved searches');

    await page.goto('/messages');
    await expect(page.getByText(seller.person.firstName, { exact: false }).first()).toBeVisible();
    await expectFits(page, 'conversations');
    await page.goto(`/messages?conversation=${String(conversation.id)}`);
    await expect(
      page.getByRole('list', { name: 'Messages' }).getByText(`${tag}Reply`, { exact: false }),
    ).toBeVisible();
    await expectFits(page, 'message thread');

    await page.goto(`/listing/${String(listing.id)}`);
    await page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await expect(page.getByText(`${tag}Saved`, { exact: false }).first()).toBeVisible();
    await expectFits(page, 'notifications');
    await page.keyboard.press('Escape');

    await page.goto(`/map?q=${tag}`);
    await page.getByRole('button', { name: 'Set your location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Where are you shopping?' });
    await dialog.getByLabel('ZIP code or town').fill('53703');
    await dialog.getByRole('button', { name: 'Go' }).click();
    const map = page.getByRole('region', { name: /^Map of \d+ sales?$/ });
    await map.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    await expect(map.getByRole('group', { name: title })).toBeVisible();
    await expectFits(page, 'map pin card');
    await map
      .getByRole('group', { name: title })
      .getByRole('button', { name: /Add to my route/ })
      .click();

    await page.goto('/current');
    await expect(page.getByText(title).first()).toBeVisible();
    await expectFits(page, 'live sales');

    await page.goto('/route');
    await expect(page.getByTestId('route-stop').getByRole('link', { name: title })).toBeVisible();
    await expectFits(page, 'route');

    await page.goto(`/map?q=${tag}&view=list`);
    await expect(page.getByText(title).first()).toBeVisible();
    await expectFits(page, 'map as a list');

    await page.goto('/profile');
    await expectFits(page, 'buyer’s own profile');
    // On a phone the menu names the person.
    if (viewport.width < 640) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
      await expectFits(page, 'the phone menu');
      await page.keyboard.press('Escape');
    }

    // The seller's screens.
    await seller.page.goto('/profile');
    await expect(seller.page.getByText(title).first()).toBeVisible();
    await expectFits(seller.page, 'My Listings');
    await seller.page.goto(`/messages?conversation=${String(conversation.id)}`);
    await expect(
      seller.page
        .getByRole('list', { name: 'Messages' })
        .getByText(`${tag}Message`, { exact: false }),
    ).toBeVisible();
    await expectFits(seller.page, 'the seller’s thread');
    await seller.page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await expect(
      seller.page.getByRole('dialog').or(seller.page.getByRole('menu')).first(),
    ).toBeVisible();
    await expectFits(seller.page, 'the seller’s notifications');

    // The admin's.
    await adminPage.goto('/admin?status=reviewed');
    await expect(adminPage.getByText(`${tag}Report`, { exact: false })).toBeVisible();
    await expectFits(adminPage, 'admin reports');

    await seller.context.close();
    await buyer.context.close();
  });
}

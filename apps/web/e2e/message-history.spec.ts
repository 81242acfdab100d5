import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';

import { expectNoSeriousViolations } from './a11y-support';
import { e2eEnv } from './env';
import { seededListing } from './signed-in';
import { expect, test } from './support';

/**
 * Two seeded neighbours no other journey uses, so the messages they exchange spend nobody else's
 * sending allowance (60 a minute per account, as in production).
 */
const READER = { email: 'aisha.bello@example.com', password: 'demo-password' };
const OTHER = { email: 'ethan.novak@example.com', password: 'demo-password' };
/** Ethan's seeded listing, which Aisha asks about. */
const MONITOR = '27-inch Dell Monitor, 1440p';
/**
 * More than two pages, yet within each account's minute: Ethan writes 55 and then one live message,
 * Aisha 55, so no send is ever refused and nothing waits out a Retry-After.
 */
const TOTAL = 110;
const PAGE_SIZE = 50;

const sameOrigin = { origin: e2eEnv.baseURL };

const idSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

async function signedInRequest(credentials: { email: string; password: string }) {
  const request = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
  const response = await request.post('/trpc/auth.login', {
    data: { json: { ...credentials, rememberMe: false } },
    headers: sameOrigin,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return request;
}

/** Sends as whoever `request` is signed in as. */
async function send(request: APIRequestContext, conversationId: number, content: string) {
  const response = await request.post('/trpc/conversations.send', {
    data: { json: { conversationId, content } },
    headers: sameOrigin,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

function text(n: number) {
  return `Message ${n} of ${TOTAL} about the monitor`;
}

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

function bubble(page: Page, n: number): Locator {
  return thread(page).getByText(text(n), { exact: true });
}

/** The scrolling box around the thread's messages. */
function scroller(page: Page): Locator {
  return thread(page).locator('xpath=..');
}

/** The message numbers in the thread as shown, top to bottom. */
async function shownNumbers(page: Page): Promise<number[]> {
  const texts = await thread(page).getByRole('listitem').allTextContents();
  return texts.map((content) => Number(/Message (\d+) of/.exec(content)?.[1] ?? Number.NaN));
}

/**
 * Brings message `n` to the top of the view and, in the same moment (before any page could
 * arrive), reads where it is on screen.
 */
async function readAtTop(page: Page, n: number): Promise<number> {
  return bubble(page, n).evaluate((element) => {
    // The thread's own box scrolls, not the page, so nothing else moves under the measurement.
    const box = element.closest('ol')?.parentElement;
    if (!box) throw new Error('The thread has no scrolling box');
    box.scrollTop += element.getBoundingClientRect().top - box.getBoundingClientRect().top;
    return element.getBoundingClientRect().top;
  });
}

async function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

test('a long thread opens on its newest messages and reaches back to the first without losing the reader’s place', async ({
  browser,
}) => {
  // 110 messages are sent one after another before the page opens: on a busy machine that took
  // over a minute.
  test.setTimeout(180_000);
  const ethan = await signedInRequest(OTHER);
  const context = await browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const login = await page.request.post('/trpc/auth.login', {
    data: { json: { ...READER, rememberMe: false } },
    headers: sameOrigin,
  });
  expect(login.ok(), await login.text()).toBe(true);

  const monitor = await seededListing(page.request, MONITOR);
  const started = await page.request.post('/trpc/conversations.start', {
    data: { json: { listingId: monitor.id } },
    headers: sameOrigin,
  });
  expect(started.ok(), await started.text()).toBe(true);
  const conversationId = idSchema.parse(await started.json()).result.data.json.id;

  // Ethan writes the odd ones, Aisha the even ones, one after another so ids follow the numbers.
  for (let n = 1; n <= TOTAL; n += 1) {
    await send(n % 2 === 1 ? ethan : page.request, conversationId, text(n));
  }

  await page.goto(`/messages?conversation=${conversationId}`);
  await expect(page.getByRole('region', { name: 'Conversation with Ethan Novak' })).toBeVisible();

  // The newest page opens, scrolled to its end.
  await expect(bubble(page, TOTAL)).toBeInViewport();
  await expect(thread(page).getByRole('listitem')).toHaveCount(PAGE_SIZE);
  expect(await shownNumbers(page)).toEqual(range(TOTAL - PAGE_SIZE + 1, TOTAL));
  const loadOlder = page.getByRole('button', { name: 'Load older messages' });
  await expect(loadOlder).toBeAttached();
  await expectNoSeriousViolations(page, '/messages (long thread, older messages to load)');

  // Reading the oldest message shown brings the top into reach: the page before it loads above,
  // and the message being read stays where it was on screen.
  const firstShown = TOTAL - PAGE_SIZE + 1;
  const before = await readAtTop(page, firstShown);
  await expect(bubble(page, firstShown - PAGE_SIZE)).toBeAttached();
  await expect(thread(page).getByRole('listitem')).toHaveCount(2 * PAGE_SIZE);
  expect(Math.abs((await topOf(bubble(page, firstShown))) - before)).toBeLessThanOrEqual(3);
  await expect(bubble(page, firstShown)).toBeInViewport();

  // The rest arrives on reaching the top; then there is nothing older to offer.
  await scroller(page).evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(bubble(page, 1)).toBeAttached();
  await expect(loadOlder).toHaveCount(0);

  // Every message once, in order.
  expect(await shownNumbers(page)).toEqual(range(1, TOTAL));
  await bubble(page, 1).scrollIntoViewIfNeeded();
  await expect(bubble(page, 1)).toBeInViewport();

  // While Aisha reads the first messages, Ethan writes again: the view stays put and a pill
  // offers the new message.
  const reading = await topOf(bubble(page, 1));
  const latest = 'Is it still available for pickup tomorrow?';
  await send(ethan, conversationId, latest);
  const pill = page.getByRole('button', { name: 'New messages' });
  await expect(pill).toBeVisible();
  const newest = thread(page).getByText(latest, { exact: true });
  await expect(newest).toBeAttached();
  await expect(newest).not.toBeInViewport();
  expect(Math.abs((await topOf(bubble(page, 1))) - reading)).toBeLessThanOrEqual(3);
  await expectNoSeriousViolations(page, '/messages (long thread at its start, new messages below)');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pill).toBeVisible();
  await expectNoSeriousViolations(page, '/messages at phone width (new messages below)');

  // Not yet seen, so not yet read: the marker stays until the pill brings it into view.
  const newestItem = thread(page).getByRole('listitem').filter({ hasText: latest });
  await expect(newestItem).toContainText('New');
  await pill.click();
  await expect(newest).toBeInViewport();
  await expect(pill).toHaveCount(0);
  await expect(newestItem).not.toContainText('New', { timeout: 10_000 });

  await ethan.dispose();
  await context.close();
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

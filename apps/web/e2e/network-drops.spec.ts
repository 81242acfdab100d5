import { expect, test } from '@playwright/test';
import { UI_TEXT } from '@yardsale/validators';
import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';

import { animationsDone, expectNoSeriousViolations } from './a11y-support';
import { OwnServer } from './own-server';

/*
 * The server goes away mid-task and comes back: nothing typed or chosen is lost, and every screen
 * recovers by itself, without a click (decision 088). The journeys stop and start a server of
 * their own (own-server.ts): the device stays online, only YardSale is out of reach.
 */

const server = new OwnServer();
const BUYER = { email: 'maria.gonzalez@example.com', password: 'demo-password' };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.setTimeout(150_000);

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});
// A journey that failed half-way leaves the next one a running server.
test.afterEach(async () => {
  await server.start();
});

async function call(request: APIRequestContext, procedure: string, input: unknown) {
  const response = await request.post(`/trpc/${procedure}`, {
    data: { json: input },
    headers: { origin: server.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return z
    .object({ result: z.object({ data: z.object({ json: z.unknown() }) }) })
    .parse(await response.json()).result.data.json;
}

async function signIn(page: Page) {
  await call(page.request, 'auth.login', { ...BUYER, rememberMe: false });
}

/** The service worker is installed (with the app's code precached) and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A conversation of the buyer's about someone else's listing, and its seller's name. */
async function conversationAboutOthersListing(request: APIRequestContext) {
  const session = z
    .object({ user: z.object({ id: z.number() }) })
    .parse(await (await request.get('/api/session')).json());
  const listings = z
    .object({ items: z.array(z.object({ id: z.number(), userId: z.number() })) })
    .parse(await (await request.get('/api/listings')).json());
  const listing = listings.items.find((item) => item.userId !== session.user.id);
  if (!listing) throw new Error('The demo neighbourhood has no listing of someone else');
  const { id } = z
    .object({ id: z.number() })
    .parse(await call(request, 'conversations.start', { listingId: listing.id }));
  return id;
}

function toast(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${String(viewport.width)}×${String(viewport.height)}`, () => {
    test.use({ viewport });

    test('a message sent while the server is down stays as Not sent with Retry, survives a reload with the draft, and is sent once', async ({
      page,
    }) => {
      await signIn(page);
      const conversationId = await conversationAboutOthersListing(page.request);
      const text = `Is it still there? ${String(Date.now())}`;
      const draft = `And could I come by at six? ${String(Date.now())}`;
      await page.goto(`/messages?conversation=${String(conversationId)}`);
      const thread = page.getByRole('region', { name: /^Conversation with / });
      const composer = page.getByRole('textbox', { name: 'Message', exact: true });
      await expect(composer).toBeVisible();
      await waitForServiceWorker(page);

      await server.stop();
      await composer.fill(text);
      await composer.press('Enter');

      // The screen stays, with the message kept in the thread as not sent, and says so.
      const unsent = thread.getByRole('list', { name: 'Messages not sent' }).getByRole('listitem');
      await expect(unsent).toContainText(text);
      await expect(unsent).toContainText('Not sent');
      await expect(toast(page)).toContainText('Failed to send message');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await animationsDone(page);
      await expectNoSeriousViolations(page, 'a thread with a message not sent');

      // A draft of the next one, and a reload while the server is still down.
      await composer.fill(draft);
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'We can’t reach YardSale' }),
      ).toBeVisible();
      await expect(page.getByText('This page will open by itself')).toBeVisible();
      await expectNoSeriousViolations(page, 'the page shown while YardSale is out of reach');

      // The server answers again: the page opens by itself, the draft and the unsent message kept.
      await server.start();
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible({
        timeout: 45_000,
      });
      const row = page.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
      if (!(await composer.isVisible())) await row.click();
      await expect(composer).toHaveValue(draft);
      await expect(unsent).toContainText(text);

      await unsent.getByRole('button', { name: 'Retry sending this message' }).click();
      const sent = thread
        .getByRole('list', { name: 'Messages', exact: true })
        .getByRole('listitem')
        .filter({ hasText: text });
      await expect(sent).toHaveCount(1);
      await expect(sent).toContainText('Sent');
      await expect(thread.getByRole('list', { name: 'Messages not sent' })).toHaveCount(0);

      // Sending clears the draft; after a reload the composer is empty and the message there once.
      await composer.press('Enter');
      await expect(thread.getByRole('listitem').filter({ hasText: draft })).toContainText('Sent');
      await page.goto(`/messages?conversation=${String(conversationId)}`);
      await expect(sent).toHaveCount(1);
      await expect(composer).toHaveValue('');
    });

    test('a send whose answer is lost is stored once, however often it is retried', async ({
      page,
    }) => {
      await signIn(page);
      const conversationId = await conversationAboutOthersListing(page.request);
      const text = `Lost answer ${String(Date.now())}`;
      await page.goto(`/messages?conversation=${String(conversationId)}`);
      const thread = page.getByRole('region', { name: /^Conversation with / });
      const composer = page.getByRole('textbox', { name: 'Message', exact: true });
      await expect(composer).toBeVisible();

      // The send reaches the server, which stores the message; its answer never comes back.
      await page.route('**/trpc/conversations.send**', async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      });
      await composer.fill(text);
      await composer.press('Enter');
      const unsent = thread.getByRole('list', { name: 'Messages not sent' }).getByRole('listitem');
      await expect(unsent).toContainText(text);
      await page.unrouteAll();

      await unsent.getByRole('button', { name: 'Retry sending this message' }).click();
      await expect(thread.getByRole('list', { name: 'Messages not sent' })).toHaveCount(0);
      await page.reload();
      const row = page.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
      if (!(await composer.isVisible())) await row.click();
      await expect(
        thread.getByRole('list', { name: 'Messages', exact: true }).getByText(text),
      ).toHaveCount(1);
      const page1 = z
        .object({ items: z.array(z.object({ content: z.string() })) })
        .parse(
          await (
            await page.request.get(`/api/conversations/${String(conversationId)}/messages`)
          ).json(),
        );
      expect(page1.items.filter((item) => item.content === text)).toHaveLength(1);
    });

    test('a search typed while the server is down stays, and its results appear once it answers', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/home');
      const search = page.getByRole('searchbox', { name: 'Search' });
      await expect(search).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await waitForServiceWorker(page);

      await server.stop();
      await search.fill('dresser');
      await expect(page).toHaveURL(/q=dresser/);
      await expect(page.getByRole('heading', { name: /^We couldn.t load listings$/ })).toBeVisible({
        timeout: 20_000,
      });
      // /home itself stays, with what was typed.
      await expect(search).toHaveValue('dresser');

      await server.start();
      await expect(page.getByRole('article').first()).toContainText(/dresser/i, {
        timeout: 45_000,
      });
      await expect(search).toHaveValue('dresser');
    });

    test('a profile saved while the server is down keeps what was typed, and saves once it answers', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/settings');
      const firstName = page.getByRole('textbox', { name: 'First name', exact: true });
      await expect(firstName).toHaveValue('Maria');
      await waitForServiceWorker(page);

      await server.stop();
      await firstName.fill('Mariana');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page)).toBeVisible();
      await expect(firstName).toHaveValue('Mariana');

      await server.start();
      // The screen is still the form, as it was: saving now works.
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page).filter({ hasText: UI_TEXT.profile.updatedTitle })).toBeVisible({
        timeout: 20_000,
      });
      await page.reload();
      await expect(firstName).toHaveValue('Mariana');
      await firstName.fill('Maria');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page).filter({ hasText: UI_TEXT.profile.updatedTitle })).toBeVisible();
    });

    test('a page opened while the server is down says so, keeps the app around it, and opens by itself once it answers', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/home');
      const card = page.getByRole('article').first();
      await expect(card).toBeVisible();
      await waitForServiceWorker(page);
      const title = (await card.getByRole('link').first().textContent())?.trim() ?? '';

      await server.stop();
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/listing\/\d+$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'We can’t reach YardSale right now' }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoSeriousViolations(page, 'a screen that could not reach YardSale');

      await server.start();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title, {
        timeout: 45_000,
      });
    });
  });
}

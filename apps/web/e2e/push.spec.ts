import type { Page } from '@playwright/test';
import { z } from 'zod';

import { animationsDone, expectNoSeriousViolations } from './a11y-support';
import { e2eEnv } from './env';
import { fakePushManager, permissionAsks, startPushService } from './push-service';
import { expect, postListing, test } from './signed-in';
import { createAccount, currentToast, field, newNeighbour, signIn } from './support';
import type { Neighbour } from './support';

/** A seeded neighbour (packages/db/src/seed/content.ts) who sells and replies. */
const PRIYA = { email: 'priya.raman@example.com', password: 'demo-password' };
const sameOrigin = { origin: e2eEnv.baseURL };

const pushSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  listingId: z.number().nullable(),
  conversationId: z.number().nullable(),
});

async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('push is offered only after a first message, asks on “Turn on”, and the server then pushes replies to this device', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  const service = await startPushService();
  try {
    const device = service.device();
    await fakePushManager(context, device);

    // Priya has something for sale; Robin (this page) writes to her about it.
    const priyaContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
    const priya = await priyaContext.newPage();
    await signIn(priya, PRIYA);
    const title = `Cast iron skillet ${Date.now().toString(36)}`;
    const listingId = await postListing(priya.request, { title, listingType: 'single-item' });

    await page.goto(`/listing/${String(listingId)}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    await expect(page.getByRole('region', { name: 'Conversation with Priya Raman' })).toBeVisible();
    const prompt = page.getByRole('region', { name: 'Turn on notifications?' });
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // Nothing asked on load, nothing decided by the browser.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    expect(await permissionAsks(page)).toBe(0);

    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Hello! Does the skillet come with its lid?');
    await composer.press('Enter');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(
      'Get a notification when they reply, even with YardSale closed.',
    );
    // The card explains; the browser has still not been asked.
    expect(await permissionAsks(page)).toBe(0);
    await animationsDone(page);
    await expectNoSeriousViolations(page, '/messages with the push card');

    // The neighbour allows it in the browser's question.
    await context.grantPermissions(['notifications'], { origin: e2eEnv.baseURL });
    await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(currentToast(page)).toContainText('Notifications are on for this device.');
    await expect(prompt).toHaveCount(0);
    expect(await permissionAsks(page)).toBe(1);

    await page.goto('/settings');
    await expect(page.getByText('On for this device')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

    // With the app closed, Priya's reply reaches the device through the server's push.
    const started = await page.request.post('/api/conversations', {
      data: { listingId },
      headers: sameOrigin,
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { id: conversationId } = z.object({ id: z.number() }).parse(await started.json());
    await page.close();

    // The server hears that the app closed when the page's socket ends; until then a reply shows
    // in the open app and is not pushed. So Priya writes until one is pushed (the first, usually).
    const replies: string[] = [];
    await expect
      .poll(
        async () => {
          if (device.messages().length === 0) {
            const content = `Yes, lid included. Come by Saturday! (${String(replies.length + 1)})`;
            replies.push(content);
            const reply = await priya.request.post(
              `/api/conversations/${String(conversationId)}/messages`,
              { data: { content }, headers: sameOrigin },
            );
            expect(reply.ok(), await reply.text()).toBe(true);
          }
          return device.messages().length;
        },
        { message: 'the server pushes a reply to this device', intervals: [1000], timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const pushed = pushSchema.parse(device.messages()[0]);
    expect(replies).toContain(pushed.body);
    expect(pushed).toMatchObject({
      title: 'New message from Priya',
      url: `/messages?conversation=${String(conversationId)}`,
      conversationId,
    });
    expect(pushed.tag).not.toBe('');
    await priyaContext.close();
  } finally {
    await service.close();
  }
});

test('Settings explains push before asking, turns it on and off for this device, and saves each switch', async ({
  page,
  context,
}) => {
  const service = await startPushService();
  try {
    await fakePushManager(context, service.device());
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();

    const thisDevice = page.getByRole('region', { name: 'This device' });
    await expect(thisDevice).toContainText('Off for this device');
    await expect(thisDevice).toContainText(
      'Pushes arrive on this device even when YardSale is closed.',
    );
    expect(await permissionAsks(page)).toBe(0);
    await expect(page.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute(
      'href',
      '/saved-searches',
    );

    await context.grantPermissions(['notifications'], { origin: e2eEnv.baseURL });
    await thisDevice.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(thisDevice).toContainText('On for this device');
    expect(await permissionAsks(page)).toBe(1);

    await thisDevice.getByRole('button', { name: 'Turn off' }).click();
    await expect(thisDevice).toContainText('Off for this device');
    await expect(currentToast(page)).toContainText('Notifications are off for this device.');

    // A switch saves at once, and stays as set after a reload and through the REST API.
    const announcementsByMail = page.getByRole('switch', { name: 'E-mail for Announcements' });
    await expect(announcementsByMail).toHaveAttribute('aria-checked', 'false');
    await announcementsByMail.click();
    await expect(announcementsByMail).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/user/notification-settings');
        return z
          .object({ announcement: z.object({ email: z.boolean(), push: z.boolean() }) })
          .parse(await response.json()).announcement;
      })
      .toEqual({ email: true, push: true });
    await page.reload();
    await expect(announcementsByMail).toHaveAttribute('aria-checked', 'true');

    // Refused by the server: the switch moves back and says so.
    await page.route('**/trpc/notifications.updateSettings**', (route) =>
      route.fulfill({ status: 503, body: 'unavailable' }),
    );
    await announcementsByMail.click();
    await expect(currentToast(page)).toContainText(
      'Your notification settings could not be saved.',
    );
    await expect(announcementsByMail).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/trpc/notifications.updateSettings**');

    // Left as found for the worker's other journeys.
    await announcementsByMail.click();
    await expect(announcementsByMail).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/user/notification-settings');
        return z
          .object({ announcement: z.object({ email: z.boolean() }) })
          .parse(await response.json()).announcement.email;
      })
      .toBe(false);
  } finally {
    await service.close();
  }
});

test('the service worker shows a push as a notification, and a push with the same tag replaces it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: e2eEnv.baseURL });
  await page.goto('/home');
  await waitForServiceWorker(page);

  // The browser's push service is out of reach here: DevTools hands the worker the push instead.
  // The page has a controller while the worker is still activating: the first push waits until
  // DevTools itself reports ours activated. What it saw of the worker is attached to the result.
  const cdp = await context.newCDPSession(page);
  const seen: string[] = [];
  let registrationId: string | null = null;
  const workers = new Map<string, { registrationId: string; status: string }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => r.scopeURL === `${e2eEnv.baseURL}/` && !r.isDeleted);
    if (ours) registrationId = ours.registrationId;
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      seen.push(`${v.registrationId}:${v.versionId} ${v.status}/${v.runningStatus}`);
      workers.set(v.versionId, v);
    }
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => {
    seen.push(`error: ${errorMessage.errorMessage} (${errorMessage.sourceURL})`);
  });
  await cdp.send('ServiceWorker.enable');
  try {
    await expect
      .poll(() =>
        [...workers.values()].some(
          (v) => v.registrationId === registrationId && v.status === 'activated',
        ),
      )
      .toBe(true);
    const push = async (payload: object) => {
      if (registrationId === null) throw new Error('no service worker registration');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2eEnv.baseURL,
        registrationId,
        data: JSON.stringify(payload),
      });
    };
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          data: n.data as unknown,
        }));
      });

    // The browser keeps notifications across pages of one profile: start from none.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (const notification of await registration.getNotifications()) notification.close();
    });
    await expect.poll(shown).toEqual([]);

    // What the server pushes for a new message (sendPush in packages/api/src/services/outbox-push.ts).
    const message = {
      title: 'New message from Priya',
      body: 'Is the lamp still available?',
      url: '/messages?conversation=7',
      tag: 'message:101',
      listingId: 3,
      conversationId: 7,
    };
    await push(message);
    // A worker that stopped while idle is started for the push first: slower on a busy machine.
    const delivered = { timeout: 15_000 };
    await expect.poll(shown, delivered).toEqual([
      {
        title: 'New message from Priya',
        body: 'Is the lamp still available?',
        tag: 'message:101',
        icon: '/pwa-192x192.png',
        data: { url: '/messages?conversation=7', listingId: 3, conversationId: 7 },
      },
    ]);

    // The same notification delivered again (a retry) replaces the first rather than adding one.
    await push(message);
    await push({
      title: 'Announcement from YardSale',
      body: 'The spring sale weekend is on.',
      url: '/home',
      tag: 'announcement:5',
      listingId: null,
      conversationId: null,
    });
    await expect
      .poll(async () => (await shown()).map((n) => n.tag).sort(), delivered)
      .toEqual(['announcement:5', 'message:101']);

    for (const n of await shown()) {
      await page.evaluate(async (tag) => {
        const registration = await navigator.serviceWorker.ready;
        for (const notification of await registration.getNotifications({ tag }))
          notification.close();
      }, n.tag);
    }
  } finally {
    await test
      .info()
      .attach('service worker', { body: seen.join('\n'), contentType: 'text/plain' });
  }
});

test('a device’s push ends with the sign-in that turned it on, comes back when the same person signs in again, and not for someone else', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const service = await startPushService();
  // Signed out, unlike the file's other journeys: this one signs in through the page.
  const signedOut = { baseURL: e2eEnv.baseURL, storageState: { cookies: [], origins: [] } };
  const context = await browser.newContext(signedOut);
  const others = await browser.newContext(signedOut);
  try {
    const device = service.device();
    await fakePushManager(context, device);
    await context.grantPermissions(['notifications'], { origin: e2eEnv.baseURL });
    const owner = newNeighbour('Noor', 'Haddad');
    const stranger = newNeighbour('Sven', 'Berg');
    const reviewers = [newNeighbour('Ada', 'Lane'), newNeighbour('Ben', 'Lane')];
    for (const person of [owner, stranger, ...reviewers])
      await createAccount(others.request, person);

    const page = await context.newPage();
    const signInHere = async (person: Neighbour) => {
      await page.goto('/auth');
      await field(page, 'Email').fill(person.email);
      await field(page, 'Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/home/);
    };
    const thisDevice = page.getByRole('region', { name: 'This device' });

    await signInHere(owner);
    const me = z
      .object({ id: z.number() })
      .parse(await (await page.request.get('/api/user')).json());
    await page.goto('/settings');
    await thisDevice.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(thisDevice).toContainText('On for this device');

    // The sign-in ends on the server (as when it expires); the browser keeps its subscription.
    const ended = await page.request.post('/api/logout', { headers: sameOrigin });
    expect(ended.ok()).toBe(true);
    const review = async (reviewer: Neighbour, comment: string) => {
      const reviewerPage = await others.newPage();
      await signIn(reviewerPage, reviewer);
      const made = await reviewerPage.request.post('/api/reviews', {
        data: { revieweeId: me.id, rating: 5, comment },
        headers: sameOrigin,
      });
      expect(made.ok(), await made.text()).toBe(true);
      await reviewerPage.close();
    };
    await review(reviewers[0] ?? owner, 'Friendly and on time');

    // Signing in again brings this device back for the same person.
    await signInHere(owner);
    await review(reviewers[1] ?? owner, 'Great table, thank you');
    await expect
      .poll(() => device.messages().map((m) => pushSchema.parse(m).title), { timeout: 15_000 })
      .toEqual(['Ben rated you 5 of 5']);

    // Someone else signing in on this browser does not inherit it.
    const endedAgain = await page.request.post('/api/logout', { headers: sameOrigin });
    expect(endedAgain.ok()).toBe(true);
    await signInHere(stranger);
    await page.goto('/settings');
    await expect(thisDevice).toContainText('Off for this device');
  } finally {
    await context.close();
    await others.close();
    await service.close();
  }
});

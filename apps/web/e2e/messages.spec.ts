import type { Browser, Page } from '@playwright/test';

import { animationsDone, expectNoSeriousViolations } from './a11y-support';
import { e2eEnv } from './env';
import { expect, postListing, seededListing, test } from './signed-in';
import { currentToast, signIn } from './support';

/** A seeded neighbour, so the journey does not spend one of the few registrations per hour. */
const BUYER = { email: 'priya.raman@example.com', password: 'demo-password', name: 'Priya Raman' };
/** Priya's seeded listing with photos (packages/db/src/seed/content.ts). */
const KITCHEN_LOT = { title: 'Kitchen Box Lot from Our Block Clean-Out', priceRange: '$25-$50' };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

async function openConversation(page: Page, name: RegExp) {
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name }).click();
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

/** Priya, signed in on a desktop-sized page of her own. */
async function signedInPriya(browser: Browser) {
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, BUYER);
  return page;
}

/** Each bubble with this text lies inside the thread and has nothing hidden to scroll to. */
async function expectBubblesInside(page: Page, text: string, count: number) {
  const list = thread(page);
  const bubbles = list.getByText(text, { exact: true });
  await expect(bubbles).toHaveCount(count);
  const listElement = await list.elementHandle();
  expect(listElement).not.toBeNull();
  // Every box is read in the same moment: the thread may still be scrolling to its newest message
  // after the window changed size.
  const measured = await bubbles.evaluateAll((elements, container) => {
    const outer = (container as Element).getBoundingClientRect();
    return elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        insideSides: box.left >= outer.left && box.right <= outer.right,
        insideEnds: box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5,
        overflows: element.scrollWidth > element.clientWidth,
      };
    });
  }, listElement);
  for (const bubble of measured) {
    expect(bubble).toEqual({ insideSides: true, insideEnds: true, overflows: false });
  }
}

test('buyer and seller talk live, read marks follow, and deleting hides it for one side only', async ({
  page: seller,
  browser,
}) => {
  test.setTimeout(60_000);
  const title = `Oak rocking chair ${Date.now().toString(36)}`;
  const listingId = await postListing(seller.request, { title, listingType: 'single-item' });
  await seller.goto('/messages');
  await expect(seller.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  const buyerContext = await browser.newContext({
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, BUYER);
  await buyer.goto(`/listing/${listingId}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  // The conversation opens, and the address drops its parameter.
  await expect(buyer).toHaveURL(/\/messages$/);
  await expect(buyer.getByRole('region', { name: `Conversation with Robin Hale` })).toBeVisible();

  // Shift+Enter makes a new line; Enter sends.
  await composer(buyer).fill('Hello! Is the chair still available?');
  await composer(buyer).press('Shift+Enter');
  await expect(composer(buyer)).toHaveValue('Hello! Is the chair still available?\n');
  await composer(buyer).pressSequentially('Could I pick it up Saturday?');
  await composer(buyer).press('Enter');
  await expect(composer(buyer)).toHaveValue('');
  await expect(thread(buyer)).toContainText('Could I pick it up Saturday?');
  // Nothing to send when only spaces are typed.
  await composer(buyer).fill('   ');
  await expect(buyer.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await composer(buyer).fill('');

  // The seller, already on Messages, sees it arrive without reloading: a badge, then the New marker.
  const sellerRow = seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(title) });
  await expect(sellerRow).toContainText('1 unread');
  await expect(
    seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ }),
  ).toContainText('1');
  await sellerRow.click();
  const received = thread(seller).getByRole('listitem').filter({ hasText: 'Saturday?' });
  await expect(received).toContainText('New');

  await composer(seller).fill('Yes, it is. Saturday after 10 works.');
  await composer(seller).press('Enter');
  await expect(thread(seller).getByText('Saturday after 10 works.')).toHaveCount(1);

  // The buyer sees the reply, marked New until it has been on screen for a moment.
  const reply = thread(buyer).getByRole('listitem').filter({ hasText: 'Saturday after 10' });
  await expect(reply).toContainText('New');

  // Read 3 s after display, on both sides.
  await expect(received).not.toContainText('New', { timeout: 10_000 });
  await expect(reply).not.toContainText('New', { timeout: 10_000 });
  await expect(thread(buyer)).toContainText('· Read');
  await expect(thread(seller)).toContainText('· Read');
  await expect(sellerRow).not.toContainText('unread');

  // The buyer deletes the conversation; the seller keeps it.
  await buyer.getByRole('button', { name: 'Delete conversation' }).click();
  const dialog = buyer.getByRole('alertdialog', { name: 'Delete this conversation?' });
  await dialog.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(currentToast(buyer)).toContainText('Conversation deleted');
  await expect(
    buyer
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(title) }),
  ).toHaveCount(0);

  await seller.reload();
  await seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(thread(seller)).toContainText('Could I pick it up Saturday?');
  await expect(thread(seller)).toContainText('Saturday after 10 works.');

  await buyerContext.close();
});

test('a listing conversation shows the listing in its header, and long words and links wrap inside their bubbles', async ({
  page: buyer,
  browser,
}) => {
  test.setTimeout(60_000);
  const lot = await seededListing(buyer.request, KITCHEN_LOT.title);
  await buyer.goto(`/listing/${lot.id}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  const conversation = buyer.getByRole('region', { name: `Conversation with ${BUYER.name}` });
  await expect(conversation).toBeVisible();

  // The header says what the conversation is about, and leads back to it.
  const header = conversation.locator('header');
  const photo = header.getByRole('img', { name: KITCHEN_LOT.title });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(header).toContainText(KITCHEN_LOT.priceRange);
  const listingLink = header.getByRole('link', { name: KITCHEN_LOT.title });
  await expect(listingLink).toHaveAttribute('href', `/listing/${lot.id}`);

  // 2,000 characters without a space, and a long link, from both sides.
  const word = 'x'.repeat(2000);
  const link = `https://example.com/listings/${'kitchen-lot-'.repeat(22)}photo-1`;
  expect(link).toHaveLength(300);
  await send(buyer, word);
  await send(buyer, link);

  const seller = await signedInPriya(browser);
  await seller.goto('/messages');
  await openConversation(seller, new RegExp(KITCHEN_LOT.title));
  await expect(thread(seller).getByText(link, { exact: true })).toBeVisible();
  await send(seller, word);
  await send(seller, link);
  await expect(thread(buyer).getByText(link, { exact: true })).toHaveCount(2);

  for (const viewport of [DESKTOP, PHONE]) {
    for (const page of [buyer, seller]) {
      await page.setViewportSize(viewport);
      await expectBubblesInside(page, word, 2);
      await expectBubblesInside(page, link, 2);
    }
  }

  // Everything has been read on both sides before leaving (the worker's neighbour is shared).
  await expect(thread(seller)).toContainText('· Read', { timeout: 10_000 });
  await expect(thread(buyer)).toContainText('· Read', { timeout: 10_000 });

  await listingLink.click();
  await expect(buyer).toHaveURL(`/listing/${lot.id}`);
  await seller.context().close();
});

test('a message sent before the thread has loaded shows once it loads, and is not lost', async ({
  page,
}) => {
  const firewood = await seededListing(page.request, 'Free Firewood: Seasoned Oak');
  // The thread's first load is held back until the message is sent, so it is sent while the load
  // is still on its way.
  let messageSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    messageSent = resolve;
  });
  let held = false;
  await page.route('**/trpc/conversations.messages**', async (route) => {
    if (!held) {
      held = true;
      await sent;
    }
    await route.fallback();
  });
  await page.goto(`/listing/${firewood.id}`);
  await page.getByRole('button', { name: 'Message Seller' }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with Maria Gonzalez' });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByLabel('Loading messages')).toBeVisible();
  const text = `Is the firewood still there? ${String(Date.now())}`;
  await send(page, text);
  messageSent();

  await expect(thread(page).getByText(text, { exact: true })).toBeVisible();
  await expect(conversation.getByLabel('Loading messages')).toHaveCount(0);
  // Stored, not only shown.
  await page.reload();
  await openConversation(page, /Free Firewood: Seasoned Oak/);
  await expect(thread(page).getByText(text, { exact: true })).toBeVisible();
});

test('deleting a message asks first; cancelling keeps it, confirming removes it for both sides', async ({
  page: seller,
  browser,
  neighbour,
}) => {
  test.setTimeout(60_000);
  const title = `Brass floor lamp ${Date.now().toString(36)}`;
  const listingId = await postListing(seller.request, { title, listingType: 'single-item' });
  const buyer = await signedInPriya(browser);
  await buyer.goto(`/listing/${listingId}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  await send(buyer, 'Is the lamp still available?');
  await send(buyer, 'Wrong listing, sorry: ignore this one');

  await seller.goto('/messages');
  await openConversation(seller, new RegExp(title));
  await expect(thread(seller)).toContainText('Wrong listing, sorry');

  const mistake = thread(buyer).getByRole('listitem').filter({ hasText: 'Wrong listing, sorry' });
  const dialog = buyer.getByRole('alertdialog', { name: 'Delete this message?' });
  await mistake.getByRole('button', { name: 'Delete message' }).click();
  await expect(dialog).toContainText(
    `It will be removed for you and for ${neighbour.firstName} ${neighbour.lastName}.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(mistake).toBeVisible();
  await buyer.reload();
  await openConversation(buyer, new RegExp(title));
  await expect(thread(buyer)).toContainText('Wrong listing, sorry');

  await mistake.getByRole('button', { name: 'Delete message' }).click();
  await dialog.getByRole('button', { name: 'Delete message' }).click();
  await expect(dialog).toBeHidden();
  await expect(mistake).toHaveCount(0);
  // Gone for the other side too, live, and for good.
  await expect(thread(seller)).not.toContainText('Wrong listing, sorry');
  await expect(thread(seller)).toContainText('Is the lamp still available?');
  await buyer.reload();
  await openConversation(buyer, new RegExp(title));
  await expect(thread(buyer)).toContainText('Is the lamp still available?');
  await expect(thread(buyer)).not.toContainText('Wrong listing, sorry');
  // The seller has read what is left (the worker's neighbour is shared by later journeys).
  await expect(thread(buyer)).toContainText('· Read', { timeout: 10_000 });
  await buyer.context().close();
});

test('a page listening for live messages leaves the browser idle between them', async ({
  page,
}) => {
  // The page runs on a clock the test holds: as usual while it loads, then stopped, and moved on
  // by exactly two seconds, firing every timer due in them.
  await page.clock.install();
  // Count the timers the page sets: a phone left on a screen must not be woken every few
  // milliseconds while nothing happens.
  await page.addInitScript(() => {
    const counted = window as Window & { timersSet?: number };
    counted.timersSet = 0;
    const setTimer = window.setTimeout.bind(window);
    window.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      counted.timersSet = (counted.timersSet ?? 0) + 1;
      return setTimer(...args);
    }) as typeof setTimeout;
  });
  const timersSet = () =>
    page.evaluate(() => (window as Window & { timersSet?: number }).timersSet ?? 0);

  // The live stream has started once the server answers the subscription with "started".
  const streamStarted = new Promise<string>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"started"')) resolve(socket.url());
      });
    });
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(await streamStarted).pathname).toBe('/trpc');
  // And nothing is loading any more.
  await page.waitForLoadState('networkidle');

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const before = await timersSet();
  await page.clock.runFor(2000);
  // A handful of housekeeping timers, not hundreds.
  expect((await timersSet()) - before).toBeLessThan(20);
  // The count is the page's own: a timer it sets now is counted.
  const counted = await timersSet();
  await page.evaluate(() => setTimeout(() => undefined, 10));
  expect(await timersSet()).toBeGreaterThan(counted);
});

test('when the seller deletes the listing, the buyer’s open thread says so at once and replies close', async ({
  page: seller,
  browser,
}) => {
  test.setTimeout(60_000);
  const title = `Cedar porch bench ${Date.now().toString(36)}`;
  const listingId = await postListing(seller.request, { title, listingType: 'single-item' });

  const buyer = await signedInPriya(browser);
  await buyer.goto(`/listing/${listingId}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  await expect(buyer.getByRole('region', { name: 'Conversation with Robin Hale' })).toBeVisible();
  await send(buyer, 'Is the bench still available?');
  await expect(thread(buyer)).toContainText('Is the bench still available?');

  await seller.goto('/profile');
  const row = seller
    .getByRole('region', { name: 'My Listings' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await seller.getByRole('alertdialog').getByRole('button', { name: 'Delete listing' }).click();
  await expect(currentToast(seller)).toContainText('Listing deleted');

  // Without a reload: the notice in the thread, what was said still there, and no composer.
  const region = buyer.getByRole('region', { name: 'Conversation with Robin Hale' });
  await expect(region.getByRole('status')).toHaveText('This listing was deleted by the seller');
  await expect(thread(buyer)).toContainText('Is the bench still available?');
  await expect(composer(buyer)).toHaveCount(0);
  await expect(region).toContainText('Replies are closed: the seller deleted this listing.');
  // The listing has no page any more, so its strip no longer links to one.
  await expect(region.getByRole('link', { name: title })).toHaveCount(0);
  const listRow = buyer
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(title) });
  await expect(listRow).toContainText('This listing was deleted by the seller');
  await animationsDone(buyer);
  await expectNoSeriousViolations(buyer, '/messages (conversation closed by a deleted listing)');
  await buyer.screenshot({ path: test.info().outputPath('closed-thread-desktop.png') });
  await buyer.setViewportSize(PHONE);
  await expect(region.getByRole('status')).toBeInViewport();
  await buyer.screenshot({ path: test.info().outputPath('closed-thread-phone.png') });
  await buyer.setViewportSize(DESKTOP);

  // Removing it only tidies the list: there is nothing left on the server to delete.
  await region.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(listRow).toHaveCount(0);
  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(
    buyer
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(title) }),
  ).toHaveCount(0);
  await buyer.context().close();
});

test('the quick guide opens above the conversations and covers nothing of the open thread', async ({
  page: buyer,
}) => {
  await buyer.setViewportSize(DESKTOP);
  const lot = await seededListing(buyer.request, KITCHEN_LOT.title);
  await buyer.goto(`/listing/${lot.id}`);
  await buyer.getByRole('button', { name: 'Message Seller' }).click();
  const conversation = buyer.getByRole('region', { name: `Conversation with ${BUYER.name}` });
  await expect(conversation).toBeVisible();

  await buyer.getByRole('button', { name: 'Quick guide' }).click();
  const guide = buyer.getByRole('region', { name: 'Quick guide' });
  await expect(guide).toContainText('Press Enter to send, Shift+Enter for a new line.');
  const guideBox = await guide.boundingBox();
  const threadBox = await conversation.boundingBox();
  expect(guideBox && threadBox && guideBox.y + guideBox.height <= threadBox.y).toBe(true);
  // Nothing lies over the thread's controls: a trial click checks what the pointer would hit.
  await conversation.getByRole('button', { name: 'Delete conversation' }).scrollIntoViewIfNeeded();
  await conversation.getByRole('button', { name: 'Delete conversation' }).click({ trial: true });
  await composer(buyer).click({ trial: true });
  await buyer.screenshot({ path: test.info().outputPath('quick-guide-desktop.png') });
  await animationsDone(buyer);
  await expectNoSeriousViolations(buyer, '/messages (quick guide open)');
  await buyer.setViewportSize(PHONE);
  await buyer.screenshot({ path: test.info().outputPath('quick-guide-phone.png') });
  await buyer.setViewportSize(DESKTOP);

  await buyer.getByRole('button', { name: 'Hide quick guide' }).first().press('Escape');
  await expect(guide).toBeHidden();
});

import type { APIRequestContext } from '@playwright/test';

import { UI_TEXT } from '@yardsale/validators';

import { e2eEnv } from './env';
import { postListing } from './signed-in';
import { createAccount, currentToast, expect, field, newNeighbour, test } from './support';

const M = UI_TEXT.deleteAccount;

/** A tRPC mutation as whoever `request` is signed in as; answers its data. */
async function mutate(request: APIRequestContext, path: string, input: unknown): Promise<unknown> {
  const response = await request.post(`/trpc/${path}`, {
    data: { json: input },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  const body = (await response.json()) as { result: { data: { json: unknown } } };
  return body.result.data.json;
}

test('a neighbour deletes their account from Settings; the seller they wrote to sees "Deleted user"', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // Accounts of its own: the worker's shared neighbour must outlive this journey.
  const leaver = newNeighbour('Lou', 'Leaving');
  await createAccount(page.request, leaver);

  const sellerContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const seller = await sellerContext.newPage();
  await createAccount(seller.request, newNeighbour('Sal', 'Staying'));
  const title = `Pine bookshelf ${Date.now().toString(36)}`;
  const listingId = await postListing(seller.request, { title, listingType: 'single-item' });
  const conversation = (await mutate(page.request, 'conversations.start', { listingId })) as {
    id: number;
  };
  await mutate(page.request, 'conversations.send', {
    conversationId: conversation.id,
    content: 'Could I see the bookshelf on Sunday?',
  });

  await page.goto('/settings');
  await page.getByRole('button', { name: M.openButton }).click();
  const dialog = page.getByRole('dialog', { name: M.dialogTitle });
  await expect(dialog).toBeVisible();

  // A wrong password is refused under its field; what was typed stays.
  await field(dialog, M.passwordLabel).fill('not-my-password');
  await field(dialog, M.confirmationLabel('DELETE')).fill('DELETE');
  await dialog.getByRole('button', { name: M.submit }).click();
  await expect(dialog.getByText(M.wrongPassword)).toBeVisible();
  await expect(field(dialog, M.confirmationLabel('DELETE'))).toHaveValue('DELETE');

  await field(dialog, M.passwordLabel).fill(leaver.password);
  await dialog.getByRole('button', { name: M.submit }).click();
  await expect(currentToast(page)).toContainText(M.deletedTitle);
  await expect(page).toHaveURL(new URL('/', e2eEnv.baseURL).href);

  // Signed out, and the password no longer signs in.
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
  const signIn = await page.request.post('/api/login', {
    data: { email: leaver.email, password: leaver.password },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(signIn.status()).toBe(401);

  // The seller keeps the conversation and the message, from "Deleted user", and cannot reply.
  await seller.goto('/messages');
  await seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(M.deletedUserName) })
    .click();
  const thread = seller.getByRole('region', { name: `Conversation with ${M.deletedUserName}` });
  await expect(thread).toContainText('Could I see the bookshelf on Sunday?');
  await expect(thread).toContainText(M.recipientDeleted);
  await sellerContext.close();
});

import type { APIRequestContext, Browser } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
import { createAccount, expect, newNeighbour } from './support';

/** A word no seeded or other journey's listing has, so only this journey's listings match it. */
export function uniqueWord(): string {
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}`.replace(/\d/g, (digit) =>
    'qwxzjkvbpy'.charAt(Number(digit)),
  );
  return `zorblat${letters}`;
}

/** Saves a search through the API, as whoever `request` is signed in as. */
export async function saveSearchFor(request: APIRequestContext, input: Record<string, unknown>) {
  const response = await request.post('/trpc/savedSearches.create', {
    data: { json: input },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A second neighbour in a browser of their own, who posts listings. */
export async function newSeller(browser: Browser) {
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const page = await context.newPage();
  await createAccount(page.request, newNeighbour('Sid', 'Seller'));
  return { context, page };
}

const channelsSchema = z.object({ push: z.boolean(), email: z.boolean() });
const settingsSchema = z.object({
  result: z.object({ data: z.object({ json: z.record(z.string(), channelsSchema) }) }),
});

/** The person's notification switches, as the server has them. */
export async function notificationSettings(request: APIRequestContext) {
  const response = await request.get('/trpc/notifications.settings');
  expect(response.ok(), await response.text()).toBe(true);
  return settingsSchema.parse(await response.json()).result.data.json;
}

import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';

import { e2eEnv } from './env';
import { expect, test as base } from './support';

/**
 * Journeys that browse as the worker's neighbour start signed in: the worker signs in once and
 * every test's browser starts with that session, so the suite stays well inside the sign-in rate
 * limit however many journeys it grows.
 */
type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export const test = base.extend<object, { neighbourSession: StorageState }>({
  neighbourSession: [
    async ({ neighbour }, use) => {
      const request = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
      const response = await request.post('/trpc/auth.login', {
        data: { json: { email: neighbour.email, password: neighbour.password, rememberMe: false } },
        headers: { origin: e2eEnv.baseURL },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const state = await request.storageState();
      await request.dispose();
      await use(state);
    },
    { scope: 'worker' },
  ],
  // Named `provide`, not `use`: the React hooks lint rule would read `use` as React's hook.
  storageState: ({ neighbourSession }, provide) => provide(neighbourSession),
});

export { expect };

const summarySchema = z.object({
  id: z.number(),
  userId: z.number(),
  title: z.string(),
  startDate: z.string().nullable(),
});
const pageSchema = z.object({ items: z.array(summarySchema) });

/** A seeded listing (packages/db/src/seed/content.ts), found through the REST search. */
export async function seededListing(request: APIRequestContext, title: string) {
  const response = await request.get('/api/listings', { params: { search: title } });
  expect(response.ok(), await response.text()).toBe(true);
  const listing = pageSchema
    .parse(await response.json())
    .items.find((item) => item.title === title);
  if (!listing) throw new Error(`The seeded listing "${title}" is missing`);
  return listing;
}

const createdSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});

/** Posts a listing without photos as whoever `request` is signed in as; returns its id. */
export async function postListing(
  request: APIRequestContext,
  listing: {
    title: string;
    listingType: 'garage-sale' | 'single-item';
    startDate?: string;
  },
): Promise<number> {
  const sale = listing.listingType === 'garage-sale';
  const response = await request.post('/trpc/listings.create', {
    data: {
      json: {
        title: listing.title,
        category: 'Other',
        listingType: listing.listingType,
        priceRange: 'Under $25',
        address: '27 Fern Hollow Road, Madison, WI 53705',
        startDate: sale ? listing.startDate : undefined,
        startTime: sale ? '09:00' : undefined,
        endTime: sale ? '13:00' : undefined,
        timeZone: 'America/Chicago',
      },
    },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return createdSchema.parse(await response.json()).result.data.json.id;
}

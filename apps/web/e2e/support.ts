import { test as base, expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { e2eEnv } from './env';
import { verifyMailedAddress } from './mailbox';

export { expect };

export interface Neighbour {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** A new, unique neighbour (tests run in parallel on one database). */
export function newNeighbour(firstName = 'Maria', lastName = 'Lopez'): Neighbour {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `${firstName.toLowerCase()}.${unique}@example.com`,
    password: 'porch-sale-42',
    firstName,
    lastName,
  };
}

let addresses = 0;

/**
 * An address of its own for one journey's account (198.18.0.0/15, set aside for tests): the test
 * server trusts the loopback proxy (decision 053), so sign-ups and sign-ins from it count against
 * their own rate limits, not the whole suite's, however many journeys the suite grows.
 */
export function ownAddress(): string {
  addresses += 1;
  return `198.${18 + (process.pid % 2)}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** State-changing calls must name the app's own origin, as a browser would. */
const sameOrigin = { origin: e2eEnv.baseURL };

async function callProcedure(
  request: APIRequestContext,
  path: string,
  input: unknown,
  from?: string,
) {
  const response = await request.post(`/trpc/${path}`, {
    data: { json: input },
    headers: { ...sameOrigin, ...(from ? { 'x-forwarded-for': from } : {}) },
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
}

/**
 * Creates the account through the API and opens the verification link mailed to it (unless
 * `verified: false`). With a page's request context, that page is signed in.
 */
export async function createAccount(
  request: APIRequestContext,
  neighbour: Neighbour,
  options: { verified?: boolean } = {},
) {
  await callProcedure(
    request,
    'auth.register',
    { ...neighbour, termsAccepted: true, rememberMe: false },
    ownAddress(),
  );
  if (options.verified !== false) await verifyMailedAddress(request, neighbour.email);
}

/** Signs this page's browser context in through the API (the session cookie is shared). */
export async function signIn(page: Page, neighbour: Pick<Neighbour, 'email' | 'password'>) {
  await callProcedure(
    page.request,
    'auth.login',
    { email: neighbour.email, password: neighbour.password, rememberMe: false },
    ownAddress(),
  );
}

/** The toast currently shown (the app shows one at a time). */
export function currentToast(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
}

/** A text field by its exact accessible name (labels carry a visual asterisk when required). */
export function field(page: Page | Locator, name: string): Locator {
  return page.getByRole('textbox', { name, exact: true });
}

/**
 * Registration is rate limited per client, as in production, so each worker shares one account
 * for the journeys that leave it as they found it. Journeys that change the name or the password
 * register their own.
 */
export const test = base.extend<object, { neighbour: Neighbour }>({
  neighbour: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use, workerInfo) => {
      const neighbour = newNeighbour('Robin', 'Hale');
      // Each worker registers from its own address (the server trusts the loopback proxy), so a
      // worker started again after a failure does not spend the others' registrations.
      const address = `198.51.100.${String((workerInfo.workerIndex % 250) + 1)}`;
      const request = await playwrightRequest.newContext({
        baseURL: e2eEnv.baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      await createAccount(request, neighbour);
      await request.dispose();
      await use(neighbour);
    },
    { scope: 'worker' },
  ],
});

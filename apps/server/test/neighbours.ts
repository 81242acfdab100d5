import { expect } from 'vitest';

import type { operations } from './openapi-client.gen';
import { asForm, restClient } from './rest-client';
import type { RestClient } from './rest-client';

/** What the sign-up form asks, less the terms box the helper ticks. */
type Registration = Omit<
  operations['register']['requestBody']['content']['application/json'],
  'termsAccepted'
>;

/** A listing's fields as the web app's form sends them. */
type ListingFields = operations['createListing']['requestBody']['content']['multipart/form-data'];

/**
 * Signs up as the web app's form does, on a client of its own that keeps the session it is given:
 * answers that client, its Cookie header and the new account as the answer shows it. The test fails
 * unless the server accepts the sign-up.
 */
export async function signUp(server: { url: string; origin: string }, person: Registration) {
  const client = restClient(server);
  const { data, error, response } = await client.POST('/api/register', {
    body: { ...person, termsAccepted: true },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  if (!data) throw new Error(`sign-up refused: ${JSON.stringify(error)}`);
  return { client, cookie: client.cookie(), account: data };
}

/** Posts a listing as the web app does (multipart, no photos unless given): the answer as it comes. */
export function postListing(client: RestClient, fields: ListingFields) {
  return client.POST('/api/listings/create-with-photos', { body: fields, bodySerializer: asForm });
}

/** Posts a listing that must be accepted; answers its id. */
export async function createListing(client: RestClient, fields: ListingFields): Promise<number> {
  const { data, error, response } = await postListing(client, fields);
  expect(response.status, JSON.stringify(error)).toBe(200);
  if (!data) throw new Error(`listing refused: ${JSON.stringify(error)}`);
  return data.id;
}

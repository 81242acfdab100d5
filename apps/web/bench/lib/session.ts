/** Signing in, and picking the listings whose pages are measured. */
import { z } from 'zod';

import type { RunningServer } from './server';

const meSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});
const listingsSchema = z.object({
  items: z.array(
    z.object({ id: z.number(), userId: z.number(), primaryImage: z.object({}).nullable() }),
  ),
});

/**
 * Signs in through the API and returns the session cookie: set-up for the measured pages, not
 * measured itself, so single tRPC calls suffice (the pages' own calls go through the web app's client).
 */
export async function signIn(
  server: RunningServer,
  origin: string,
  email: string,
  password: string,
) {
  const { baseURL } = server;
  const response = await fetch(`${baseURL}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ json: { email, password, rememberMe: false } }),
  });
  if (!response.ok)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.getSetCookie()[0];
  const pair = setCookie?.split(';')[0];
  const separator = pair?.indexOf('=') ?? -1;
  if (!pair || separator <= 0) throw new Error(`Sign-in as ${email} set no cookie`);
  const me = await fetch(`${baseURL}/trpc/auth.me`, { headers: { Cookie: pair } });
  const userId = meSchema.parse(await me.json()).result.data.json.id;
  return { header: pair, name: pair.slice(0, separator), value: pair.slice(separator + 1), userId };
}
export type Session = Awaited<ReturnType<typeof signIn>>;

/** A listing with photos by another seller (the page a buyer opens), and one of the user's own. */
export async function pickListings(baseURL: string, session: Session) {
  const response = await fetch(`${baseURL}/api/listings?limit=50`, {
    headers: { Cookie: session.header },
  });
  if (!response.ok)
    throw new Error(`Listing search failed: ${response.status} ${await response.text()}`);
  const { items } = listingsSchema.parse(await response.json());
  const others = items.find((item) => item.userId !== session.userId && item.primaryImage);
  const own = items.find((item) => item.userId === session.userId);
  if (!others || !own) throw new Error('The demo data has no listing with photos to measure');
  return { listingId: others.id, sellerId: others.userId, ownListingId: own.id };
}

/**
 * Set-up for the notification tests over REST: a server that sends push, neighbours who sign up and
 * post, and what a client sees of the bell and of the devices the server pushes to.
 */
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';

import { createPushSender, newVapidKeys } from '@yardsale/api';

import { createListing, signUp } from './neighbours';
import type { RestClient } from './rest-client';
import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

export const PASSWORD = 'bell-pass-1';

/** A browser's PushSubscription.toJSON(), at this endpoint. */
export const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'c2VjcmV0LWF1dGg' },
});

export const vapid = () =>
  createPushSender({ ...newVapidKeys(), subject: 'mailto:push@yardsale.test' });

/** A server that sends push, with limits generous but for saving push subscriptions and guessing unsubscribe links. */
export function startNotificationServer(kind: 'pglite' | 'postgres'): Promise<TestServer> {
  return startTestServer(kind, {
    push: vapid(),
    rateLimits: {
      registerByClient: { points: 1000, durationSeconds: 60 },
      listingCreateByAccount: { points: 1000, durationSeconds: 60 },
      listingCreateByClient: { points: 1000, durationSeconds: 60 },
      exportByAccount: { points: 1000, durationSeconds: 60 },
      pushSubscribeByAccount: { points: 5, durationSeconds: 60 * 60 },
      unsubscribeFailuresByClient: { points: 5, durationSeconds: 15 * 60 },
    },
  });
}

/**
 * What a client sees of a request the API's types do not describe (no origin, another site's, a form
 * where JSON is expected, a malformed body): status, JSON body and headers.
 */
export async function request(
  server: TestServer,
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    body?: string | FormData;
    contentType?: string;
    /** The page the request comes from; the app's own unless given (null: none). */
    origin?: string | null;
  } = {},
) {
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? server.origin : options.origin;
  if (origin) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.contentType) headers['content-type'] = options.contentType;
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> & { message?: string },
    headers: res.headers,
  };
}

let people = 0;

/** A new neighbour with a confirmed address (the test server opens the mailed link). */
export async function neighbour(server: TestServer, firstName: string) {
  people += 1;
  const { client, cookie, account } = await signUp(server, {
    email: `bell-${people}@example.com`,
    password: PASSWORD,
    firstName,
    lastName: 'Lane',
  });
  return { client, cookie, id: account.id };
}

/** Posts a listing as the web app does (multipart, no photos); answers its id. */
export function post(client: RestClient, title: string) {
  return createListing(client, {
    title,
    category: 'Collectibles',
    listingType: 'single-item',
    priceRange: '$25-$50',
    address: '8 Orchard Lane, Madison, WI 53703',
  });
}

/** Resolves once the person's bell has been woken `times` times (as its live count would be). */
export function bellRings(server: TestServer, userId: number, times: number) {
  return new Promise<void>((resolve) => {
    let rung = 0;
    const stop = server.deps.events.subscribe(userId, () => {
      rung += 1;
      if (rung < times) return;
      stop();
      resolve();
    });
  });
}

/** The push endpoints the person's data export lists: the devices the server will push to. */
export async function devices(client: RestClient): Promise<string[]> {
  const { data, response } = await client.GET('/api/user/export', { parseAs: 'arrayBuffer' });
  expect(response.status).toBe(200);
  if (!data) throw new Error('no export downloaded');
  const json = unzipSync(new Uint8Array(data))['yardsale-export.json'];
  if (!json) throw new Error('no yardsale-export.json in the zip');
  const document = JSON.parse(strFromU8(json)) as { pushSubscriptions: { endpoint: string }[] };
  return document.pushSubscriptions.map((s) => s.endpoint);
}

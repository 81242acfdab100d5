import { expect } from 'vitest';

import { ensureAdminRole } from '@yardsale/api';

import { createListing, signUp } from './neighbours';
import { restClient } from './rest-client';
import { TEST_ADMIN_EMAIL, startTestServer } from './test-server';
import type { TestServer } from './test-server';

/**
 * The authorization matrix's server and people, shared by its REST and tRPC halves: a user, a
 * seller with a listing, the admin, and a pending report of the user's against the seller.
 */
export const METRICS_TOKEN = 'authorization-matrix-metrics-token';

export type Who = 'visitor' | 'user' | 'seller' | 'admin';

interface MatrixAnswer {
  status: number;
  body: unknown;
  /** The `name=value` part of the session cookie the answer set, or ''. */
  cookie: string;
}

/** One request as a client sends it: the cookie given, the server's origin, JSON in and out. */
export async function callServer(
  server: TestServer,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<MatrixAnswer> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      origin: server.origin,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return {
    status: res.status,
    body: parsed,
    cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
}

/** A new account; answers its session cookie. */
export async function registerOn(server: TestServer, email: string): Promise<string> {
  const { cookie } = await signUp(server, {
    email,
    password: 'matrix-pass',
    firstName: 'Matrix',
    lastName: 'Person',
  });
  return cookie;
}

/** A listing of the seller's, made as the web app makes one. */
export function listingOf(server: TestServer, sellerCookie: string, title: string) {
  return createListing(restClient(server, { cookie: sellerCookie }), {
    title,
    category: 'Home & Garden',
    listingType: 'single-item',
    priceRange: '$50-$100',
    address: '9 Orchard Lane',
  });
}

/** Starts the server and fills `cookies` with the people; answers the seller's listing and the report. */
export async function startMatrix(
  kind: 'pglite' | 'postgres',
  cookies: Record<Who, string>,
): Promise<{ server: TestServer; listingId: number; reportId: number }> {
  const server = await startTestServer(kind, { operations: { metricsToken: METRICS_TOKEN } });
  cookies.user = await registerOn(server, `user-${kind}@example.com`);
  cookies.seller = await registerOn(server, `seller-${kind}@example.com`);
  cookies.admin = await registerOn(server, TEST_ADMIN_EMAIL);
  // As a server start does for a database without an admin.
  await ensureAdminRole(server.deps);
  const listingId = await listingOf(server, cookies.seller, 'Garden bench');
  const seller = (await callServer(server, 'GET', `/api/listings/${listingId}`, cookies.user))
    .body as { userId: number };
  const report = await callServer(server, 'POST', '/api/reports', cookies.user, {
    reportedUserId: seller.userId,
    listingId,
    category: 'scammer',
    description: 'Wanted payment before showing the bench.',
  });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  return { server, listingId, reportId: (report.body as { id: number }).id };
}

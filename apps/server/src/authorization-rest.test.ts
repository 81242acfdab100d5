import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import { restRoutes } from './rest/routes';
import { METRICS_TOKEN, callServer, listingOf, startMatrix } from '../test/authorization-matrix';
import type { Who } from '../test/authorization-matrix';
import type { TestServer } from '../test/test-server';

/**
 * Who may call what over REST, as clients do: every path as a visitor, and every admin path as a
 * visitor, a user and the admin, with the outcome each must get. The procedures over tRPC are
 * authorization-trpc.test.ts.
 */
describe.each(testDatabaseKinds())('authorization matrix of the REST paths on %s', (kind) => {
  let server: TestServer;
  const cookies: Record<Who, string> = { visitor: '', user: '', seller: '', admin: '' };
  let listingId = 0;
  let reportId = 0;
  const call = (method: string, url: string, cookie: string, body?: unknown) =>
    callServer(server, method, url, cookie, body);
  const sellersListing = (title: string) => listingOf(server, cookies.seller, title);

  beforeAll(async () => {
    ({ server, listingId, reportId } = await startMatrix(kind, cookies));
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A valid request for each admin path, so only who calls decides the outcome. */
  const adminRequests = () => [
    { method: 'GET', url: '/api/admin/reports?status=pending&limit=10', body: undefined },
    {
      method: 'PUT',
      url: `/api/admin/reports/${reportId}`,
      body: { status: 'reviewed', adminNotes: 'Asked the seller.' },
    },
    { method: 'POST', url: '/api/admin/announcement', body: { message: 'Market day on Sunday.' } },
    { method: 'POST', url: '/api/admin/cleanup-duplicates', body: undefined },
  ];

  it('covers every admin path of the route table', () => {
    const admin = restRoutes
      .filter((r) => r.access === 'admin')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(
      adminRequests()
        .map((r) => `${r.method} ${r.url.replace(/\?.*$/, '').replace(/\/\d+$/, '/:id')}`)
        .sort(),
    ).toEqual(admin);
  });

  it('answers the operations paths: probes to anyone, metrics to the token only, never to a session', async () => {
    for (const [who, cookie] of Object.entries(cookies)) {
      const live = await call('GET', '/healthz', cookie);
      expect(live.status, `${who} /healthz`).toBe(200);
      expect(live.body, `${who} /healthz`).toEqual({ status: 'ok' });
      const ready = await call('GET', '/readyz', cookie);
      expect(ready.status, `${who} /readyz`).toBe(200);
      expect(ready.body, `${who} /readyz`).toEqual({ status: 'ready' });
      // Not even the admin's session opens the metrics.
      expect((await call('GET', '/metrics', cookie)).status, `${who} /metrics`).toBe(401);
    }
    const scraped = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    // Each is described in the OpenAPI document, with its operation id.
    const doc = (await call('GET', '/api/openapi.json', '')).body as {
      paths: Record<string, { get?: { operationId?: string } }>;
    };
    expect(doc.paths['/healthz']?.get?.operationId).toBe('getLiveness');
    expect(doc.paths['/readyz']?.get?.operationId).toBe('getReadiness');
    expect(doc.paths['/metrics']?.get?.operationId).toBe('getMetrics');
  });

  it('opens only the sign-in paths, the mailed links and the map look-ups to a visitor', async () => {
    expect(
      restRoutes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /api/geo/lookup',
      'GET /api/geo/map-config',
      'GET /api/push/config',
      'GET /api/session',
      'POST /api/auth/check-reset-link',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'POST /api/auth/verify-email',
      'POST /api/login',
      'POST /api/login/second-factor',
      'POST /api/logout',
      'POST /api/notifications/unsubscribe',
      'POST /api/register',
    ]);
    for (const [who, cookie] of Object.entries(cookies)) {
      const place = await call('GET', '/api/geo/lookup?q=53703', cookie);
      expect([place.status, place.body], `${who} lookup`).toEqual([
        200,
        { latitude: 43.0775, longitude: -89.3831, label: '53703', zip: '53703', others: [] },
      ]);
      const unknown = await call('GET', '/api/geo/lookup?q=Atlantis%2C%20ZZ', cookie);
      expect([unknown.status, unknown.body], `${who} unknown place`).toEqual([200, null]);
      const map = await call('GET', '/api/geo/map-config', cookie);
      expect([map.status, map.body], `${who} map config`).toEqual([
        200,
        expect.objectContaining({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }),
      ]);
    }
    for (const [who, cookie] of Object.entries(cookies)) {
      // Push is off on this server: the key is null for everyone alike.
      const push = await call('GET', '/api/push/config', cookie);
      expect([push.status, push.body], `${who} push config`).toEqual([200, { publicKey: null }]);
      // A mailed unsubscribe link works signed in or not; a made-up token is nobody's.
      const unsubscribe = await call(
        'POST',
        '/api/notifications/unsubscribe?token=not-anyones-token&kind=review',
        cookie,
      );
      expect([unsubscribe.status, unsubscribe.body], `${who} unsubscribe`).toEqual([
        404,
        { message: NOTIFICATION_TEXT.unsubscribeInvalid },
      ]);
    }
    const empty = await call('GET', '/api/geo/lookup?q=', cookies.visitor);
    expect([empty.status, empty.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.geo.placeQueryRequired }),
    ]);
  });

  it('refuses every signed-in path to a visitor with 401 and the sign-in message', async () => {
    for (const route of restRoutes.filter((r) => r.access !== 'public')) {
      const url = route.url.replace(':id', String(listingId));
      const res = await call(
        route.method,
        url,
        cookies.visitor,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect(res.status, `${route.method} ${url}`).toBe(401);
      expect(res.body, `${route.method} ${url}`).toMatchObject({
        message: UI_TEXT.auth.unauthorized,
      });
    }
  });

  it("sends a user's data export to that user only: visitor 401, user 200 as a zip", async () => {
    const refused = await call('GET', '/api/user/export', cookies.visitor);
    expect([refused.status, refused.body]).toEqual([
      401,
      expect.objectContaining({ message: UI_TEXT.auth.unauthorized }),
    ]);
    const res = await fetch(`${server.url}/api/user/export`, {
      headers: { cookie: cookies.user, origin: server.origin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    await res.arrayBuffer();
  });

  it('answers admin paths: visitor 401, user 403, admin 200 — and the refused calls change nothing', async () => {
    for (const request of adminRequests()) {
      const label = `${request.method} ${request.url}`;
      expect(
        (await call(request.method, request.url, cookies.visitor, request.body)).status,
        label,
      ).toBe(401);
      const asUser = await call(request.method, request.url, cookies.user, request.body);
      expect([asUser.status, asUser.body], label).toEqual([
        403,
        expect.objectContaining({ message: UI_TEXT.auth.forbidden }),
      ]);
    }
    // Nothing happened: the report is still pending and no announcement reached anyone.
    expect((await call('GET', '/api/user/reports', cookies.user)).body).toEqual([
      expect.objectContaining({ id: reportId, status: 'pending' }),
    ]);
    expect(((await call('GET', '/api/conversations', cookies.user)).body as unknown[]).length).toBe(
      0,
    );

    for (const request of adminRequests()) {
      const res = await call(request.method, request.url, cookies.admin, request.body);
      expect(res.status, `${request.method} ${request.url}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await call('GET', '/api/user/reports', cookies.user)).body).toEqual([
      expect.objectContaining({ id: reportId, status: 'reviewed' }),
    ]);
    const inbox = (await call('GET', '/api/conversations', cookies.user)).body as {
      isAnnouncement: boolean;
      lastMessage: { content: string };
    }[];
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      isAnnouncement: true,
      lastMessage: { content: 'Market day on Sunday.' },
    });
  });

  it('pages the reports over REST for the admin by status, cursor and limit, and documents them', async () => {
    const { userId: sellerId } = (await call('GET', `/api/listings/${listingId}`, cookies.user))
      .body as { userId: number };
    const filed = await call('POST', '/api/reports', cookies.user, {
      reportedUserId: sellerId,
      category: 'harassment',
      description: 'Rude messages after I said no.',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);

    type Page = { items: { id: number }[]; nextCursor: string | null; counts: { all: number } };
    const seen: number[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const url = `/api/admin/reports?status=all&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, cookies.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as Page;
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((r) => r.id));
      total = page.counts.all;
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    for (const query of ['cursor=not-a-cursor!', 'cursor=', 'limit=101', 'status=open']) {
      const res = await call('GET', `/api/admin/reports?${query}`, cookies.admin);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message, query).toBeTruthy();
    }
    expect((await call('GET', '/api/admin/reports?cursor=x', cookies.admin)).body).toMatchObject({
      message: UI_TEXT.request.invalidCursor,
    });

    const doc = (await call('GET', '/api/openapi.json', '')).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const get = doc.paths['/api/admin/reports']?.get as {
      parameters: { name: string }[];
      responses: { 200: { content: { 'application/json': { schema: { properties: object } } } } };
    };
    expect(get.parameters.map((p) => p.name)).toEqual(['status', 'cursor', 'limit']);
    expect(Object.keys(get.responses[200].content['application/json'].schema.properties)).toEqual([
      'items',
      'nextCursor',
      'counts',
    ]);
  });

  it('refuses a report move the status machine does not allow with 409, and blank announcements with 400', async () => {
    const res = await call('PUT', `/api/admin/reports/${reportId}`, cookies.admin, {
      status: 'pending',
    });
    expect(res.status).toBe(409);
    const blank = await call('POST', '/api/admin/announcement', cookies.admin, { message: '   ' });
    expect([blank.status, blank.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.announcement.empty }),
    ]);
  });

  it("deletes someone else's listing over REST for the admin only: visitor 401, user 403, admin 200", async () => {
    const gnomeId = await sellersListing('Garden gnome');
    const url = `/api/listings/${gnomeId}`;
    expect((await call('DELETE', url, cookies.visitor)).status).toBe(401);
    const asUser = await call('DELETE', url, cookies.user);
    expect([asUser.status, asUser.body]).toEqual([
      403,
      expect.objectContaining({ message: UI_TEXT.listing.onlySeller }),
    ]);
    expect((await call('GET', url, cookies.user)).status).toBe(200);
    const asAdmin = await call('DELETE', url, cookies.admin);
    expect([asAdmin.status, asAdmin.body]).toEqual([200, { success: true }]);
    expect((await call('GET', url, cookies.user)).status).toBe(404);
  });

  it('lets anyone signed in read ratings and reviews, write reviews and reports, and refuses themselves', async () => {
    const seller = (await call('GET', `/api/listings/${listingId}`, cookies.user)).body as {
      userId: number;
    };
    const review = await call('POST', '/api/reviews', cookies.user, {
      revieweeId: seller.userId,
      listingId,
      rating: 4,
      comment: 'Friendly.',
    });
    expect(review.status).toBe(200);
    expect(
      (
        await call('POST', '/api/reviews', cookies.user, {
          revieweeId: seller.userId,
          listingId,
          rating: 5,
        })
      ).status,
    ).toBe(409);
    const self = await call('POST', '/api/reviews', cookies.seller, {
      revieweeId: seller.userId,
      listingId,
      rating: 5,
    });
    expect([self.status, self.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.review.notYourself }),
    ]);
    const noStar = await call('POST', '/api/reviews', cookies.user, {
      revieweeId: seller.userId,
      rating: 0,
    });
    expect([noStar.status, noStar.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.review.ratingMin }),
    ]);
    expect((await call('GET', `/api/users/${seller.userId}/rating`, cookies.user)).body).toEqual({
      averageRating: 4,
      totalReviews: 1,
    });
    const reviews = (await call('GET', `/api/users/${seller.userId}/reviews`, cookies.user)).body;
    expect(reviews).toHaveLength(1);
    expect(reviews).toMatchObject([
      { rating: 4, comment: 'Friendly.', reviewer: { firstName: 'Matrix', lastName: 'P' } },
    ]);
    const selfReport = await call('POST', '/api/reports', cookies.seller, {
      reportedUserId: seller.userId,
      category: 'other',
      description: 'Reporting myself here.',
    });
    expect([selfReport.status, selfReport.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.report.notYourself }),
    ]);
    const short = await call('POST', '/api/reports', cookies.user, {
      reportedUserId: seller.userId,
      category: 'other',
      description: 'short',
    });
    expect([short.status, short.body]).toEqual([
      400,
      expect.objectContaining({ message: UI_TEXT.report.descriptionLength }),
    ]);
  });
});

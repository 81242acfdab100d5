import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appRouter, ensureAdminRole } from '@yardsale/api';
import type { RouterInputs } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { NOTIFICATION_TEXT, UI_TEXT } from '@yardsale/validators';

import { restRoutes } from './rest/routes';
import { TEST_ADMIN_EMAIL, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/**
 * Who may call what, over HTTP as clients do: every REST path as a visitor, and every admin path and
 * admin procedure as a visitor, a user and the admin, with the outcome each must get.
 */
const METRICS_TOKEN = 'authorization-matrix-metrics-token';

describe.each(testDatabaseKinds())('authorization matrix on %s', (kind) => {
  let server: TestServer;
  const cookies = { visitor: '', user: '', seller: '', admin: '' };
  let listingId = 0;
  let reportId = 0;

  async function call(method: string, url: string, cookie: string, body?: unknown) {
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

  async function register(email: string) {
    const res = await call('POST', '/api/register', '', {
      email,
      password: 'matrix-pass',
      firstName: 'Matrix',
      lastName: 'Person',
      termsAccepted: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.cookie;
  }

  /** A listing of the seller's, made as the web app makes one. */
  async function sellersListing(title: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: '$50-$100',
      address: '9 Orchard Lane',
    }))
      form.append(k, v);
    const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie: cookies.seller, origin: server.origin },
      body: form,
    });
    const body = (await created.json()) as { id: number };
    expect(created.status, JSON.stringify(body)).toBe(200);
    return body.id;
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { operations: { metricsToken: METRICS_TOKEN } });
    cookies.user = await register(`user-${kind}@example.com`);
    cookies.seller = await register(`seller-${kind}@example.com`);
    cookies.admin = await register(TEST_ADMIN_EMAIL);
    // As a server start does for a database without an admin.
    await ensureAdminRole(server.deps);
    listingId = await sellersListing('Garden bench');
    const seller = (await call('GET', `/api/listings/${listingId}`, cookies.user)).body as {
      userId: number;
    };
    const report = await call('POST', '/api/reports', cookies.user, {
      reportedUserId: seller.userId,
      listingId,
      category: 'scammer',
      description: 'Wanted payment before showing the bench.',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    reportId = (report.body as { id: number }).id;
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
        { latitude: 43.0775, longitude: -89.3831, label: '53703', zip: '53703' },
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

  it('answers every admin procedure over tRPC: visitor 401, user 403, admin 200 — and the refused calls change nothing', async () => {
    // Its own reporter, report and listing, so what the admin does here stands apart from the paths above.
    const reporter = await register(`trpc-reporter-${kind}@example.com`);
    const { userId: sellerId } = (await call('GET', `/api/listings/${listingId}`, reporter))
      .body as { userId: number };
    const filed = await call('POST', '/api/reports', reporter, {
      reportedUserId: sellerId,
      listingId,
      category: 'other',
      description: 'Asked to pay a deposit by wire.',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const trpcReportId = (filed.body as { id: number }).id;
    const swingId = await sellersListing('Porch swing');

    /** A valid call of each admin procedure, so only who calls decides the outcome. */
    const procedures = {
      reports: { query: true, input: { status: 'pending', limit: 10 } },
      updateReport: {
        query: false,
        input: { id: trpcReportId, status: 'reviewed', adminNotes: 'Spoke to both.' },
      },
      announce: { query: false, input: { message: 'Over tRPC too.' } },
      cleanupDuplicates: { query: false, input: undefined },
      deleteListing: { query: false, input: { id: swingId } },
    } satisfies Record<keyof RouterInputs['admin'], { query: boolean; input: unknown }>;
    // An admin procedure missing above fails here (and the `satisfies` fails to compile).
    expect(
      Object.keys(procedures)
        .map((name) => `admin.${name}`)
        .sort(),
    ).toEqual(
      Object.keys(appRouter._def.procedures)
        .filter((p) => p.startsWith('admin.'))
        .sort(),
    );

    const callProcedure = (name: keyof typeof procedures, cookie: string) => {
      const { query, input } = procedures[name];
      return query
        ? call(
            'GET',
            `/trpc/admin.${name}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
            cookie,
          )
        : call('POST', `/trpc/admin.${name}`, cookie, { json: input });
    };
    const names = Object.keys(procedures) as (keyof typeof procedures)[];
    const refusal = (res: { body: unknown }) =>
      (res.body as { error?: { json?: { message?: string } } }).error?.json?.message;

    for (const name of names) {
      const asVisitor = await callProcedure(name, cookies.visitor);
      expect([asVisitor.status, refusal(asVisitor)], `${name} as a visitor`).toEqual([
        401,
        UI_TEXT.auth.unauthorized,
      ]);
      const asUser = await callProcedure(name, cookies.user);
      expect([asUser.status, refusal(asUser)], `${name} as a user`).toEqual([
        403,
        UI_TEXT.auth.forbidden,
      ]);
    }
    // Nothing happened: the report is pending, the listing is there, no announcement reached the reporter.
    expect((await call('GET', '/api/user/reports', reporter)).body).toEqual([
      expect.objectContaining({ id: trpcReportId, status: 'pending' }),
    ]);
    expect((await call('GET', `/api/listings/${swingId}`, reporter)).status).toBe(200);
    expect((await call('GET', '/api/conversations', reporter)).body).toEqual([]);

    for (const name of names) {
      const asAdmin = await callProcedure(name, cookies.admin);
      expect(asAdmin.status, `${name} as the admin: ${JSON.stringify(asAdmin.body)}`).toBe(200);
    }
    expect((await call('GET', '/api/user/reports', reporter)).body).toEqual([
      expect.objectContaining({ id: trpcReportId, status: 'reviewed' }),
    ]);
    expect((await call('GET', `/api/listings/${swingId}`, reporter)).status).toBe(404);
    expect((await call('GET', '/api/conversations', reporter)).body).toMatchObject([
      { isAnnouncement: true, lastMessage: { content: 'Over tRPC too.' } },
    ]);
  });

  it('answers the notification and saved-search procedures over tRPC: the user ones 401 to a visitor, the public ones to anyone', async () => {
    /** Each procedure's access and a valid input, so only who calls decides the outcome. */
    const procedures = {
      'notifications.list': { access: 'user', query: true, input: undefined },
      'notifications.markRead': { access: 'user', query: false, input: {} },
      'notifications.settings': { access: 'user', query: true, input: undefined },
      'notifications.updateSettings': {
        access: 'user',
        query: false,
        input: {
          message: { push: true, email: true },
          review: { push: true, email: true },
          report: { push: false, email: true },
          announcement: { push: true, email: false },
          'saved-search': { push: true, email: true },
        },
      },
      'notifications.pushConfig': {
        access: 'public',
        query: true,
        input: undefined,
        answer: [200, null],
      },
      'notifications.subscribePush': {
        access: 'user',
        query: false,
        input: {
          endpoint: 'https://push.example/matrix',
          keys: { p256dh: 'BPq1ZkY3', auth: 'c2VjcmV0' },
        },
      },
      'notifications.unsubscribePush': {
        access: 'user',
        query: false,
        input: { endpoint: 'https://push.example/matrix' },
      },
      'notifications.unsubscribeEmail': {
        access: 'public',
        query: false,
        input: { token: 'not-anyones-token', kind: 'message' },
        // A made-up token is refused for what it is, never for want of a session.
        answer: [404, NOTIFICATION_TEXT.unsubscribeInvalid],
      },
      'savedSearches.list': { access: 'user', query: true, input: undefined },
      'savedSearches.create': { access: 'user', query: false, input: { search: 'bench' } },
      'savedSearches.update': { access: 'user', query: false, input: { id: 1, paused: true } },
      'savedSearches.delete': { access: 'user', query: false, input: { id: 1 } },
    } as const;
    // The live count is a subscription, over the websocket only: the fuzz test opens it as a visitor too.
    const live = ['notifications.live'];
    expect([...Object.keys(procedures), ...live].sort()).toEqual(
      Object.keys(appRouter._def.procedures)
        .filter((p) => p.startsWith('notifications.') || p.startsWith('savedSearches.'))
        .sort(),
    );
    const refusal = (res: { body: unknown }) =>
      (res.body as { error?: { json?: { message?: string } } }).error?.json?.message;
    for (const [path, procedure] of Object.entries(procedures)) {
      const { access, query, input } = procedure;
      const res = query
        ? await call(
            'GET',
            `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
            cookies.visitor,
          )
        : await call('POST', `/trpc/${path}`, cookies.visitor, { json: input });
      const expected =
        access === 'user'
          ? [401, UI_TEXT.auth.unauthorized]
          : 'answer' in procedure && procedure.answer;
      expect([res.status, refusal(res) ?? null], `${path}: ${JSON.stringify(res.body)}`).toEqual(
        expected,
      );
    }
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

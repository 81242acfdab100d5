import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';

import {
  METRICS_TOKEN,
  REQUEST_TIMEOUT_MS,
  RUNS,
  lastOnes,
  toJson,
  useFuzzServer,
  withVisitor,
} from '../test/fuzz-harness';
import type { Who } from '../test/fuzz-harness';
import { anyValue, nastyString, pathId, valueFor } from '../test/fuzz-inputs';
import { restRoutes } from './rest/routes';
import type { RestRoute } from './rest/routes';

/**
 * Every REST path and the operator paths, with generated path ids, queries, bodies and files, as a
 * visitor, a user and (for admin paths) the admin: no answer may be a 500, none may hang, and no
 * answer may carry an exception's own text (see ../test/fuzz-harness.ts).
 */

/** The fuzzed REST paths and who calls each; a path missing here fails the coverage test. */
const REST_PATHS: Record<string, Who[]> = {
  'GET /api/session': ['visitor', 'user'],
  'GET /api/user': ['visitor', 'user'],
  'PUT /api/user': ['throwaway'],
  'PUT /api/user/password': ['throwaway'],
  'POST /api/login': ['visitor'],
  'POST /api/register': ['visitor'],
  'POST /api/logout': ['throwaway'],
  'POST /api/auth/verify-email': ['visitor'],
  'POST /api/login/second-factor': ['visitor'],
  'POST /api/auth/resend-verification': ['user'],
  'GET /api/user/pending-email': ['user'],
  'POST /api/auth/forgot-password': ['visitor'],
  'POST /api/auth/reset-password': ['visitor'],
  'POST /api/auth/check-reset-link': ['visitor'],
  'POST /api/user/profile-picture': ['visitor', 'user'],
  'DELETE /api/user/profile-picture': ['user'],
  'GET /api/user/export': ['user'],
  'DELETE /api/user': ['throwaway'],
  'GET /api/listings': ['visitor', 'user'],
  'GET /api/listings/counts': ['visitor', 'user'],
  'POST /api/listings/create-with-photos': ['user'],
  'GET /api/listings/:id': ['user'],
  'PUT /api/listings/:id': ['user'],
  'DELETE /api/listings/:id': ['user'],
  'POST /api/listings/:id/images': ['visitor', 'user'],
  'GET /api/listings/:id/saved': ['user'],
  'POST /api/listings/:id/save': ['user'],
  'DELETE /api/listings/:id/save': ['user'],
  'GET /api/user/listings': ['user'],
  'GET /api/user/saved-listings': ['user'],
  'GET /api/users/:id': ['user'],
  'GET /api/users/:id/listings': ['user'],
  'POST /api/conversations': ['user'],
  'GET /api/conversations': ['user'],
  'GET /api/conversations/:id/messages': ['user'],
  'POST /api/conversations/:id/messages': ['user'],
  'POST /api/conversations/:id/read': ['user'],
  'DELETE /api/messages/:id': ['user'],
  'DELETE /api/conversations/:id': ['user'],
  'POST /api/reviews': ['user'],
  'GET /api/users/:id/reviews': ['user'],
  'GET /api/users/:id/rating': ['user'],
  'POST /api/reports': ['user'],
  'GET /api/user/reports': ['user'],
  'GET /api/admin/reports': ['user', 'admin'],
  'PUT /api/admin/reports/:id': ['admin'],
  'POST /api/admin/announcement': ['admin'],
  'POST /api/admin/cleanup-duplicates': ['admin'],
  'GET /api/geo/lookup': ['visitor', 'user'],
  'GET /api/geo/map-config': ['visitor'],
  'GET /api/saved-searches': ['user'],
  'POST /api/saved-searches': ['user'],
  'PATCH /api/saved-searches/:id': ['user'],
  'DELETE /api/saved-searches/:id': ['user'],
  'GET /api/notifications': ['user'],
  'POST /api/notifications/read': ['user'],
  'GET /api/user/notification-settings': ['user'],
  'PUT /api/user/notification-settings': ['user'],
  'GET /api/push/config': ['visitor'],
  'POST /api/push-subscriptions': ['user'],
  'DELETE /api/push-subscriptions': ['user'],
  'POST /api/notifications/unsubscribe': ['visitor', 'user'],
};

/** A 1x1 PNG: some uploads carry a real image, so the photo pipeline runs too. */
const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A REST request for a route with generated path id, query, body and files. */
function restRequest(route: RestRoute) {
  const query = route.query
    ? valueFor(route.query)
    : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 3 }));
  const body = route.body ? valueFor(route.body) : anyValue;
  const files = fc.array(fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(TINY_PNG)), {
    maxLength: 6,
  });
  const rawForm = fc.constantFrom(
    { body: 'title=x', contentType: 'multipart/form-data' },
    {
      body: '--B\r\nContent-Disposition: form-data; name="title"\r\n\r\nOak',
      contentType: 'multipart/form-data; boundary=B',
    },
    {
      body:
        Array.from(
          { length: 70 },
          (_, i) => `--B\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
        ).join('') + '--B--\r\n',
      contentType: 'multipart/form-data; boundary=B',
    },
    { body: '{"title":', contentType: 'application/json' },
    { body: 'plain words', contentType: 'text/plain' },
    // What a mail client sends to the one-click unsubscribe; every other path refuses the type.
    { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
    { body: 'a=%zz&&=&b', contentType: 'application/x-www-form-urlencoded' },
  );
  return fc.record({ id: pathId, query, body, files, raw: fc.option(rawForm, { freq: 4 }) });
}

function toSearchParams(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    params.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe.each(testDatabaseKinds())('fuzzing every REST path on %s', (kind) => {
  const harness = useFuzzServer(kind, 'the REST paths');
  const { cookies, stats, failures, freshThrowaway, send, check, fuzz } = harness;

  it('fuzzes every REST path of the route table', () => {
    expect(Object.keys(REST_PATHS).sort()).toEqual(
      restRoutes.map((r) => `${r.method} ${r.url}`).sort(),
    );
  });

  it('answers the operator paths without a 500 or a hang, and opens /metrics to its token only', async () => {
    failures.length = 0;
    const authorization = fc.oneof(
      fc.constant(undefined),
      fc.constant(`Bearer ${METRICS_TOKEN}`),
      fc.constant(`Bearer ${METRICS_TOKEN.slice(0, -1)}`),
      fc.constant(`bearer ${METRICS_TOKEN}`),
      nastyString.map((text) => `Bearer ${text}`),
      nastyString,
    );
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      await fuzz(
        `GET ${url}`,
        fc.record({
          authorization,
          query: nastyString,
          who: fc.constantFrom<Who>('visitor', 'admin'),
        }),
        async ({ authorization: header, query, who }) => {
          stats.requests += 1;
          const headers: Record<string, string> = { origin: harness.server.origin };
          if (cookies[who]) headers.cookie = cookies[who];
          // A header value fetch refuses to send is not a request the server can see.
          if (header !== undefined && /^[\t\x20-\x7e]*$/.test(header))
            headers.authorization = header;
          const target = `${url}?${new URLSearchParams({ q: query }).toString()}`;
          const res = await fetch(`${harness.server.url}${target}`, {
            headers,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const reply = { status: res.status, text: await res.text() };
          // The scheme's name is case-insensitive (RFC 7235); the token is not.
          const opened =
            url === '/metrics' &&
            headers.authorization?.replace(/^bearer /i, 'Bearer ') === `Bearer ${METRICS_TOKEN}`;
          // The metrics themselves name the database ("PostgreSQL" in a help text): not a leak.
          if (!opened) check(`${who} GET ${target.slice(0, 200)}`, reply);
          if (url === '/metrics') {
            expect(reply.status, `${target} with ${headers.authorization ?? 'no token'}`).toBe(
              opened ? 200 : 401,
            );
          } else {
            expect(reply.status).toBe(200);
          }
        },
      );
    }
    expect(failures).toEqual([]);
  });

  it('answers every REST path without a 500, a hang or internal text', async () => {
    failures.length = 0;
    const routes = [...restRoutes].sort(
      (a, b) => Number(lastOnes(`${a.method} ${a.url}`)) - Number(lastOnes(`${b.method} ${b.url}`)),
    );
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      for (const who of withVisitor(REST_PATHS[key])) {
        await fuzz(
          `${who} ${key}`,
          restRequest(route),
          async (request) => {
            const url = route.url.replace(':id', request.id) + toSearchParams(request.query);
            const label = `${who} ${route.method} ${url.slice(0, 200)}`;
            let reply;
            if (request.raw && route.method !== 'GET') {
              reply = await send(
                label,
                route.method,
                url,
                who,
                request.raw.body,
                request.raw.contentType,
              );
            } else if (route.multipart) {
              const form = new FormData();
              const fields =
                typeof request.body === 'object' && request.body !== null
                  ? Object.entries(request.body)
                  : [['listing', toJson(request.body)]];
              for (const [k, v] of fields)
                if (v !== undefined) form.append(k, typeof v === 'string' ? v : toJson(v));
              const fileField = route.multipart.fileFields[0] ?? 'file';
              for (const bytes of request.files)
                form.append(fileField, new Blob([bytes], { type: 'image/png' }), 'p.png');
              reply = await send(label, route.method, url, who, form);
            } else if (route.method === 'GET' || (route.method === 'DELETE' && !route.body)) {
              reply = await send(label, route.method, url, who);
            } else {
              reply = await send(
                label,
                route.method,
                url,
                who,
                toJson(request.body),
                'application/json',
              );
            }
            if (reply) check(`${label} body ${toJson(request.body).slice(0, 200)}`, reply);
          },
          who === 'visitor' ? Math.ceil(RUNS / 4) : RUNS,
        );
        if (who === 'throwaway') await freshThrowaway();
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

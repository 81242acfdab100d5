import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_BATCH_SIZE } from '@yardsale/validators';

import { webTrpcRequest } from '../bench/web-trpc-request';
import type { WebTrpcRequest } from '../bench/web-trpc-request';
import { startComparedPaths } from '../test/trpc-http-comparison';
import type { ComparedPaths, Sent } from '../test/trpc-http-comparison';

/**
 * What the direct path refuses, against tRPC's own handler (test/trpc-http-comparison.ts): the
 * procedures' refusals, limits, and requests only a stranger writes by hand, each answered alike.
 */
describe.each(testDatabaseKinds())('tRPC over HTTP: direct path and tRPC handler on %s', (kind) => {
  let paths: ComparedPaths;
  beforeAll(async () => {
    paths = await startComparedPaths(kind);
  });
  afterAll(async () => {
    await paths.stop();
  });

  it('answers each refusal the procedures make alike, with what onError is told', async () => {
    const { compareDirect, cookies } = paths;
    const cases: {
      code: string;
      status: number;
      cookie: string;
      request: Promise<WebTrpcRequest>;
    }[] = [
      {
        code: 'UNAUTHORIZED',
        status: 401,
        cookie: '',
        request: webTrpcRequest((client) => [client.saved.list.query()]),
      },
      {
        code: 'FORBIDDEN',
        status: 403,
        cookie: cookies.user,
        request: webTrpcRequest((client) => [client.admin.reports.query({ status: 'pending' })]),
      },
      {
        code: 'NOT_FOUND',
        status: 404,
        cookie: cookies.user,
        request: webTrpcRequest((client) => [client.listings.byId.query({ id: 987_654 })]),
      },
      {
        // Refused by the input's schema: field errors in the body.
        code: 'BAD_REQUEST',
        status: 400,
        cookie: cookies.user,
        request: webTrpcRequest((client) => [client.listings.byId.query({ id: -1 })]),
      },
      {
        code: 'CONFLICT',
        status: 409,
        cookie: '',
        request: webTrpcRequest((client) => [
          client.auth.register.mutate({
            email: `user-${kind}@example.com`,
            password: 'compare-pass',
            firstName: 'Cam',
            lastName: 'Again',
            termsAccepted: true,
          }),
        ]),
      },
    ];
    for (const { code, status, cookie, request } of cases) {
      const answer = await compareDirect(await request, cookie);
      expect(answer.status, code).toBe(status);
      expect(answer.reported.map((r) => r.code)).toEqual([code]);
    }
  });

  it('answers a refused rate limit alike, with when to retry', async () => {
    const { compareDirect, sendDirect } = paths;
    const lookup = await webTrpcRequest((client) => [client.geo.lookup.query({ query: '53703' })]);
    // The one look-up allowed; after it both are refused.
    await sendDirect(lookup, '');
    const answer = await compareDirect(lookup);
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBeGreaterThan(0);
    // The limit is checked before the input is read: onError is told no input, as tRPC tells it.
    expect(answer.reported).toEqual([expect.objectContaining({ input: undefined })]);
  });

  it('answers a batch refused as a whole (too costly) in every call', async () => {
    const { compareDirect, cookies } = paths;
    // Four searches cost more than one request may (docs/decisions/026): createContext refuses.
    const searches = await webTrpcRequest((client) =>
      Array.from({ length: 4 }, (_, i) => client.listings.list.query({ search: `bookshelf ${i}` })),
    );
    const answer = await compareDirect(searches, cookies.user);
    expect(answer.status).toBe(400);
    expect(answer.reported).toHaveLength(4);
    expect(answer.reported.every((r) => !r.withContext)).toBe(true);
  });

  it('leaves to tRPC what it would refuse, stream or answer without a body, alike', async () => {
    const { compare, cookies } = paths;
    const strange: Sent[] = [
      { method: 'GET', path: '/trpc/auth.me?batch=1&input=%7Bnot-json' },
      { method: 'GET', path: '/trpc/listings.byId?batch=1&input=%5B1%5D' },
      { method: 'GET', path: '/trpc/listings.byId?input=%7B%22json%22%3A' },
      { method: 'GET', path: '/trpc/no.such,auth.me?batch=1' },
      { method: 'GET', path: '/trpc/saved.save?batch=1' },
      { method: 'GET', path: '/trpc/auth.me,saved.save?batch=1' },
      {
        method: 'POST',
        path: '/trpc/auth.me?batch=1',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
      {
        method: 'POST',
        path: '/trpc/saved.save?batch=1',
        headers: { 'content-type': 'application/json' },
        body: '',
      },
      {
        method: 'POST',
        path: '/trpc/saved.save?batch=1',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      },
      {
        method: 'GET',
        path: `/trpc/${Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'auth.me').join(',')}?batch=1`,
      },
      {
        method: 'GET',
        path: '/trpc/auth.me?batch=1',
        headers: { 'trpc-accept': 'application/jsonl' },
      },
      { method: 'GET', path: '/trpc/auth.me%2Cauth.me?batch=1' },
      { method: 'HEAD', path: '/trpc/auth.me?batch=1' },
    ];
    for (const request of strange) await compare(request, cookies.user);
  });
});

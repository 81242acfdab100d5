import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureAdminRole } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_BATCH_SIZE } from '@yardsale/validators';

import { webTrpcRequest } from '../bench/web-trpc-request';
import type { WebTrpcRequest } from '../bench/web-trpc-request';
import { trpcOptions } from './app';
import { TEST_ADMIN_EMAIL, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';
import { registerTrpcHttp } from './trpc-http';
import type { TrpcHttpOptions } from './trpc-http';

/**
 * The direct path (registerTrpcHttp) against tRPC's own Fastify handler, given the same options and
 * the same server's dependencies: every request below goes to both, and the status, the headers a
 * client reads, the body and what onError was told must be the same. A tRPC upgrade that changes how
 * either answers fails here. Requests are written by the web app's client (httpBatchLink, superjson)
 * where a client would send them, by hand where only a stranger would.
 */

/** What onError was told, in a form two runs can compare. */
interface Reported {
  code: string;
  message: string;
  path: string | undefined;
  input: unknown;
  type: string;
  withContext: boolean;
  url: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  /** Seconds, counted down by the clock between the two requests: compared within one second. */
  retryAfter: number | null;
  body: string;
  reported: Reported[];
  /** Sent whole with its length: the direct path's answer (tRPC's handler streams its Response). */
  whole: boolean;
}

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const COMPARED_HEADERS = ['content-type', 'cache-control', 'vary', 'set-cookie'];

describe.each(testDatabaseKinds())('tRPC over HTTP: direct path and tRPC handler on %s', (kind) => {
  let server: TestServer;
  let direct: { app: FastifyInstance; url: string; reported: Reported[] };
  let reference: { app: FastifyInstance; url: string; reported: Reported[] };
  const cookies = { user: '', admin: '' };
  let listingId = 0;

  /** The app's own tRPC options over the test server's dependencies, onError recording into `into`. */
  function optionsRecordingInto(into: Reported[]): TrpcHttpOptions {
    return {
      ...trpcOptions(server.deps),
      onError: ({ error, path, input, type, ctx, req }) => {
        into.push({
          code: error.code,
          message: error.message,
          path,
          input,
          type,
          withContext: ctx !== undefined,
          url: req.url,
        });
      },
    };
  }

  async function listen(app: FastifyInstance) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }

  async function send(
    to: { url: string; reported: Reported[] },
    request: Sent,
    cookie: string,
  ): Promise<Answer> {
    to.reported.length = 0;
    const res = await fetch(`${to.url}${request.path}`, {
      method: request.method,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      body: request.body,
    });
    const body = await res.text();
    return {
      status: res.status,
      headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers.get(name)])),
      retryAfter: res.headers.has('retry-after') ? Number(res.headers.get('retry-after')) : null,
      body,
      reported: [...to.reported],
      whole: res.headers.get('content-length') !== null,
    };
  }

  /** The same request to both; their answers must match. Returns the direct path's. */
  async function compare(request: Sent, cookie = '') {
    const fromDirect = await send(direct, request, cookie);
    const fromReference = await send(reference, request, cookie);
    const { whole: _whole, retryAfter, ...answer } = fromDirect;
    const { whole: _streamed, retryAfter: expectedRetryAfter, ...expected } = fromReference;
    expect(answer, `${request.method} ${request.path}`).toEqual(expected);
    expect(retryAfter === null, 'Retry-After sent').toBe(expectedRetryAfter === null);
    if (retryAfter !== null && expectedRetryAfter !== null)
      expect(Math.abs(retryAfter - expectedRetryAfter)).toBeLessThanOrEqual(1);
    return { ...fromDirect };
  }

  /** As the web app's client sends the calls: answered by the direct path, and alike. */
  async function compareDirect(request: WebTrpcRequest | Sent, cookie = '') {
    const answer = await compare(request, cookie);
    expect(answer.whole, 'answered by the direct path').toBe(true);
    return answer;
  }

  beforeAll(async () => {
    server = await startTestServer(kind, {
      // Place look-ups run out after one, to see a refusal; the rest never do here.
      rateLimits: {
        placeLookupByClient: { points: 1, durationSeconds: 600 },
        registerByClient: { points: 1000, durationSeconds: 60 },
      },
    });
    const register = async (email: string) => {
      const res = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({
          email,
          password: 'compare-pass',
          firstName: 'Cam',
          lastName: 'Pare',
          termsAccepted: true,
        }),
      });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    };
    cookies.user = await register(`user-${kind}@example.com`);
    cookies.admin = await register(TEST_ADMIN_EMAIL);
    await ensureAdminRole(server.deps);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Oak bookshelf',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$50-$100',
      address: '9 Orchard Lane',
    }))
      form.append(k, v);
    const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie: cookies.admin, origin: server.origin },
      body: form,
    });
    const body = (await created.json()) as { id: number };
    expect(created.status, JSON.stringify(body)).toBe(200);
    listingId = body.id;

    const directReported: Reported[] = [];
    const directApp = Fastify();
    await registerTrpcHttp(directApp, optionsRecordingInto(directReported));
    direct = { app: directApp, url: await listen(directApp), reported: directReported };

    const referenceReported: Reported[] = [];
    const referenceOptions = optionsRecordingInto(referenceReported);
    const referenceApp = Fastify();
    await referenceApp.register((scope, _options, done) => {
      // As tRPC's own plugin reads bodies.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, next) =>
        next(null, raw),
      );
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_req, raw, next) => next(null, raw));
      scope.all<{ Params: { path: string } }>('/trpc/:path', async (req, reply) => {
        await fastifyRequestHandler({
          ...referenceOptions,
          req,
          res: reply,
          path: req.params.path,
        });
        return reply;
      });
      done();
    });
    reference = { app: referenceApp, url: await listen(referenceApp), reported: referenceReported };
  });
  afterAll(async () => {
    await direct.app.close();
    await reference.app.close();
    await server.stop();
  });

  it('answers a single call as the web app sends it (a batch of one), signed in and out', async () => {
    const me = await webTrpcRequest((client) => [client.auth.me.query()]);
    expect(me.path).toContain('?batch=1');
    const signedOut = await compareDirect(me);
    expect(JSON.parse(signedOut.body)).toEqual([{ result: { data: { json: null } } }]);
    const signedIn = await compareDirect(me, cookies.user);
    expect(signedIn.body).toContain('"firstName":"Cam"');
    expect(signedIn.headers['content-type']).toBe('application/json');

    const detail = await compareDirect(
      await webTrpcRequest((client) => [client.listings.byId.query({ id: listingId })]),
      cookies.user,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('Oak bookshelf');
  });

  it('answers an old procedure name as its new one (decision 086), alone and in one batch', async () => {
    const pending = (old: boolean) =>
      webTrpcRequest((client) => [
        old ? client.auth.pendingEmail.query() : client.account.pendingEmail.query(),
      ]);
    const before = await compareDirect(await pending(true), cookies.user);
    const now = await compareDirect(await pending(false), cookies.user);
    expect([before.status, before.body]).toEqual([now.status, now.body]);
    expect(JSON.parse(now.body)).toEqual([{ result: { data: { json: { pendingEmail: null } } } }]);

    const both = await compareDirect(
      await webTrpcRequest((client) => [
        client.auth.pendingEmail.query(),
        client.account.pendingEmail.query(),
      ]),
      cookies.user,
    );
    const [oldAnswer, newAnswer] = JSON.parse(both.body) as unknown[];
    expect(oldAnswer).toEqual(newAnswer);

    // A mutation over POST, and a refusal: the same answer, but for the path the error names.
    const profile = { firstName: 'Cam', lastName: 'Pare', email: `user-${kind}@example.com` };
    const update = (old: boolean) =>
      webTrpcRequest((client) => [
        old
          ? client.auth.updateProfile.mutate(profile)
          : client.account.updateProfile.mutate(profile),
      ]);
    const updatedBefore = await compareDirect(await update(true), cookies.user);
    const updatedNow = await compareDirect(await update(false), cookies.user);
    expect(updatedBefore.status).toBe(200);
    expect(updatedBefore.body).toBe(updatedNow.body);
    const refusedBefore = await compareDirect(await pending(true));
    const refusedNow = await compareDirect(await pending(false));
    expect(refusedBefore.status).toBe(401);
    expect(refusedBefore.body.replace('"auth.pendingEmail"', '"account.pendingEmail"')).toBe(
      refusedNow.body,
    );
  });

  it('answers a batch of three as a page load sends it', async () => {
    const page = await webTrpcRequest((client) => [
      client.listings.stats.query(),
      client.saved.list.query(),
      client.listings.list.query({ listingType: 'single-item', limit: 12 }),
    ]);
    const answer = await compareDirect(page, cookies.user);
    expect(answer.status).toBe(200);
    const parsed: unknown = JSON.parse(answer.body);
    expect(Array.isArray(parsed) && parsed.length).toBe(3);
  });

  it('answers each refusal the procedures make alike, with what onError is told', async () => {
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
    const lookup = await webTrpcRequest((client) => [client.geo.lookup.query({ query: '53703' })]);
    // The one look-up allowed; after it both are refused.
    await send(direct, lookup, '');
    const answer = await compareDirect(lookup);
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBeGreaterThan(0);
    // The limit is checked before the input is read: onError is told no input, as tRPC tells it.
    expect(answer.reported).toEqual([expect.objectContaining({ input: undefined })]);
  });

  it('answers a batch with one failing call, over GET and over POST', async () => {
    const queries = await webTrpcRequest((client) => [
      client.listings.byId.query({ id: listingId }),
      client.listings.byId.query({ id: 987_654 }),
      client.auth.me.query(),
    ]);
    const mixed = await compareDirect(queries, cookies.user);
    expect(mixed.status).toBe(207);
    expect(mixed.reported).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', path: 'listings.byId', input: { id: 987_654 } }),
    ]);

    const mutations = await webTrpcRequest((client) => [
      client.saved.save.mutate({ listingId }),
      client.saved.save.mutate({ listingId: 987_654 }),
    ]);
    expect(mutations.method).toBe('POST');
    const post = await compareDirect(mutations, cookies.user);
    expect(post.status).toBe(207);
  });

  it('answers a mutation over POST', async () => {
    const save = await webTrpcRequest((client) => [client.saved.save.mutate({ listingId })]);
    const answer = await compareDirect(save, cookies.user);
    expect(JSON.parse(answer.body)).toEqual([{ result: { data: { json: { isSaved: true } } } }]);
    // Signing out sets a cookie through the context: both carry it.
    const logout = await compareDirect(
      await webTrpcRequest((client) => [client.auth.logout.mutate()]),
    );
    expect(logout.headers['set-cookie']).toContain('Max-Age=0');
  });

  it('answers a batch refused as a whole (too costly) in every call', async () => {
    // Four searches cost more than one request may (docs/decisions/026): createContext refuses.
    const searches = await webTrpcRequest((client) =>
      Array.from({ length: 4 }, (_, i) => client.listings.list.query({ search: `bookshelf ${i}` })),
    );
    const answer = await compareDirect(searches, cookies.user);
    expect(answer.status).toBe(400);
    expect(answer.reported).toHaveLength(4);
    expect(answer.reported.every((r) => !r.withContext)).toBe(true);
  });

  it('answers a call that is not batched alike', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { id: listingId } }));
    await compareDirect(
      { method: 'GET', path: `/trpc/listings.byId?input=${input}` },
      cookies.user,
    );
    await compareDirect({ method: 'GET', path: '/trpc/auth.me' }, cookies.user);
    await compareDirect(
      {
        method: 'POST',
        path: '/trpc/saved.save',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ json: { listingId } }),
      },
      cookies.user,
    );
  });

  it('leaves to tRPC what it would refuse, stream or answer without a body, alike', async () => {
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

/**
 * The direct path (registerTrpcHttp) against tRPC's own Fastify handler, given the same options and
 * the same server's dependencies: a test sends each request to both, and the status, the headers a
 * client reads, the body and what onError was told must be the same. A tRPC upgrade that changes how
 * either answers fails there.
 */
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { ensureAdminRole } from '@yardsale/api';

import type { WebTrpcRequest } from '../bench/web-trpc-request';
import { trpcOptions } from '../src/app';
import { registerTrpcHttp } from '../src/trpc-http';
import type { TrpcHttpOptions } from '../src/trpc-http';
import { createListing, signUp } from './neighbours';
import { TEST_ADMIN_EMAIL, startTestServer } from './test-server';
import type { TestServer } from './test-server';

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

export interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Path {
  app: FastifyInstance;
  url: string;
  reported: Reported[];
}

const COMPARED_HEADERS = ['content-type', 'cache-control', 'vary', 'set-cookie'];

async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** One request to one path, as a client reads the answer. */
async function send(to: Path, request: Sent, cookie: string): Promise<Answer> {
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

export type ComparedPaths = Awaited<ReturnType<typeof startComparedPaths>>;

/**
 * A test server with a user, the admin (both named Cam, password `compare-pass`, the user at
 * `user-<kind>@example.com`) and one listing of the admin's, and both paths over its dependencies.
 */
export async function startComparedPaths(kind: 'pglite' | 'postgres') {
  const server: TestServer = await startTestServer(kind, {
    // Place look-ups run out after one, to see a refusal; the rest never do here.
    rateLimits: {
      placeLookupByClient: { points: 1, durationSeconds: 600 },
      registerByClient: { points: 1000, durationSeconds: 60 },
    },
  });

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

  const register = (email: string) =>
    signUp(server, { email, password: 'compare-pass', firstName: 'Cam', lastName: 'Pare' });
  const user = await register(`user-${kind}@example.com`);
  const admin = await register(TEST_ADMIN_EMAIL);
  await ensureAdminRole(server.deps);
  const cookies = { user: user.cookie, admin: admin.cookie };
  const listingId = await createListing(admin.client, {
    title: 'Oak bookshelf',
    category: 'Furniture',
    listingType: 'single-item',
    priceRange: '$50-$100',
    address: '9 Orchard Lane',
  });

  const directReported: Reported[] = [];
  const directApp = Fastify();
  await registerTrpcHttp(directApp, optionsRecordingInto(directReported));
  const direct: Path = { app: directApp, url: await listen(directApp), reported: directReported };

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
  const reference: Path = {
    app: referenceApp,
    url: await listen(referenceApp),
    reported: referenceReported,
  };

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

  return {
    cookies,
    listingId,
    /** Sends to the direct path only, e.g. to spend a limit before comparing. */
    sendDirect: (request: Sent, cookie = '') => send(direct, request, cookie),
    compare,
    compareDirect,
    async stop() {
      await direct.app.close();
      await reference.app.close();
      await server.stop();
    },
  };
}

import http from 'node:http';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { call } from '../test/rest-auth-testing';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/**
 * What the server sends besides the API's answers: the OpenAPI document, compression, health, the
 * web app's pages and files with their cache and security headers, and a fault as a client sees it.
 */
describe.each(testDatabaseKinds())('REST auth paths over HTTP on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('describes the REST surface in an OpenAPI document built from the schemas', async () => {
    const doc = await call(server, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<
      string,
      Record<
        string,
        {
          requestBody?: {
            content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
          };
        }
      >
    >;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/login',
        '/api/register',
        '/api/logout',
        '/api/user/profile-picture',
      ]),
    );
    const registerBody =
      paths['/api/register']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(registerBody?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName', 'termsAccepted']),
    );
    expect(paths['/api/user/profile-picture']?.post?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
  });

  it('compresses what it sends for clients that accept it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}/api/openapi.json`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    }
    const plain = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('compresses tRPC answers and keeps their status', async () => {
    // Answers under the compression threshold (1 KB) travel as they are, as every route's do; a
    // full batch is past it.
    const batch = (procedure: string) =>
      `${server.url}/trpc/${Array.from({ length: MAX_BATCH_SIZE }, () => procedure).join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    // Signed in through the session store: the sign-up limit may be spent by the tests before.
    const email = `rest-${kind}-batch@example.com`;
    const [user] = await server.deps.db
      .insert(schema.users)
      .values({ email, firstName: 'Theo', lastName: 'Marsh', passwordHash: 'unused' })
      .returning({ id: schema.users.id });
    if (!user) throw new Error('insert returned no row');
    const session = await server.deps.sessions.create(user.id, false);
    const cookie = `${session.cookie.name}=${session.cookie.value}`;
    const me = await fetch(batch('auth.me'), { headers: { 'accept-encoding': 'gzip', cookie } });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-encoding')).toBe('gzip');
    const answers = (await me.json()) as { result: { data: { json: { email: string } } } }[];
    expect(answers.map((a) => a.result.data.json.email)).toEqual(
      Array.from({ length: MAX_BATCH_SIZE }, () => email),
    );

    // A visitor asking for something private: refused, and the refusal is still a 401.
    const refused = await fetch(batch('saved.list'), { headers: { 'accept-encoding': 'br' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-encoding')).toBe('br');
    const body = (await refused.json()) as { error: { json: { data: { code: string } } } }[];
    expect(body.map((b) => b.error.json.data.code)).toEqual(
      Array.from({ length: MAX_BATCH_SIZE }, () => 'UNAUTHORIZED'),
    );

    // Who is signed in: nobody, which is an answer, not an error; small, so sent as is.
    const visitor = await fetch(`${server.url}/trpc/auth.me`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('content-encoding')).toBeNull();
    expect(await visitor.json()).toEqual({ result: { data: { json: null } } });
  });

  it('reports health and serves the app for page addresses, JSON 404 for unknown API paths', async () => {
    expect((await call(server, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const page = await fetch(`${server.url}/listing/42`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    const missingScript = await fetch(`${server.url}/assets/index-stale.js`);
    expect(missingScript.status).toBe(404);
    const api = await call(server, 'GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.message).toBe('Not found');
  });

  it('lets browsers keep hashed build files for good and check the page, worker and manifest on every use', async () => {
    const script = await fetch(`${server.url}/assets/index-Bx7Qk2aZ.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    for (const address of ['/', '/index.html', '/listing/42', '/sw.js', '/manifest.webmanifest']) {
      const res = await fetch(`${server.url}${address}`);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('cache-control'), address).toBe('no-cache');
    }

    // Checking costs a 304 without the body while the file is unchanged. (Through node:http: fetch
    // adds `cache-control: no-cache` to a conditional request, which asks the server for the body.)
    const etag = (await fetch(`${server.url}/sw.js`)).headers.get('etag');
    expect(etag).toBeTruthy();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${server.url}/sw.js`, { headers: { 'if-none-match': etag ?? '' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    // Images: the app's own, and the map's tiles (OpenStreetMap unless MAP_TILE_URL says otherwise).
    expect(res.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('a server fault', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      wrapStorage: (storage) => ({
        ...storage,
        put: () => Promise.reject(new Error('disk on fire at /var/secret/path')),
      }),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 500 with a generic message and a logged id, never the internals', async () => {
    const reg = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'fault@example.com',
        password: 'fault-pass',
        firstName: 'F',
        lastName: 'T',
        termsAccepted: true,
      }),
    });
    const cookie = reg.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const photo = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append(
      'profilePicture',
      new Blob([new Uint8Array(photo)], { type: 'image/png' }),
      'a.png',
    );
    const res = await fetch(`${server.url}/api/user/profile-picture`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; errorId: string };
    expect(body.message).toContain(UI_TEXT.serverError);
    expect(JSON.stringify(body)).not.toMatch(/disk on fire|secret|stack/);
    const logged = server.logger.entries.find((e) => e.level === 'error');
    expect(logged?.obj).toMatchObject({ errorId: body.errorId });
  });
});

import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { restClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe.each(testDatabaseKinds())('REST auth paths over HTTP on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  /**
   * A request the API's types do not describe (another site's origin or none, a file upload by
   * hand, a path that does not exist), as a client sees it.
   */
  async function call(
    method: string,
    url: string,
    options: { json?: unknown; form?: FormData; cookie?: string; origin?: string | null } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const origin = options.origin === undefined ? server.origin : options.origin;
    if (origin) headers.origin = origin;
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers,
      body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: res.headers,
    };
  }

  let counter = 0;
  /** A new account, signed in on a client of its own; `cookie` is its session. */
  async function register() {
    counter += 1;
    const email = `rest-${kind}-${counter}@example.com`;
    const client = restClient(server);
    const reply = await client.POST('/api/register', {
      body: {
        email,
        password: 'porch-swing-7',
        firstName: 'Theo',
        lastName: 'Marsh',
        termsAccepted: true,
      },
    });
    return { reply, email, client, cookie: client.cookie() };
  }

  it('registers, then answers GET /api/user with the user and no password', async () => {
    const { reply, email, client } = await register();
    expect(reply.response.status).toBe(200);
    expect(reply.data).toMatchObject({ email, firstName: 'Theo', lastName: 'Marsh', role: 'user' });
    expect(JSON.stringify(reply.data)).not.toMatch(/porch-swing-7|passwordHash|argon2/);
    const setCookie = reply.response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/yardsale_session=.+; .*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await client.GET('/api/user');
    expect(me.response.status).toBe(200);
    expect(me.data?.email).toBe(email);

    // The same user through GET /api/session, which never refuses.
    const session = await client.GET('/api/session');
    expect(session.response.status).toBe(200);
    expect(session.data?.user).toMatchObject({ email, firstName: 'Theo', lastName: 'Marsh' });
    expect(JSON.stringify(session.data)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 401 with a message when nobody is signed in', async () => {
    const visitor = restClient(server);
    const me = await visitor.GET('/api/user');
    expect(me.response.status).toBe(401);
    expect(me.error?.message).toBe(UI_TEXT.auth.unauthorized);

    // A page that only asks who is there gets a 200 with nobody, not a refusal.
    const session = await visitor.GET('/api/session');
    expect(session.response.status).toBe(200);
    expect(session.data).toEqual({ user: null });
  });

  it('refuses the same e-mail twice with 409 and the product message', async () => {
    const { email } = await register();
    const again = await restClient(server).POST('/api/register', {
      body: {
        email: email.toUpperCase(),
        password: 'another-pass',
        firstName: 'T',
        lastName: 'M',
        termsAccepted: true,
      },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe(UI_TEXT.register.emailTaken);
  });

  it('refuses bad registration input with the field message', async () => {
    const bad = await restClient(server).POST('/api/register', {
      body: {
        email: 'not-an-email',
        password: '123',
        firstName: '',
        lastName: 'M',
        termsAccepted: true,
      },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.errors).toMatchObject({
      email: [UI_TEXT.register.invalidEmail],
      password: [UI_TEXT.register.shortPassword],
      firstName: [UI_TEXT.register.firstNameRequired],
    });
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const { email } = await register();
    const device = restClient(server);
    const wrong = await device.POST('/api/login', {
      body: { email, password: 'wrong-password' },
    });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.message).toBe(UI_TEXT.signIn.wrongCredentials);
    expect(wrong.response.headers.getSetCookie()).toHaveLength(0);

    const right = await device.POST('/api/login', {
      body: { email, password: 'porch-swing-7', rememberMe: true },
    });
    expect(right.response.status).toBe(200);
    expect(right.response.headers.getSetCookie().join('')).toMatch(/Max-Age=2592000/);
  });

  it('updates the profile with PUT /api/user', async () => {
    const { client } = await register();
    const put = await client.PUT('/api/user', {
      body: {
        firstName: 'Theodora',
        lastName: 'Marsh',
        email: `theodora-${kind}@example.com`,
        phone: '555-0199',
      },
    });
    expect(put.response.status).toBe(200);
    expect((await client.GET('/api/user')).data).toMatchObject({
      firstName: 'Theodora',
      phone: '555-0199',
    });
  });

  it('refuses a state change with the session cookie from another origin, changing nothing', async () => {
    const { client, cookie, email } = await register();
    const foreign = await call('PUT', '/api/user', {
      cookie,
      origin: 'https://evil.example',
      json: { firstName: 'Hacked', lastName: 'X', email },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(UI_TEXT.auth.crossOrigin);
    const missing = await call('POST', '/api/logout', { cookie, origin: null });
    expect(missing.status).toBe(403);
    expect((await client.GET('/api/user')).data?.firstName).toBe('Theo');
  });

  it('logs out with POST /api/logout', async () => {
    const { client, cookie } = await register();
    expect((await client.POST('/api/logout')).response.status).toBe(200);
    // The session is over: sent again, it is refused.
    expect((await restClient(server, { cookie }).GET('/api/user')).response.status).toBe(401);
  });

  describe('profile picture', () => {
    function upload(
      cookie: string,
      bytes: Buffer,
      name: string,
      type: string,
      field = 'profilePicture',
    ) {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
      return call('POST', '/api/user/profile-picture', { cookie, form });
    }

    it('stores an image upright, re-encoded without metadata, served with long cache headers', async () => {
      const { client, cookie } = await register();
      // A 300x200 JPEG with EXIF orientation 6 (rotate 90°) and GPS tags.
      const photo = await sharp({
        create: { width: 300, height: 200, channels: 3, background: '#c2410c' },
      })
        .jpeg()
        .withExif({
          IFD0: { Orientation: '6', Make: 'PhoneCo' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const reply = await upload(cookie, photo, 'me.jpg', 'image/jpeg');
      expect(reply.status).toBe(200);
      const url = reply.body.profilePicture as string;
      expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);

      const file = await fetch(`${server.url}${url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toMatch(/max-age=31536000/);
      const stored = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(512);

      expect((await client.GET('/api/user')).data?.profilePicture).toBe(url);

      const removed = await client.DELETE('/api/user/profile-picture');
      expect(removed.response.status).toBe(200);
      expect(removed.data?.profilePicture).toBeNull();
      expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    });

    it('refuses a 7 MB file with the product message and writes nothing', async () => {
      const { client, cookie } = await register();
      const before = filesUnder(server.uploadsDir).length;
      const big = Buffer.alloc(7 * 1024 * 1024, 1);
      const reply = await upload(cookie, big, 'big.png', 'image/png');
      expect(reply.status).toBe(413);
      expect(reply.body.message).toBe(UI_TEXT.profilePicture.tooLargeDescription);
      expect(filesUnder(server.uploadsDir)).toHaveLength(before);
      expect((await client.GET('/api/user')).data?.profilePicture).toBeNull();
    });

    it('refuses a text file dressed as an image, by its bytes, and writes nothing', async () => {
      const { client, cookie } = await register();
      const before = filesUnder(server.uploadsDir).length;
      const reply = await upload(
        cookie,
        Buffer.from('just some notes, not a picture'),
        'notes.png',
        'image/png',
      );
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(UI_TEXT.profilePicture.invalidTypeDescription);
      expect(filesUnder(server.uploadsDir)).toHaveLength(before);
      expect((await client.GET('/api/user')).data?.profilePicture).toBeNull();
    });

    it('refuses an upload from a visitor', async () => {
      const reply = await upload('', Buffer.from('x'), 'x.png', 'image/png');
      expect(reply.status).toBe(401);
    });
  });

  it('describes the REST surface in an OpenAPI document built from the schemas', async () => {
    const doc = await call('GET', '/api/openapi.json');
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
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const page = await fetch(`${server.url}/listing/42`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    const missingScript = await fetch(`${server.url}/assets/index-stale.js`);
    expect(missingScript.status).toBe(404);
    const api = await call('GET', '/api/nothing-here');
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

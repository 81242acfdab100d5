import { PassThrough } from 'node:stream';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE_NAME } from '@yardsale/api';
import { recordingLogger } from '@yardsale/api/testing';
import { sql } from '@yardsale/db';
import type { FileStorage } from '@yardsale/db';
import { createTestDatabase, testDatabaseKinds } from '@yardsale/db/testing';
import type { TestDatabase } from '@yardsale/db/testing';

import { startLocalServer } from '../test/local-server';
import type { LocalServer } from '../test/local-server';
import { TEST_ADMIN_EMAIL } from '../test/test-server';

/**
 * A real server with its real logger at info level, driven into faults that carry secrets: whatever it
 * logs, no password, password hash, session token, cookie or query value may be in it.
 */
describe.each(testDatabaseKinds())('what the server logs on %s', (kind) => {
  let handle: TestDatabase;
  let server: LocalServer;
  const log: string[] = [];
  /** What the broken storage puts into its error, as a driver puts a statement's parameters into one. */
  let storageSecret = 'not-set-yet';

  const password = 'log-secret-password-1';
  const failingPassword = 'log-secret-password-2';
  const wrongPassword = 'log-secret-password-3';
  const failingEmail = `failing-insert-${kind}@example.com`;
  const queryValue = 'query-secret-value-42';
  const forgedCookie = 'forged-cookie-value-Zq9';
  const bearer = 'bearer-secret-Xw7';

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    // A real database fault on insert: PostgreSQL's answer names the failing row, hash included.
    await handle.db.execute(
      sql.raw(`alter table users add constraint no_boom check (first_name <> 'Boom')`),
    );
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const brokenStorage = (storage: FileStorage): FileStorage => ({
      ...storage,
      put: () =>
        Promise.reject(
          Object.assign(new Error(`write failed\nparams: ${storageSecret}`), {
            params: [storageSecret],
            parameters: [storageSecret],
            detail: `Failing row contains (${storageSecret})`,
            where: `unnamed portal parameter $1 = '${storageSecret}'`,
          }),
        ),
    });
    server = await startLocalServer({
      db: handle.db,
      logger: recordingLogger(),
      adminEmail: TEST_ADMIN_EMAIL,
      wrapStorage: brokenStorage,
      logTo: { stream, level: 'info' },
    });
  });
  afterAll(async () => {
    await server.stop();
    await handle.close();
  });

  const send = (
    method: string,
    path: string,
    options: { json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.origin,
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    });

  it('keeps passwords, hashes, tokens, cookies and query values out of every line', async () => {
    const email = `log-owner-${kind}@example.com`;
    const registered = await send('POST', '/api/register', {
      json: { email, password, firstName: 'Lou', lastName: 'Ogden', termsAccepted: true },
    });
    expect(registered.status).toBe(200);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const token = cookie.split('=')[1] ?? '';
    expect(token.length).toBeGreaterThan(10);
    storageSecret = token;

    // A failed insert over REST and over tRPC: the statement's parameters hold the e-mail and the hash.
    const failedRest = await send('POST', '/api/register', {
      json: {
        email: failingEmail,
        password: failingPassword,
        firstName: 'Boom',
        lastName: 'Fault',
        termsAccepted: true,
      },
    });
    expect(failedRest.status).toBe(500);
    const failedTrpc = await send('POST', '/trpc/auth.register', {
      json: {
        json: {
          email: failingEmail,
          password: failingPassword,
          firstName: 'Boom',
          lastName: 'Fault',
          termsAccepted: true,
        },
      },
    });
    expect(failedTrpc.status).toBe(500);

    // A storage fault whose error carries the session token, during a signed-in request.
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append(
      'profilePicture',
      new Blob([new Uint8Array(photo)], { type: 'image/png' }),
      'a.png',
    );
    const upload = await send('POST', '/api/user/profile-picture', {
      body: form,
      headers: { cookie, authorization: `Bearer ${bearer}` },
    });
    expect(upload.status).toBe(500);

    // Query strings, a forged cookie, a wrong password, a page that does not exist.
    expect(
      (await send('GET', `/api/listings?token=${queryValue}&q=lamp`, { headers: { cookie } }))
        .status,
    ).toBe(200);
    expect(
      (
        await send('GET', `/api/user?session=${queryValue}`, {
          headers: { cookie: `${SESSION_COOKIE_NAME}=${forgedCookie}` },
        })
      ).status,
    ).toBe(401);
    expect((await send('GET', `/api/nowhere?reset=${queryValue}`)).status).toBe(404);
    expect(
      (await send('POST', '/api/login', { json: { email, password: wrongPassword } })).status,
    ).toBe(401);
    expect((await send('POST', '/api/login', { json: { email, password } })).status).toBe(200);

    const text = log.join('');
    for (const secret of [
      password,
      failingPassword,
      wrongPassword,
      '$argon2',
      'argon2id',
      token,
      forgedCookie,
      bearer,
      queryValue,
      failingEmail,
    ]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    // The faults were logged, with their cause, the path and the names of the query parameters.
    expect(text.match(/request failed/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(text).toContain('check constraint');
    expect(text).toContain('/api/listings?token=[redacted]&q=[redacted]');
  });
});

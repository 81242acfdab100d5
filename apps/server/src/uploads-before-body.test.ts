import http from 'node:http';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordingLogger } from '@yardsale/api/testing';
import type { FileStorage } from '@yardsale/db';
import { createTestDatabase, testDatabaseKinds } from '@yardsale/db/testing';
import type { TestDatabase } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { startLocalServer } from '../test/local-server';
import type { LocalServer } from '../test/local-server';
import { TEST_ADMIN_EMAIL } from '../test/test-server';

const BOUNDARY = 'yardsale-upload-boundary';
/** What the client says it will send: far more than it does before the answer must arrive. */
const DECLARED_BYTES = 25 * 1024 * 1024;

/**
 * Starts an upload of 25 MB and sends only its first 64 KB, then waits: a server that checks before reading
 * answers once it stops waiting for the rest (unreadBodyWaitMs); one that reads the body first never
 * answers while the client holds the rest back.
 */
function uploadHeldBack(
  url: string,
  cookie: string,
  origin: string,
  field: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie,
        origin,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(DECLARED_BYTES),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer while the body was held back: the server waited for the body'));
    }, 15_000);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Record<string, unknown>,
          headers: res.headers,
        });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    req.write(Buffer.alloc(64 * 1024, 7));
    // The rest is never sent.
  });
}

describe.each(testDatabaseKinds())('uploads checked before their body on %s', (kind) => {
  let handle: TestDatabase;
  let server: LocalServer;
  let storagePuts = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const counting = (storage: FileStorage): FileStorage => ({
      ...storage,
      put: (...args) => {
        storagePuts += 1;
        return storage.put(...args);
      },
    });
    server = await startLocalServer({
      db: handle.db,
      logger: recordingLogger(),
      adminEmail: TEST_ADMIN_EMAIL,
      wrapStorage: counting,
      // The held-back client gets its answer once the server gives up on the rest of the body:
      // a second here, not the production ten, while still well inside the client's 15 s.
      unreadBodyWaitMs: 1_000,
      rateLimits: {
        registerByClient: { points: 100, durationSeconds: 60 },
        profilePictureByAccount: { points: 1, durationSeconds: 60 * 60 },
        listingCreateByAccount: { points: 1, durationSeconds: 60 * 60 },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await handle.close();
  });

  let people = 0;
  async function register(): Promise<string> {
    people += 1;
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `uploader-${kind}-${people}@example.com`,
        password: 'upload-pass-1',
        firstName: 'Uma',
        lastName: 'Ploder',
        termsAccepted: true,
      }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }
  const png = () =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();

  async function createListing(cookie: string): Promise<number> {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Oak chair',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: 'Under $25',
      address: '3 Elm Row',
    }))
      form.append(k, v);
    form.append('photos', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: number }).id;
  }

  it("refuses photos for someone else's listing, or one that does not exist, without reading them", async () => {
    const seller = await register();
    const stranger = await register();
    const listingId = await createListing(seller);
    const putsBefore = storagePuts;

    const forbidden = await uploadHeldBack(
      `${server.url}/api/listings/${listingId}/images`,
      stranger,
      server.origin,
      'images',
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(UI_TEXT.listing.onlySeller);
    expect(forbidden.headers.connection).toBe('close');

    const missing = await uploadHeldBack(
      `${server.url}/api/listings/${listingId + 1000}/images`,
      stranger,
      server.origin,
      'images',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(UI_TEXT.listing.notFound);
    expect(storagePuts).toBe(putsBefore);

    // The seller's own upload is read and stored as before.
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'b.png');
    const own = await fetch(`${server.url}/api/listings/${listingId}/images`, {
      method: 'POST',
      headers: { cookie: seller, origin: server.origin },
      body: form,
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { images: unknown[] }).images).toHaveLength(2);
  });

  it('limits profile pictures per account before reading the next one', async () => {
    const cookie = await register();
    const form = new FormData();
    form.append(
      'profilePicture',
      new Blob([new Uint8Array(await png())], { type: 'image/png' }),
      'me.png',
    );
    const first = await fetch(`${server.url}/api/user/profile-picture`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(first.status).toBe(200);

    const second = await uploadHeldBack(
      `${server.url}/api/user/profile-picture`,
      cookie,
      server.origin,
      'profilePicture',
    );
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(UI_TEXT.rateLimited);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits listing creation before reading its photos', async () => {
    const cookie = await register();
    await createListing(cookie);
    const refused = await uploadHeldBack(
      `${server.url}/api/listings/create-with-photos`,
      cookie,
      server.origin,
      'photos',
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(UI_TEXT.rateLimited);
  });
});

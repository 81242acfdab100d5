/**
 * Photos are served at the `/uploads/<key>` URLs the API returns, from whichever storage is configured:
 * the local folder or an S3-compatible bucket (a real one, s3rver, started here). Instances that share
 * only the bucket serve each other's photos.
 */
import http from 'node:http';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FileStorage, OpenStorage } from '@yardsale/db';
import { createS3Storage } from '@yardsale/db/s3-storage';
import { startS3Server } from '@yardsale/db/s3-testing';
import type { S3TestServer } from '@yardsale/db/s3-testing';
import { describeWithService } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { sendJson, startTestServer, startTwoInstances } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const photo = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();

interface ListingReply {
  id: number;
  images: { imageUrl: string; thumbnailUrl: string }[];
}

let people = 0;

async function register(server: TestServer): Promise<string> {
  people += 1;
  const { status, cookie } = await sendJson(server, '/api/register', {
    email: `photo-storage-${people}-${Date.now()}@example.com`,
    password: 'photo-pass-1',
    firstName: 'Pia',
    lastName: 'Store',
    termsAccepted: true,
  });
  expect(status).toBe(200);
  return cookie;
}

async function createWithPhotos(
  server: TestServer,
  cookie: string,
  title: string,
  colors: string[],
): Promise<ListingReply> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    category: 'Furniture',
    listingType: 'single-item',
    priceRange: 'Under $25',
    address: '9 Bucket Row',
  }))
    form.append(name, value);
  for (const [i, color] of colors.entries()) {
    form.append(
      'photos',
      new Blob([new Uint8Array(await photo(color))], { type: 'image/jpeg' }),
      `${i}.jpg`,
    );
  }
  const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
    method: 'POST',
    headers: { cookie, origin: server.origin },
    body: form,
  });
  const body = (await res.json()) as ListingReply;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function deleteListing(server: TestServer, cookie: string, id: number) {
  const res = await fetch(`${server.url}/api/listings/${id}`, {
    method: 'DELETE',
    headers: { cookie, origin: server.origin },
  });
  expect(res.status).toBe(200);
}

/** A GET through node:http, which sends exactly the headers given (fetch adds its own to conditional ones). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

let s3: S3TestServer;
const buckets: OpenStorage[] = [];
/** A client of the shared bucket, as each server instance would open its own. */
function openBucket(): OpenStorage {
  const bucket = createS3Storage(s3.config);
  buckets.push(bucket);
  return bucket;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'served-photos' });
});
afterAll(async () => {
  for (const bucket of buckets) bucket.close();
  await s3.stop();
});

describe.each(['local folder', 'S3 bucket'] as const)('photos served from the %s', (backend) => {
  let server: TestServer;
  /** Keys the server asked its storage for. */
  const reads: string[] = [];

  beforeAll(async () => {
    const recordReads = (storage: FileStorage): FileStorage => ({
      ...storage,
      get: (key) => {
        reads.push(key);
        return storage.get(key);
      },
    });
    server = await startTestServer('pglite', {
      storage: backend === 'S3 bucket' ? openBucket() : undefined,
      wrapStorage: recordReads,
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves a photo at the URL the API returned, as WebP cached for good, and 304 while unchanged', async () => {
    const cookie = await register(server);
    const listing = await createWithPhotos(server, cookie, 'Wicker basket', ['#7a5230']);
    const url = listing.images[0]?.imageUrl ?? '';
    expect(url).toMatch(/^\/uploads\/listings\/[\w-]+-detail\.webp$/);
    if (backend === 'S3 bucket') expect(await s3.listKeys()).toContain(keyOf(url));

    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Webmail shows a digest's photos from its own origin.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect((await sharp(bytes).metadata()).format).toBe('webp');

    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await rawGet(`${server.url}${url}`, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);

    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for a photo that is not there, and once its listing is deleted', async () => {
    const missing = await fetch(`${server.url}/uploads/listings/no-such-photo-card.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: UI_TEXT.request.notFound });

    const cookie = await register(server);
    const listing = await createWithPhotos(server, cookie, 'Tin bucket', ['#557799']);
    const urls = listing.images.flatMap((i) => [i.imageUrl, i.thumbnailUrl]);
    for (const url of urls) expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    await deleteListing(server, cookie, listing.id);
    for (const url of urls) expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    if (backend === 'S3 bucket') {
      const keys = await s3.listKeys();
      for (const url of urls) expect(keys).not.toContain(keyOf(url));
    }
  });

  it('answers 404 for a malformed key without asking the storage', async () => {
    reads.length = 0;
    for (const address of [
      '/uploads/',
      '/uploads/.hidden',
      '/uploads/listings/..%2F..%2Fetc%2Fpasswd',
      '/uploads/listings//x.webp',
      '/uploads/%2e%2e/secret.webp',
      '/uploads/listings/a%00b.webp',
    ]) {
      const res = await rawGet(`${server.url}${address}`, {});
      expect(res.status, address).toBe(404);
    }
    expect(reads).toEqual([]);
  });
});

describe('two instances sharing only a bucket', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    // Each on its own embedded database: the photo is all they share.
    first = await startTestServer('pglite', { storage: openBucket() });
    second = await startTestServer('pglite', { storage: openBucket() });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
  });

  it('serves through one the photo uploaded through the other, at the URL the API returned', async () => {
    const cookie = await register(first);
    const listing = await createWithPhotos(first, cookie, 'Shared bucket chair', [
      '#aa3311',
      '#1133aa',
    ]);
    for (const image of listing.images) {
      for (const url of [image.imageUrl, image.thumbnailUrl]) {
        const [fromFirst, fromSecond] = await Promise.all([
          fetch(`${first.url}${url}`),
          fetch(`${second.url}${url}`),
        ]);
        expect(fromSecond.status, url).toBe(200);
        expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(
          Buffer.from(await fromFirst.arrayBuffer()),
        );
      }
    }
    await deleteListing(first, cookie, listing.id);
    const url = listing.images[0]?.imageUrl ?? '';
    expect((await fetch(`${second.url}${url}`)).status).toBe(404);
  });
});

/** Needs PostgreSQL (TEST_DATABASE_URL): two instances of one installation, one database and one bucket. */
describeWithService('TEST_DATABASE_URL', 'two instances on one PostgreSQL and one bucket', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;

  beforeAll(async () => {
    instances = await startTwoInstances({ storage: openBucket() });
  });
  afterAll(async () => {
    await instances.stop();
  });

  it('shows a listing uploaded through one instance with its photos through the other, and deleting it through the other empties the bucket of them', async () => {
    const { first, second } = instances;
    const cookie = await register(first);
    const created = await createWithPhotos(first, cookie, 'Two-instance mirror', ['#338833']);

    // The session lives in the shared database: the same cookie signs in on the other instance.
    const res = await fetch(`${second.url}/api/listings/${created.id}`, {
      headers: { cookie, origin: second.origin },
    });
    expect(res.status).toBe(200);
    const listing = (await res.json()) as ListingReply;
    const urls = listing.images.flatMap((i) => [i.imageUrl, i.thumbnailUrl]);
    expect(urls).toEqual(created.images.flatMap((i) => [i.imageUrl, i.thumbnailUrl]));
    for (const url of urls) {
      const photoRes = await fetch(`${second.url}${url}`);
      expect(photoRes.status, url).toBe(200);
      expect(photoRes.headers.get('content-type')).toBe('image/webp');
    }

    await deleteListing(second, cookie, created.id);
    const keys = await s3.listKeys();
    for (const url of urls) expect(keys).not.toContain(keyOf(url));
    for (const url of urls) expect((await fetch(`${first.url}${url}`)).status).toBe(404);
  });
});

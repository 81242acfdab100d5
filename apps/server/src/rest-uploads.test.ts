import { readdirSync } from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { asForm, restClient } from '../test/rest-client';
import type { RestClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const fileCount = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a8f3c' } })
    .jpeg()
    .toBuffer();

const chair = {
  title: 'Rush-seat kitchen chair',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: 'Under $25',
  address: '4 Mill Lane',
} as const;

/** REST create-with-photos and the listings.create procedure are one implementation. */
describe.each(testDatabaseKinds())('REST uploads through their procedure on %s', (kind) => {
  let server: TestServer;
  let people = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      rateLimits: {
        registerByClient: { points: 100, durationSeconds: 60 * 60 },
        listingCreateByAccount: { points: 3, durationSeconds: 60 * 60 },
        listingCreateByClient: { points: 1000, durationSeconds: 60 * 60 },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function register(): Promise<RestClient> {
    people += 1;
    const client = restClient(server);
    const { response } = await client.POST('/api/register', {
      body: {
        email: `uploads-${kind}-${people}@example.com`,
        password: 'upload-pass-1',
        firstName: 'Rhoda',
        lastName: 'Form',
        termsAccepted: true,
      },
    });
    expect(response.status).toBe(200);
    return client;
  }

  /** A listing with one photo, over REST. */
  async function createWithPhotos(client: RestClient, title: string) {
    return client.POST('/api/listings/create-with-photos', {
      body: {
        ...chair,
        title,
        photos: [new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' })],
      },
      bodySerializer: asForm,
    });
  }

  /** The same, with fields the API's types do not allow, sent by hand. */
  async function createWithPhotosByHand(cookie: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      'photos',
      new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, unknown>,
    };
  }

  /** listings.create over tRPC's own HTTP endpoint, as the web app calls it. */
  async function createOverTrpc(cookie: string, fields: Record<string, string>) {
    const res = await fetch(`${server.url}/trpc/listings.create`, {
      method: 'POST',
      headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ json: fields }),
    });
    const body = (await res.json()) as {
      result?: { data: { json: { id: number } } };
      error?: {
        json: {
          message: string;
          data: { zodError: { fieldErrors: Record<string, string[]> } | null };
        };
      };
    };
    return { status: res.status, body };
  }

  it('refuses invalid fields with the messages the procedure gives, under the same fields, storing nothing', async () => {
    const cookie = (await register()).cookie();
    const invalid = {
      title: '   ',
      category: 'Spaceships',
      listingType: 'garage-sale',
      priceRange: 'A fortune',
      address: '',
      startTime: '25:00',
      contactEmail: 'not-an-address',
      timeZone: 'Mars/Olympus',
    };
    const filesBefore = fileCount(server.uploadsDir);

    const rest = await createWithPhotosByHand(cookie, invalid);
    const procedure = await createOverTrpc(cookie, invalid);

    expect(rest.status).toBe(400);
    expect(procedure.status).toBe(400);
    const expected = procedure.body.error?.json;
    expect(rest.body).toEqual({
      message: expected?.message,
      errors: expected?.data.zodError?.fieldErrors,
    });
    expect(rest.body.errors).toEqual({
      title: [UI_TEXT.listing.titleRequired],
      category: [UI_TEXT.listing.categoryRequired],
      priceRange: [UI_TEXT.listing.priceRangeRequired],
      address: [UI_TEXT.listing.addressRequired],
      startTime: [UI_TEXT.listing.timeFormat],
      contactEmail: [UI_TEXT.listing.invalidContactEmail],
      timeZone: [UI_TEXT.listing.unknownTimeZone],
      startDate: [UI_TEXT.listing.dateRequired],
      endTime: [UI_TEXT.listing.endTimeRequired],
    });
    expect(fileCount(server.uploadsDir)).toBe(filesBefore);
  });

  it('counts each creation once against the limit, whichever way it arrives', async () => {
    const rhoda = await register();
    // Three creations allowed: two over REST and one over tRPC all pass, so none counted twice.
    expect((await createWithPhotos(rhoda, chair.title)).response.status).toBe(200);
    const overTrpc = await createOverTrpc(rhoda.cookie(), { ...chair, title: 'Pine stool' });
    expect(overTrpc.status).toBe(200);
    const third = await createWithPhotos(rhoda, 'Oak bench');
    expect(third.response.status).toBe(200);
    expect(third.data).toMatchObject({ title: 'Oak bench', imageCount: 1 });

    const fourth = await createWithPhotos(rhoda, 'Cane rocker');
    expect(fourth.response.status).toBe(429);
    expect(fourth.error).toEqual({ message: UI_TEXT.rateLimited });
    expect(Number(fourth.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const mine = (await rhoda.GET('/api/user/listings')).data ?? [];
    expect(mine.map((l) => l.title).sort()).toEqual([
      'Oak bench',
      'Pine stool',
      'Rush-seat kitchen chair',
    ]);
  });
});

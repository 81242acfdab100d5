import { readdirSync } from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

interface Reply {
  status: number;
  body: unknown;
}

const fileCount = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;

const jpeg = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

const saleFields = {
  title: 'Porch sale: records and lamps',
  description: 'Vinyl from the 70s, two brass lamps, a sewing table.',
  category: 'Antiques',
  listingType: 'garage-sale',
  priceRange: '$25-$50',
  address: '22 Elm Street, Brookfield',
  startDate: '2031-05-03',
  startTime: '09:00',
  endTime: '15:00',
  timeZone: 'America/New_York',
};

describe.each(testDatabaseKinds())('REST listing paths over HTTP on %s', (kind) => {
  let server: TestServer;
  let seller = '';
  let buyer = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    seller = await register('seller');
    buyer = await register('buyer');
  });
  afterAll(async () => {
    await server.stop();
  });

  async function register(name: string): Promise<string> {
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${name}-${kind}@example.com`,
        password: 'rest-pass-1',
        firstName: name,
        lastName: 'Test',
        termsAccepted: true,
      }),
    });
    return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }

  async function call(method: string, url: string, cookie: string, body?: unknown): Promise<Reply> {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.origin,
        ...(body !== undefined && !(body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  function saleForm(
    photos: Buffer[],
    fields: Record<string, string> = saleFields,
    field = 'photos',
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    photos.forEach((p, i) =>
      form.append(field, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`),
    );
    return form;
  }

  it('creates a listing with photos in one multipart request and serves it back', async () => {
    const created = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#884422'), await jpeg('#224488')]),
    );
    expect(created.status).toBe(200);
    const listing = created.body as {
      id: number;
      images: { imageUrl: string; thumbnailUrl: string; isPrimary: boolean }[];
      endsAt: string;
    };
    expect(listing.images).toHaveLength(2);
    expect(listing.images[0]?.isPrimary).toBe(true);
    // 15:00 in New York in May (EDT, UTC-4).
    expect(listing.endsAt).toBe('2031-05-03T19:00:00.000Z');

    const image = await fetch(`${server.url}${listing.images[0]?.thumbnailUrl ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    const fetched = await call('GET', `/api/listings/${listing.id}`, buyer);
    expect(fetched.body).toMatchObject({
      id: listing.id,
      title: saleFields.title,
      user: { firstName: 'seller' },
    });
  });

  it('accepts the listing fields as one JSON field, and photos in "images"', async () => {
    const form = saleForm(
      [await jpeg('#336633')],
      { listing: JSON.stringify({ ...saleFields, title: 'JSON-style sale' }) },
      'images',
    );
    const created = await call('POST', '/api/listings/create-with-photos', seller, form);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'JSON-style sale', imageCount: 1 });
  });

  it('refuses a sale that ends before it starts, or on a day already past, with the message under the field', async () => {
    const mine = async () =>
      ((await call('GET', '/api/user/listings', seller)).body as unknown[]).length;
    const countBefore = await mine();
    const backwards = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([], { ...saleFields, startTime: '14:00', endTime: '09:00' }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      message: UI_TEXT.listing.endTimeBeforeStart,
      errors: { endTime: [UI_TEXT.listing.endTimeBeforeStart] },
    });
    const past = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([], { ...saleFields, startDate: '2024-05-03' }),
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      message: UI_TEXT.listing.dateInPast,
      errors: { startDate: [UI_TEXT.listing.dateInPast] },
    });
    expect(await mine()).toBe(countBefore);
  });

  it('refuses a sixth photo, a text file and a missing address, creating nothing', async () => {
    const before = fileCount(server.uploadsDir);
    const mine = async () =>
      ((await call('GET', '/api/user/listings', seller)).body as unknown[]).length;
    const countBefore = await mine();

    const six = await Promise.all(
      ['#101010', '#202020', '#303030', '#404040', '#505050', '#606060'].map(jpeg),
    );
    const tooMany = await call('POST', '/api/listings/create-with-photos', seller, saleForm(six));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: UI_TEXT.listing.tooManyPhotos });

    const form = saleForm([await jpeg('#111111')]);
    form.append('photos', new Blob(['just text'], { type: 'image/jpeg' }), 'notes.jpg');
    const corrupt = await call('POST', '/api/listings/create-with-photos', seller, form);
    expect(corrupt.status).toBe(400);

    const noAddress = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#222222')], { ...saleFields, address: '' }),
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({
      message: UI_TEXT.listing.addressRequired,
      errors: { address: [UI_TEXT.listing.addressRequired] },
    });

    expect(await mine()).toBe(countBefore);
    expect(fileCount(server.uploadsDir)).toBe(before);
  });

  it('browses and searches with GET /api/listings, misspellings included', async () => {
    const byTypo = await call('GET', '/api/listings?search=recrods', buyer);
    expect(byTypo.status).toBe(200);
    const titles = (byTypo.body as { items: { title: string }[] }).items.map((l) => l.title);
    expect(titles).toContain(saleFields.title);

    const byCategory = await call('GET', '/api/listings?category=Antiques&limit=50', buyer);
    expect(
      (byCategory.body as { items: { category: string }[] }).items.every(
        (l) => l.category === 'Antiques',
      ),
    ).toBe(true);
    const none = await call('GET', '/api/listings?category=Automotive', buyer);
    expect(none.body).toEqual({ items: [], nextCursor: null });
    expect((await call('GET', '/api/listings', '')).status).toBe(401);
  });

  it('lets only the seller update and delete, over PUT and DELETE', async () => {
    const created = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#445566')]),
    );
    const id = (created.body as { id: number }).id;

    const stranger = await call('PUT', `/api/listings/${id}`, buyer, {
      ...saleFields,
      title: 'Taken over',
    });
    expect(stranger.status).toBe(403);
    const updated = await call('PUT', `/api/listings/${id}`, seller, {
      ...saleFields,
      title: 'Porch sale, now with a canoe',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, title: 'Porch sale, now with a canoe' });

    expect((await call('DELETE', `/api/listings/${id}`, buyer)).status).toBe(403);
    expect((await call('DELETE', `/api/listings/${id}`, seller)).status).toBe(200);
    const gone = await call('GET', `/api/listings/${id}`, seller);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: UI_TEXT.listing.notFound });
  });

  it('adds photos with POST /api/listings/{id}/images up to five in total', async () => {
    const created = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#121212'), await jpeg('#343434')]),
    );
    const id = (created.body as { id: number }).id;
    const add = async (n: number) => {
      const form = new FormData();
      for (let i = 0; i < n; i++)
        form.append(
          'images',
          new Blob([new Uint8Array(await jpeg(`#5${i}5${i}5${i}`))], { type: 'image/jpeg' }),
          `a${i}.jpg`,
        );
      return call('POST', `/api/listings/${id}/images`, seller, form);
    };
    const refused = await add(4);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: UI_TEXT.listing.tooManyPhotos });
    const added = await add(3);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ imageCount: 5 });
    const form = new FormData();
    form.append(
      'images',
      new Blob([new Uint8Array(await jpeg('#999999'))], { type: 'image/jpeg' }),
      'x.jpg',
    );
    expect((await call('POST', `/api/listings/${id}/images`, buyer, form)).status).toBe(403);
  });

  it('saves and unsaves through the save paths, idempotently', async () => {
    const created = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#676767')]),
    );
    const id = (created.body as { id: number }).id;
    expect((await call('GET', `/api/listings/${id}/saved`, buyer)).body).toEqual({
      isSaved: false,
    });
    expect((await call('POST', `/api/listings/${id}/save`, buyer)).body).toEqual({ isSaved: true });
    expect((await call('POST', `/api/listings/${id}/save`, buyer)).body).toEqual({ isSaved: true });
    const saved = (await call('GET', '/api/user/saved-listings', buyer)).body as { id: number }[];
    expect(saved.filter((l) => l.id === id)).toHaveLength(1);
    expect((await call('DELETE', `/api/listings/${id}/save`, buyer)).body).toEqual({
      isSaved: false,
    });
    expect((await call('GET', `/api/listings/${id}/saved`, buyer)).body).toEqual({
      isSaved: false,
    });
  });

  it('opens one conversation per listing and buyer with POST /api/conversations', async () => {
    const created = await call(
      'POST',
      '/api/listings/create-with-photos',
      seller,
      saleForm([await jpeg('#3a3a3a')]),
    );
    const listingId = (created.body as { id: number }).id;
    const first = await call('POST', '/api/conversations', buyer, { listingId });
    expect(first.status).toBe(200);
    expect(await call('POST', '/api/conversations', buyer, { listingId })).toEqual(first);
    expect((await call('POST', '/api/conversations', seller, { listingId })).status).toBe(400);
  });

  it("serves a seller's public profile and listings", async () => {
    const me = (await call('GET', '/api/user', seller)).body as { id: number };
    const profile = await call('GET', `/api/users/${me.id}`, buyer);
    expect(profile.body).toMatchObject({ id: me.id, firstName: 'seller' });
    expect(JSON.stringify(profile.body)).not.toContain('@example.com');
    const listings = (await call('GET', `/api/users/${me.id}/listings`, buyer)).body as {
      userId: number;
    }[];
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.every((l) => l.userId === me.id)).toBe(true);
    expect((await call('GET', '/api/users/999999', buyer)).status).toBe(404);
  });

  it('documents the listing paths, multipart fields included', async () => {
    const doc = (await call('GET', '/api/openapi.json', '')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, unknown> } }>;
            };
            parameters?: { name: string }[];
          }
        >
      >;
    };
    const create =
      doc.paths['/api/listings/create-with-photos']?.post?.requestBody?.content[
        'multipart/form-data'
      ]?.schema.properties ?? {};
    expect(Object.keys(create)).toEqual(
      expect.arrayContaining(['title', 'address', 'photos', 'images']),
    );
    expect(doc.paths['/api/listings']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'listingType', 'cursor', 'limit']),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/listings/{id}',
        '/api/listings/{id}/images',
        '/api/listings/{id}/save',
        '/api/user/saved-listings',
        '/api/users/{id}/listings',
      ]),
    );
  });
});

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

const jpeg = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

const asFiles = (photos: Buffer[]) =>
  photos.map((p) => new Blob([new Uint8Array(p)], { type: 'image/jpeg' }));

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
} as const;

describe.each(testDatabaseKinds())('REST listing paths over HTTP on %s', (kind) => {
  let server: TestServer;
  let seller: RestClient;
  let buyer: RestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    seller = await register('seller');
    buyer = await register('buyer');
  });
  afterAll(async () => {
    await server.stop();
  });

  async function register(name: string): Promise<RestClient> {
    const client = restClient(server);
    const { response } = await client.POST('/api/register', {
      body: {
        email: `${name}-${kind}@example.com`,
        password: 'rest-pass-1',
        firstName: name,
        lastName: 'Test',
        termsAccepted: true,
      },
    });
    expect(response.status).toBe(200);
    return client;
  }

  /** A sale with these photos (and fields in place of the usual ones), in one multipart request. */
  function createSale(
    client: RestClient,
    photos: Buffer[],
    fields: { address?: string; startDate?: string; startTime?: string; endTime?: string } = {},
  ) {
    return client.POST('/api/listings/create-with-photos', {
      body: { ...saleFields, ...fields, photos: asFiles(photos) },
      bodySerializer: asForm,
    });
  }

  /** A multipart body the API's types do not describe, sent by hand with the client's session. */
  async function postForm(client: RestClient, url: string, form: FormData) {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { cookie: client.cookie(), origin: server.origin },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  const mine = async () => (await seller.GET('/api/user/listings')).data?.length;

  const created = async (photo: string) => {
    const { data } = await createSale(seller, [await jpeg(photo)]);
    if (!data) throw new Error('no listing created');
    return data.id;
  };

  it('creates a listing with photos in one multipart request and serves it back', async () => {
    const created = await createSale(seller, [await jpeg('#884422'), await jpeg('#224488')]);
    expect(created.response.status).toBe(200);
    const listing = created.data;
    if (!listing) throw new Error('no listing created');
    expect(listing.images).toHaveLength(2);
    expect(listing.images[0]?.isPrimary).toBe(true);
    // 15:00 in New York in May (EDT, UTC-4).
    expect(listing.endsAt).toBe('2031-05-03T19:00:00.000Z');

    const image = await fetch(`${server.url}${listing.images[0]?.thumbnailUrl ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    const fetched = await buyer.GET('/api/listings/{id}', { params: { path: { id: listing.id } } });
    expect(fetched.data).toMatchObject({
      id: listing.id,
      title: saleFields.title,
      user: { firstName: 'seller' },
    });
  });

  it('accepts the listing fields as one JSON field, and photos in "images"', async () => {
    // The documented alternative shape (a "listing" field holding JSON), which the types leave out.
    const form = new FormData();
    form.append('listing', JSON.stringify({ ...saleFields, title: 'JSON-style sale' }));
    for (const file of asFiles([await jpeg('#336633')])) form.append('images', file, 'p0.jpg');
    const created = await postForm(seller, '/api/listings/create-with-photos', form);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'JSON-style sale', imageCount: 1 });
  });

  it('refuses a sale that ends before it starts, or on a day already past, with the message under the field', async () => {
    const countBefore = await mine();
    const backwards = await createSale(seller, [], { startTime: '14:00', endTime: '09:00' });
    expect(backwards.response.status).toBe(400);
    expect(backwards.error).toMatchObject({
      message: UI_TEXT.listing.endTimeBeforeStart,
      errors: { endTime: [UI_TEXT.listing.endTimeBeforeStart] },
    });
    const past = await createSale(seller, [], { startDate: '2024-05-03' });
    expect(past.response.status).toBe(400);
    expect(past.error).toMatchObject({
      message: UI_TEXT.listing.dateInPast,
      errors: { startDate: [UI_TEXT.listing.dateInPast] },
    });
    expect(await mine()).toBe(countBefore);
  });

  it('refuses a sixth photo, a text file and a missing address, creating nothing', async () => {
    const before = fileCount(server.uploadsDir);
    const countBefore = await mine();

    const six = await Promise.all(
      ['#101010', '#202020', '#303030', '#404040', '#505050', '#606060'].map(jpeg),
    );
    const tooMany = await createSale(seller, six);
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toMatchObject({ message: UI_TEXT.listing.tooManyPhotos });

    // A text file dressed as a photo: hostile content, sent by hand.
    const form = new FormData();
    for (const [k, v] of Object.entries(saleFields)) form.append(k, v);
    for (const file of asFiles([await jpeg('#111111')])) form.append('photos', file, 'p0.jpg');
    form.append('photos', new Blob(['just text'], { type: 'image/jpeg' }), 'notes.jpg');
    const corrupt = await postForm(seller, '/api/listings/create-with-photos', form);
    expect(corrupt.status).toBe(400);

    const noAddress = await createSale(seller, [await jpeg('#222222')], { address: '' });
    expect(noAddress.response.status).toBe(400);
    expect(noAddress.error).toMatchObject({
      message: UI_TEXT.listing.addressRequired,
      errors: { address: [UI_TEXT.listing.addressRequired] },
    });

    expect(await mine()).toBe(countBefore);
    expect(fileCount(server.uploadsDir)).toBe(before);
  });

  it('browses and searches with GET /api/listings, misspellings included', async () => {
    const byTypo = await buyer.GET('/api/listings', { params: { query: { search: 'recrods' } } });
    expect(byTypo.response.status).toBe(200);
    expect(byTypo.data?.items.map((l) => l.title)).toContain(saleFields.title);

    const byCategory = await buyer.GET('/api/listings', {
      params: { query: { category: 'Antiques', limit: 50 } },
    });
    expect(byCategory.data?.items.every((l) => l.category === 'Antiques')).toBe(true);
    const none = await buyer.GET('/api/listings', {
      params: { query: { category: 'Automotive' } },
    });
    expect(none.data).toEqual({ items: [], nextCursor: null });
    expect((await restClient(server).GET('/api/listings')).response.status).toBe(401);
  });

  it('counts what a search finds in each tab with GET /api/listings/counts', async () => {
    const byTypo = await buyer.GET('/api/listings/counts', {
      params: { query: { search: 'recrods' } },
    });
    expect(byTypo.response.status).toBe(200);
    const sales = await buyer.GET('/api/listings', {
      params: { query: { search: 'recrods', listingType: 'garage-sale', limit: 50 } },
    });
    const items = await buyer.GET('/api/listings', {
      params: { query: { search: 'recrods', listingType: 'single-item', limit: 50 } },
    });
    expect(byTypo.data).toEqual({
      singleItems: items.data?.items.length,
      garageSales: sales.data?.items.length,
    });
    expect(byTypo.data?.garageSales).toBeGreaterThanOrEqual(1);
    const refused = await buyer.GET('/api/listings/counts', {
      params: { query: { radiusMiles: 5 } },
    });
    expect(refused.response.status).toBe(400);
    expect((await restClient(server).GET('/api/listings/counts')).response.status).toBe(401);
  });

  it('lets only the seller update and delete, over PUT and DELETE', async () => {
    const id = await created('#445566');
    const path = { path: { id } };

    const stranger = await buyer.PUT('/api/listings/{id}', {
      params: path,
      body: { ...saleFields, title: 'Taken over' },
    });
    expect(stranger.response.status).toBe(403);
    const updated = await seller.PUT('/api/listings/{id}', {
      params: path,
      body: { ...saleFields, title: 'Porch sale, now with a canoe' },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ id, title: 'Porch sale, now with a canoe' });

    expect((await buyer.DELETE('/api/listings/{id}', { params: path })).response.status).toBe(403);
    expect((await seller.DELETE('/api/listings/{id}', { params: path })).response.status).toBe(200);
    const gone = await seller.GET('/api/listings/{id}', { params: path });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ message: UI_TEXT.listing.notFound });
  });

  it('adds photos with POST /api/listings/{id}/images up to five in total', async () => {
    const { data: listing } = await createSale(seller, [
      await jpeg('#121212'),
      await jpeg('#343434'),
    ]);
    const path = { path: { id: listing?.id ?? 0 } };
    const add = async (client: RestClient, n: number) => {
      const photos = await Promise.all(
        Array.from({ length: n }, (_, i) => jpeg(`#5${i}5${i}5${i}`)),
      );
      return client.POST('/api/listings/{id}/images', {
        params: path,
        body: { images: asFiles(photos) },
        bodySerializer: asForm,
      });
    };
    const refused = await add(seller, 4);
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ message: UI_TEXT.listing.tooManyPhotos });
    const added = await add(seller, 3);
    expect(added.response.status).toBe(200);
    expect(added.data).toMatchObject({ imageCount: 5 });
    expect((await add(buyer, 1)).response.status).toBe(403);
  });

  it('saves and unsaves through the save paths, idempotently', async () => {
    const id = await created('#676767');
    const path = { params: { path: { id } } };
    expect((await buyer.GET('/api/listings/{id}/saved', path)).data).toEqual({ isSaved: false });
    expect((await buyer.POST('/api/listings/{id}/save', path)).data).toEqual({ isSaved: true });
    expect((await buyer.POST('/api/listings/{id}/save', path)).data).toEqual({ isSaved: true });
    const saved = (await buyer.GET('/api/user/saved-listings')).data ?? [];
    expect(saved.filter((l) => l.id === id)).toHaveLength(1);
    expect((await buyer.DELETE('/api/listings/{id}/save', path)).data).toEqual({ isSaved: false });
    expect((await buyer.GET('/api/listings/{id}/saved', path)).data).toEqual({ isSaved: false });
  });

  it('opens one conversation per listing and buyer with POST /api/conversations', async () => {
    const listingId = await created('#3a3a3a');
    const first = await buyer.POST('/api/conversations', { body: { listingId } });
    expect(first.response.status).toBe(200);
    const again = await buyer.POST('/api/conversations', { body: { listingId } });
    expect([again.response.status, again.data]).toEqual([200, first.data]);
    const own = await seller.POST('/api/conversations', { body: { listingId } });
    expect(own.response.status).toBe(400);
  });

  it("serves a seller's public profile and listings", async () => {
    const me = (await seller.GET('/api/user')).data;
    if (!me) throw new Error('the seller is not signed in');
    const path = { params: { path: { id: me.id } } };
    const profile = await buyer.GET('/api/users/{id}', path);
    expect(profile.data).toMatchObject({ id: me.id, firstName: 'seller' });
    expect(JSON.stringify(profile.data)).not.toContain('@example.com');
    const listings = (await buyer.GET('/api/users/{id}/listings', path)).data ?? [];
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.every((l) => l.userId === me.id)).toBe(true);
    const nobody = await buyer.GET('/api/users/{id}', { params: { path: { id: 999999 } } });
    expect(nobody.response.status).toBe(404);
  });

  it('documents the listing paths, multipart fields included', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
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

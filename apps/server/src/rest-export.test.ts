import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { asForm, restClient } from '../test/rest-client';
import type { RestClient } from '../test/rest-client';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/** GET /api/user/export over HTTP, as a browser downloads it (decision 069). */
describe.each(testDatabaseKinds())('the data export over REST on %s', (kind) => {
  let server: TestServer;
  let ines: RestClient;
  const email = `export-${kind}@example.com`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ines = restClient(server);
    const registered = await ines.POST('/api/register', {
      body: {
        email,
        password: 'export-pass-1',
        firstName: 'Ines',
        lastName: 'Archer',
        termsAccepted: true,
      },
    });
    expect(registered.response.status, JSON.stringify(registered.error)).toBe(200);
    // Posting asks for a confirmed address; the mailed link is not what this test is about.
    await server.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#7a4b2a' },
    })
      .jpeg()
      .toBuffer();
    const created = await ines.POST('/api/listings/create-with-photos', {
      body: {
        title: 'Maple rocking horse',
        category: 'Toys',
        listingType: 'single-item',
        priceRange: '$25-$50',
        address: '3 Quarry Road',
        photos: [new Blob([new Uint8Array(photo)], { type: 'image/jpeg' })],
      },
      bodySerializer: asForm,
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  const download = () => ines.GET('/api/user/export', { parseAs: 'arrayBuffer' });

  it('downloads a dated zip holding the document and the photo', async () => {
    const { response, data } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="yardsale-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    if (!data) throw new Error('no zip downloaded');
    const files = unzipSync(new Uint8Array(data));
    const json = files['yardsale-export.json'];
    if (!json) throw new Error('no yardsale-export.json in the zip');
    const document = JSON.parse(strFromU8(json)) as {
      profile: { email: string };
      listings: { title: string; images: { file: string }[] }[];
    };
    expect(document.profile.email).toBe(email);
    expect(document.listings.map((l) => l.title)).toEqual(['Maple rocking horse']);
    const file = document.listings[0]?.images[0]?.file ?? '';
    const stored = files[file];
    expect(stored, file).toBeDefined();
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('refuses the fourth download within the hour with 429, saying when to come back', async () => {
    // The first test downloaded once.
    for (let i = 0; i < 2; i += 1) {
      expect((await download()).response.status).toBe(200);
    }
    const refused = await download();
    expect(refused.response.status).toBe(429);
    const retryAfter = Number(refused.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.error).toEqual({
      message: UI_TEXT.dataExport.tooMany(Math.ceil(retryAfter / 60)),
    });
  });
});

import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { sendJson, startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/** GET /api/user/export over HTTP, as a browser downloads it (decision 069). */
describe.each(testDatabaseKinds())('the data export over REST on %s', (kind) => {
  let server: TestServer;
  let cookie = '';
  const email = `export-${kind}@example.com`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const registered = await sendJson(server, '/api/register', {
      email,
      password: 'export-pass-1',
      firstName: 'Ines',
      lastName: 'Archer',
      termsAccepted: true,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    cookie = registered.cookie;
    // Posting asks for a confirmed address; the mailed link is not what this test is about.
    await server.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Maple rocking horse',
      category: 'Toys',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '3 Quarry Road',
    }))
      form.append(k, v);
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#7a4b2a' },
    })
      .jpeg()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'horse.jpg');
    const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(created.status, await created.text()).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  const download = () =>
    fetch(`${server.url}/api/user/export`, { headers: { cookie, origin: server.origin } });

  it('downloads a dated zip holding the document and the photo', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="yardsale-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
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
      const res = await download();
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await download();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      message: UI_TEXT.dataExport.tooMany(Math.ceil(retryAfter / 60)),
    });
  });
});

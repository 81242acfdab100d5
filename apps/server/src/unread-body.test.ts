import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

describe('an upload refused before its body is read', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it("reaches the client with the product's answer while the client is still sending photos", async () => {
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#7a5' },
    })
      .png()
      .toBuffer();
    for (const count of [1, 6, 20]) {
      const form = new FormData();
      form.append('title', 'Oak table');
      for (let n = 0; n < count; n += 1)
        form.append('photos', new Blob([photo], { type: 'image/png' }), `p${n}.png`);
      const res = await fetch(`${server.url}/api/listings/create-with-photos`, {
        method: 'POST',
        headers: { origin: server.origin },
        body: form,
      });
      expect(res.status, `${count} photos`).toBe(401);
      expect(await res.json()).toEqual({ message: 'Please log in to continue' });
    }
    // The connection is still good for the next request.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

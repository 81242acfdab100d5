import { readdirSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { call, register } from '../test/rest-auth-testing';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** The profile picture over REST: what is stored and served, and what is refused. */
describe.each(testDatabaseKinds())('REST auth paths over HTTP on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
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
      return call(server, 'POST', '/api/user/profile-picture', { cookie, form });
    }

    it('stores an image upright, re-encoded without metadata, served with long cache headers', async () => {
      const { client, cookie } = await register(server, kind);
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
      const { client, cookie } = await register(server, kind);
      const before = filesUnder(server.uploadsDir).length;
      const big = Buffer.alloc(7 * 1024 * 1024, 1);
      const reply = await upload(cookie, big, 'big.png', 'image/png');
      expect(reply.status).toBe(413);
      expect(reply.body.message).toBe(UI_TEXT.profilePicture.tooLargeDescription);
      expect(filesUnder(server.uploadsDir)).toHaveLength(before);
      expect((await client.GET('/api/user')).data?.profilePicture).toBeNull();
    });

    it('refuses a text file dressed as an image, by its bytes, and writes nothing', async () => {
      const { client, cookie } = await register(server, kind);
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
});

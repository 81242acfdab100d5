import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { openStorage } from './open-storage';
import { startS3Server } from '../test/s3-testing';
import { createLocalStorage, isValidStorageKey } from './storage';
import type { FileStorage } from './storage';
import { createS3Storage } from './storage-s3';

describe('local file storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'yardsale-storage-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes under the root, creating folders, and maps keys to /uploads URLs and back', async () => {
    const storage = createLocalStorage(root);
    await storage.put('listings/abc-card.webp', Buffer.from('photo bytes'), 'image/webp');
    expect(await readFile(path.join(root, 'listings', 'abc-card.webp'), 'utf8')).toBe(
      'photo bytes',
    );

    const url = storage.urlFor('listings/abc-card.webp');
    expect(url).toBe('/uploads/listings/abc-card.webp');
    expect(storage.keyFromUrl(url)).toBe('listings/abc-card.webp');
    expect(storage.keyFromUrl('https://example.com/photo.jpg')).toBeNull();
    expect(storage.keyFromUrl('/uploads/../secrets.txt')).toBeNull();
  });

  it('deletes files, and deleting a missing file is not an error', async () => {
    const storage = createLocalStorage(root);
    await storage.put('avatars/1.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('avatars/1.webp');
    expect(existsSync(path.join(root, 'avatars', '1.webp'))).toBe(false);
    await expect(storage.delete('avatars/1.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the root', async () => {
    const storage = createLocalStorage(path.join(root, 'inner'));
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a\\..\\b',
      '',
      'a//b',
      '.hidden',
      'a/./b',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.urlFor(key), key).toThrow(/Invalid storage key/);
    }
    expect(existsSync(path.join(root, 'x'))).toBe(false);
  });
});

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

interface Backend {
  storage: FileStorage;
  /** The same backend where nothing can be written (a missing folder, a bucket that does not exist). */
  unreachable: FileStorage;
  /** The keys the backend holds, as its own listing shows them. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'local folder',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'yardsale-storage-contract-'));
      return {
        storage: await openStorage({ kind: 'local', dir: path.join(root, 'uploads') }),
        unreachable: createLocalStorage(path.join(root, 'missing')),
        keys: async () =>
          (await readdir(path.join(root, 'uploads'), { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) =>
              path.relative(path.join(root, 'uploads'), path.join(entry.parentPath, entry.name)),
            )
            .sort(),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3-compatible bucket',
    async () => {
      const s3 = await startS3Server({ bucket: 'contract-photos' });
      const storage = await openStorage({ kind: 's3', ...s3.config });
      const unreachable = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
      return {
        storage,
        unreachable,
        keys: () => s3.listKeys(),
        async close() {
          storage.close();
          unreachable.close();
          await s3.stop();
        },
      };
    },
  ],
];

describe.each(backends)('file storage contract: %s', (_name, open) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('gives back what was put, with its type, length and an entity tag', async () => {
    const { storage } = backend;
    const bytes = Buffer.from('card photo bytes');
    await storage.put('listings/contract-card.webp', bytes, 'image/webp');
    const file = await storage.get('listings/contract-card.webp');
    expect(file).not.toBeNull();
    expect(file?.contentType).toBe('image/webp');
    expect(file?.contentLength).toBe(bytes.length);
    expect(file?.etag).toMatch(/^(W\/)?".+"$/);
    if (file) expect(await readAll(file.body)).toEqual(bytes);
    expect(await backend.keys()).toContain('listings/contract-card.webp');
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await backend.storage.get('listings/never-written.webp')).toBeNull();
    expect(await backend.storage.get('listings')).toBeNull();
  });

  it('deletes, and deleting what is not there is not an error', async () => {
    const { storage } = backend;
    await storage.put('avatars/7-contract.webp', Buffer.from('avatar'), 'image/webp');
    await storage.delete('avatars/7-contract.webp');
    expect(await storage.get('avatars/7-contract.webp')).toBeNull();
    expect(await backend.keys()).not.toContain('avatars/7-contract.webp');
    await expect(storage.delete('avatars/7-contract.webp')).resolves.toBeUndefined();
  });

  it('maps keys to /uploads URLs on the app origin and back, and no other URL', () => {
    const { storage } = backend;
    expect(storage.urlFor('listings/abc-detail.webp')).toBe('/uploads/listings/abc-detail.webp');
    expect(storage.keyFromUrl('/uploads/listings/abc-detail.webp')).toBe(
      'listings/abc-detail.webp',
    );
    expect(storage.keyFromUrl('https://example.com/uploads/x.webp')).toBeNull();
    expect(storage.keyFromUrl('/uploads/../secrets.txt')).toBeNull();
    expect(storage.keyFromUrl('/uploads/')).toBeNull();
  });

  it('refuses keys that could leave their place, before touching the store', async () => {
    const { storage } = backend;
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '', 'a//b', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.urlFor(key), key).toThrow(/Invalid storage key/);
    }
  });

  it('says whether it can be reached', async () => {
    await expect(backend.storage.check()).resolves.toBeUndefined();
    await expect(backend.unreachable.check()).rejects.toThrow();
  });
});

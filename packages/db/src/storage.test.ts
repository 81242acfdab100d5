import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createLocalStorage, isValidStorageKey } from './storage';

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

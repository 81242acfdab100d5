import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photos and other uploaded files live. Keys are relative paths like `listings/<uuid>-card.webp`;
 * the database stores the URLs from `urlFor`. A local folder by default; object storage can implement the same.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deleting a file that does not exist is not an error. */
  delete(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key behind a URL this storage made, or null for any other URL. */
  keyFromUrl(url: string): string | null;
  /** Throws when the storage cannot be reached or written (the server's readiness check). */
  check(): Promise<void>;
}

/** The URL path under which the server serves the local storage folder. */
export const LOCAL_UPLOADS_URL_PREFIX = '/uploads/';

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are slash-separated names of letters, digits, dots, dashes and underscores; no `..`, no absolute paths. */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && !segment.includes('..'));
}

function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  const fileFor = (key: string): string => {
    assertValidKey(key);
    const file = path.resolve(root, key);
    // Belt and braces on top of the key pattern: the file must sit inside the root.
    if (!file.startsWith(root + path.sep))
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };

  return {
    async put(key, data) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees a half-written photo.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    urlFor(key) {
      assertValidKey(key);
      return `${LOCAL_UPLOADS_URL_PREFIX}${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith(LOCAL_UPLOADS_URL_PREFIX)) return null;
      const key = url.slice(LOCAL_UPLOADS_URL_PREFIX.length);
      return isValidStorageKey(key) ? key : null;
    },
    async check() {
      await access(root, constants.W_OK);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as the server sends it back. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  contentLength?: number;
  /** As an HTTP ETag header, quotes included. */
  etag?: string;
  lastModified?: Date;
}

/**
 * Where photos and other uploaded files live. Keys are relative paths like `listings/<uuid>-card.webp`;
 * the database stores the URLs from `urlFor`: `/uploads/<key>` on the app's own origin whichever backend
 * holds the bytes (a local folder by default, or an S3-compatible bucket; decision 057), and the server
 * serves them with `get`.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
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

export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The URL every backend gives a key: served by the app itself, so no bucket is ever public. */
export function uploadsUrlFor(key: string): string {
  assertValidKey(key);
  return `${LOCAL_UPLOADS_URL_PREFIX}${key}`;
}

export function keyFromUploadsUrl(url: string): string | null {
  if (!url.startsWith(LOCAL_UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(LOCAL_UPLOADS_URL_PREFIX.length);
  return isValidStorageKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** A file's type by its name, for a backend that keeps none (the local folder). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
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
    async get(key) {
      const file = fileFor(key);
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return null;
        return {
          body: createReadStream(file),
          contentType: contentTypeOf(key),
          contentLength: stats.size,
          // Files are never rewritten in place (a new photo gets a new key): size and time identify them.
          etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
          lastModified: stats.mtime,
        };
      } catch (error) {
        if (isMissingFileError(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    urlFor: uploadsUrlFor,
    keyFromUrl: keyFromUploadsUrl,
    async check() {
      await access(root, constants.W_OK);
    },
  };
}

function isMissingFileError(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...), from the S3_* variables. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the store's URL otherwise, e.g. http://127.0.0.1:9000. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name: MinIO and most self-hosted stores need it. */
  forcePathStyle: boolean;
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

/** A storage with its connections, closed when the process is done with it. */
export type OpenStorage = FileStorage & { close(): void };

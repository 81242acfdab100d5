import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

import type { AccountExportDocument, ExportedPhoto } from './account-export-document';
import type { ServerDeps } from './types';

/** The document's name inside the zip. */
export const EXPORT_DOCUMENT_NAME = 'yardsale-export.json';

/**
 * The zip's entries as they are made: the photos, read from storage one at a time, then the document,
 * which marks a photo the storage no longer has with `file: null`.
 */
export async function* zipEntries(
  deps: ServerDeps,
  document: AccountExportDocument,
  photos: ExportedPhoto[],
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  // fflate calls back synchronously: what it made is handed on after each push, so memory holds one chunk.
  function* made(): Generator<Uint8Array> {
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  const mtime = document.exportedAt;

  const missing = new Set<string>();
  for (const photo of photos) {
    const stored = await deps.storage.get(photo.key);
    if (!stored) {
      missing.add(photo.path);
      continue;
    }
    const entry = new ZipPassThrough(photo.path);
    entry.mtime = mtime;
    zip.add(entry);
    for await (const chunk of stored.body) {
      entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk)));
      yield* made();
    }
    entry.push(new Uint8Array(0), true);
    yield* made();
  }
  if (missing.size > 0) {
    deps.logger.warn(
      { missing: [...missing] },
      'photos missing from storage left out of an export',
    );
  }

  const json = new ZipDeflate(EXPORT_DOCUMENT_NAME, { level: 6 });
  json.mtime = mtime;
  zip.add(json);
  json.push(strToU8(JSON.stringify(withoutMissing(document, missing), null, 2)), true);
  zip.end();
  yield* made();
}

/** The document with `file: null` for the photos that could not be read. */
function withoutMissing(document: AccountExportDocument, missing: Set<string>) {
  if (missing.size === 0) return document;
  const present = (file: string | null) => (file && missing.has(file) ? null : file);
  return {
    ...document,
    profile: {
      ...document.profile,
      profilePictureFile: present(document.profile.profilePictureFile),
    },
    listings: document.listings.map((listing) => ({
      ...listing,
      images: listing.images.map((image) => ({ ...image, file: present(image.file) })),
    })),
  };
}

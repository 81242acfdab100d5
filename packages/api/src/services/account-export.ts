import { Readable } from 'node:stream';

import { zipEntries } from './account-export-archive';
import { readDocument } from './account-export-document';
import type { ExportedPhoto } from './account-export-document';
import type { ServerDeps } from './types';

export { EXPORT_DOCUMENT_NAME } from './account-export-archive';
export { EXPORTED_TABLES, TABLES_LEFT_OUT } from './account-export-tables';

/** The download's name, dated the day it was made (UTC). */
export function accountExportFileName(now: Date): string {
  return `yardsale-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The user's data as a zip, streamed: the photos first (each stored as is, being compressed already), then
 * yardsale-export.json, which marks a photo the storage no longer has with `file: null`. Every row is
 * read before the first byte is sent; only photo reads happen while streaming.
 */
export async function exportAccount(deps: ServerDeps, userId: number): Promise<Readable> {
  const photos: ExportedPhoto[] = [];
  const document = await deps.db.transaction((tx) => readDocument(tx, deps, userId, photos), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return Readable.from(zipEntries(deps, document, photos));
}

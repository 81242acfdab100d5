import type { FastifyInstance } from 'fastify';

import { isValidStorageKey } from '@yardsale/db';
import type { FileStorage } from '@yardsale/db';

/** Photo keys are random and a photo is never rewritten under its key, so browsers may keep it for good. */
const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function etagMatches(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * `/uploads/<key>` from whichever storage is configured (decision 057): the URLs the API hands out stay on
 * the app's origin, so any instance serves a photo another one stored, and the bucket stays private.
 */
export function registerUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (req, reply) => {
    const key = req.params['*'];
    // A malformed key never reaches the store: it names nothing that could be there.
    if (!isValidStorageKey(key)) return reply.callNotFound();
    const file = await storage.get(key);
    if (!file) return reply.callNotFound();

    reply.header('cache-control', UPLOADS_CACHE_CONTROL);
    // Photos are public and appear in mails (digests), which webmail shows from its own origin.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    const ifNoneMatch = req.headers['if-none-match'];
    if (file.etag && ifNoneMatch && etagMatches(ifNoneMatch, file.etag)) {
      file.body.destroy();
      return reply.code(304).send();
    }
    reply.type(file.contentType);
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    return reply.send(file.body);
  });
}

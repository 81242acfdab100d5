import { mkdir } from 'node:fs/promises';

import { createLocalStorage } from './storage';
import type { OpenStorage, StorageConfig } from './storage';

/**
 * The configured storage: the local folder (created if missing), or the bucket. The S3 client is loaded
 * only when a bucket is configured, so a local installation never pays for it.
 */
export async function openStorage(config: StorageConfig): Promise<OpenStorage> {
  if (config.kind === 'local') {
    await mkdir(config.dir, { recursive: true });
    return { ...createLocalStorage(config.dir), close: () => undefined };
  }
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config);
}

import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { ListObjectsV2Command } from '@aws-sdk/client-s3';

import { readDatabaseEnv } from '../env';
import { openStorage } from '../open-storage';
import { contentTypeOf, isValidStorageKey } from '../storage';
import { createS3Client } from '../storage-s3';

/*
 * Every photo of the bucket (S3_BUCKET) to a folder and back, for deploy/backup.sh and deploy/restore.sh:
 *
 *   pnpm --filter @yardsale/db photos:download <folder>   the bucket's objects as files, keys as paths
 *   pnpm --filter @yardsale/db photos:upload <folder>     the folder's files into the bucket
 *
 * Without S3_BUCKET photos are plain files in DATA_DIR/uploads, which the scripts copy themselves.
 */

// Enough requests in flight to hide the store's latency, few enough not to be throttled.
const CONCURRENCY = 8;

const [command, folderArgument] = process.argv.slice(2);
if ((command !== 'download' && command !== 'upload') || !folderArgument) {
  console.error('Usage: photos.ts download <folder> | photos.ts upload <folder>');
  process.exit(2);
}
const folder = path.resolve(folderArgument);

const env = readDatabaseEnv();
if (env.storage.kind !== 's3') {
  console.error(
    `S3_BUCKET is not set: photos are the files in ${env.uploadsDir}, copy that folder instead.`,
  );
  process.exit(2);
}
const config = env.storage;

/** A file's path for a key; keys the server never writes are refused rather than written anywhere. */
function fileFor(key: string): string {
  if (!isValidStorageKey(key)) {
    throw new Error(
      `The bucket holds ${JSON.stringify(key)}, not a photo key: is it shared with something else?`,
    );
  }
  return path.join(folder, ...key.split('/'));
}

async function eachAtMost<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

async function listKeys(): Promise<string[]> {
  const client = createS3Client(config);
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  } finally {
    client.destroy();
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const storage = await openStorage(config);
try {
  if (command === 'download') {
    const keys = await listKeys();
    // Checked before anything is written, so a refused bucket leaves no half backup behind.
    const files = keys.map((key) => ({ key, file: fileFor(key) }));
    await mkdir(folder, { recursive: true });
    await eachAtMost(files, async ({ key, file }) => {
      const stored = await storage.get(key);
      if (!stored) throw new Error(`${key} was listed but is gone: is the server still deleting?`);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(stored.body, createWriteStream(file));
    });
    console.log(`Downloaded ${files.length} photos from bucket ${config.bucket} to ${folder}.`);
  } else {
    const files = await filesUnder(folder);
    const keys = files.map((file) => file.split(path.sep).join('/'));
    const invalid = keys.filter((key) => !isValidStorageKey(key));
    if (invalid.length > 0) {
      throw new Error(`Not photo keys, nothing uploaded: ${invalid.slice(0, 5).join(', ')}`);
    }
    await eachAtMost(keys, async (key) => {
      const data = await readFile(path.join(folder, ...key.split('/')));
      await storage.put(key, data, contentTypeOf(key));
    });
    console.log(`Uploaded ${keys.length} photos from ${folder} to bucket ${config.bucket}.`);
  }
} finally {
  storage.close();
}

/**
 * A real S3-compatible server for tests (s3rver, in process, files in a temp folder), with its bucket made:
 *
 *   const s3 = await startS3Server({ bucket: 'photos' });
 *   const storage = createS3Storage(s3.config);   // or pass s3.env to a server process
 *   ...
 *   expect(await s3.listKeys()).toEqual([]);
 *   await s3.stop();
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

import type { S3StorageConfig } from '../src/storage';

export interface S3TestServer {
  /** E.g. http://127.0.0.1:41234 (path-style addressing). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What `createS3Storage` takes. */
  config: S3StorageConfig;
  /** The S3_* variables that point a server process or `pnpm db:seed` at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  listKeys(prefix?: string): Promise<string[]>;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

// s3rver accepts these fixed credentials and checks the signature made with them.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'yardsale-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'yardsale-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let endpoint: string;
  try {
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const config: S3StorageConfig = {
    bucket,
    region: REGION,
    endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });

  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async listKeys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

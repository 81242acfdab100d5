import { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import { assertValidKey, contentTypeOf, keyFromUploadsUrl, uploadsUrlFor } from './storage';
import type { OpenStorage, S3StorageConfig } from './storage';

/** A client for the configured store, set up as the server's own (also for the photos tool). */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores refuse or mangle the newer
    // default ones, and each put already carries its length and is signed.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that hangs must fail the upload, not hold it (and its request) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Photos in an S3-compatible bucket. URLs stay `/uploads/<key>` on the app's origin and the server reads
 * the objects back with `get` (decision 057): the bucket stays private and the same rows work on either
 * backend.
 */
export function createS3Storage(config: S3StorageConfig): OpenStorage {
  const client = createS3Client(config);
  const Bucket = config.bucket;

  return {
    async put(key, data, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) {
          throw new Error(`The photo store sent no readable body for ${JSON.stringify(key)}`);
        }
        return {
          body: object.Body,
          contentType: object.ContentType ?? contentTypeOf(key),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      // S3 answers a delete of a missing object with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    urlFor: uploadsUrlFor,
    keyFromUrl: keyFromUploadsUrl,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FilesConfig } from '../../../config';
import type { ObjectStore } from './settings';

/**
 * Files in an S3-compatible object store (PAYRAIL_FILE_STORE=s3), through the official AWS SDK.
 * lib-storage's Upload streams a multipart upload: it holds one part (5 MiB, the smallest S3
 * allows) at a time with queueSize 1, so an upload costs about one part of memory, not the file.
 * The object key is the file id; the row in `files` (same database as ever) stays the index, so
 * tenancy, quotas and links work as for PostgreSQL-kept files.
 */
export function createS3Store(c: FilesConfig['s3']): ObjectStore {
  const client = new S3Client({
    region: c.region,
    endpoint: c.endpoint,
    forcePathStyle: c.forcePathStyle,
    ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
  });
  const bucket = c.bucket!;
  return {
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: Readable.from(body) },
        partSize: 5 * 1024 * 1024,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return res.Body as Readable;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

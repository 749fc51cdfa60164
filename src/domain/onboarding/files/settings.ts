import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FilesConfig } from '../../../config';

/** An S3-compatible object store holding file bytes under a key (the file id). */
export interface ObjectStore {
  put(key: string, body: AsyncIterable<Buffer>): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Removes an object whose row did not commit (a quota refused at the end). */
  delete(key: string): Promise<void>;
}

/** What the file services read from the process (doors pass it from AppServices). */
export interface FileSettings {
  quotaBytes: number;
  quotaCount: number;
  linkTtlSeconds: number;
  /** HMAC key of download links. */
  linkKey: Buffer;
  /** undefined: the bytes live in PostgreSQL. */
  objectStore: ObjectStore | undefined;
}

export interface FileSettingsSource {
  config: { files: FilesConfig };
  signer: { key: Uint8Array };
}

const built = new WeakMap<object, FileSettings>();

/** Loaded on first use, so only processes configured for S3 load the AWS SDK. */
function s3Store(c: FilesConfig['s3']): ObjectStore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createS3Store } = require('./s3-store') as typeof import('./s3-store');
  return createS3Store(c);
}

/**
 * The link key is derived from the token signing key (PAYRAIL_JWT_SECRET, or the one generated
 * into the data directory), under its own label: every process of a deployment shares it, and a
 * download link can never pass for an access token or the reverse.
 */
export function fileSettings(src: FileSettingsSource): FileSettings {
  const cached = built.get(src);
  if (cached) return cached;
  const f = src.config.files;
  let objectStore: ObjectStore | undefined;
  if (f.store === 's3') objectStore = s3Store(f.s3);
  const settings: FileSettings = {
    quotaBytes: f.quotaBytes,
    quotaCount: f.quotaCount,
    linkTtlSeconds: f.linkTtlSeconds,
    linkKey: createHmac('sha256', Buffer.from(src.signer.key)).update('payrail file download links v1').digest(),
    objectStore,
  };
  built.set(src, settings);
  return settings;
}

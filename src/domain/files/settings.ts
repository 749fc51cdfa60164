import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FilesConfig } from '../../config';

/** An S3-compatible object store holding file bytes under a key (the file id). */
export interface ObjectStore {
  put(key: string, body: AsyncIterable<Buffer>): Promise<void>;
  get(key: string): Promise<Readable>;
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
let objectStoreFactory: ((c: FilesConfig['s3']) => ObjectStore) | undefined;

/** Set by the S3 module when it loads, so the AWS SDK is required only by processes that use it. */
export function registerObjectStoreFactory(f: (c: FilesConfig['s3']) => ObjectStore): void {
  objectStoreFactory = f;
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
  if (f.store === 's3') {
    if (!objectStoreFactory) throw new Error('PAYRAIL_FILE_STORE=s3 but the S3 store module was not loaded');
    objectStore = objectStoreFactory(f.s3);
  }
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

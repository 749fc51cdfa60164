import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kek } from './kek';

/**
 * What the KEK seals, each under a key derived from it for that purpose (HKDF-SHA256), so the KEK
 * itself serves no two jobs: data keys (`data-key/<purpose>`) and the sandbox credentials file.
 * `v1:<kek id>:<nonce>:<ciphertext>:<tag>` (base64url parts), AES-256-GCM, a fresh 96-bit nonce;
 * the associated data binds the value to its purpose, its subject and the KEK id, so a wrapped key
 * copied onto another key's row, or relabelled, does not open.
 */
export type KekPurpose = `data-key/${string}` | 'sandbox-credentials';

const VERSION = 'v1';

const derived = (kek: Buffer, purpose: KekPurpose): Buffer => Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), `payrail/kek/${purpose}/${VERSION}`, 32));
const aad = (purpose: KekPurpose, subject: string, kekId: string) => Buffer.from(`payrail/${purpose}/${VERSION}/${kekId}/${subject}`, 'utf8');

export class KekSealError extends Error {
  constructor(what: string) {
    super(`${what} does not open with the key-encryption key: the KEK that sealed it is not among the configured ones, or the value was changed`);
    this.name = 'KekSealError';
  }
}

export function sealWithKek(kek: Kek, purpose: KekPurpose, subject: string, plain: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derived(kek.key(kek.currentId)!, purpose), nonce);
  cipher.setAAD(aad(purpose, subject, kek.currentId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, kek.currentId, nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
}

/** The KEK id a sealed value names, without opening it. */
export function kekIdOf(value: string): string | undefined {
  const parts = value.split(':');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : undefined;
}

export function openWithKek(kek: Kek, purpose: KekPurpose, subject: string, value: string): Buffer {
  const parts = value.split(':');
  const what = `${purpose} ${subject}`;
  if (parts.length !== 5 || parts[0] !== VERSION) throw new KekSealError(what);
  const [, kekId, nonce, body, tag] = parts as [string, string, string, string, string];
  const key = kek.key(kekId);
  if (!key) throw new KekSealError(what);
  try {
    const decipher = createDecipheriv('aes-256-gcm', derived(key, purpose), Buffer.from(nonce, 'base64url'));
    decipher.setAAD(aad(purpose, subject, kekId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    throw new KekSealError(what);
  }
}

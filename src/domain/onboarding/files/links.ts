import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../platform/ids/ids';
import { fileErrors } from './errors';

/**
 * Download links (AF7): bearer URLs served by payrail itself. The signature covers the owning
 * account, the file id and the expiry, so a link made for account A cannot be edited into one for
 * B's file (or a later expiry) without the key.
 */
export const DOWNLOAD_PATH = '/api/v1/files/download';

export interface LinkClaims {
  accountId: string;
  fileId: string;
  /** Unix seconds. */
  expires: number;
}

const mac = (key: Buffer, c: LinkClaims): Buffer =>
  createHmac('sha256', key).update(`v1\n${c.accountId}\n${c.fileId}\n${c.expires}`).digest();

/** The path and query of a link (the door puts its origin in front). */
export function signLink(key: Buffer, c: LinkClaims): string {
  const q = new URLSearchParams({ account: c.accountId, expires: String(c.expires), signature: mac(key, c).toString('base64url') });
  return `${DOWNLOAD_PATH}/${c.fileId}?${q.toString()}`;
}

/** Verifies a link's parts; a bad signature is refused before the expiry is looked at. */
export function verifyLink(key: Buffer, now: Date, parts: { fileId: string; account?: string; expires?: string; signature?: string }): LinkClaims {
  const { fileId, account, expires, signature } = parts;
  if (!isUuid(fileId) || !account || !isUuid(account) || !expires || !/^\d{1,12}$/.test(expires) || !signature) {
    throw fileErrors.linkInvalid();
  }
  const claims: LinkClaims = { accountId: account, fileId, expires: Number(expires) };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, claims);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fileErrors.linkInvalid();
  if (now.getTime() >= claims.expires * 1000) throw fileErrors.linkExpired();
  return claims;
}

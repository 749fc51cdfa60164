import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sealErrors } from './errors';
import type { CardDataKeyring } from './keys';

/**
 * A sealed value: `v1:<keyId>:<nonce>:<ciphertext>:<tag>` (base64url parts). AES-256-GCM with a fresh
 * 96-bit nonce per value; the associated data binds the ciphertext to its card and key id, so a
 * ciphertext copied onto another card's row does not open.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What a sealed value is and whose it is, bound into the associated data: a value sealed for one
 * purpose or subject does not open for another. The PAN's purpose keeps its original text so values
 * sealed before other purposes existed still open.
 */
export type SealPurpose = 'card-data/pan' | 'webhooks/endpoint-secret' | 'auth-decisions/private-key' | 'terminals/pin-key';

const associatedData = (purpose: SealPurpose, keyId: string, subject: string) => Buffer.from(`payrail/${purpose}/${VERSION}/${keyId}/${subject}`, 'utf8');

export interface Sealed {
  keyId: string;
  value: string;
}

/** Seals any secret text payrail must read back later (PANs, webhook signing secrets, private keys). */
export function sealText(keys: CardDataKeyring, purpose: SealPurpose, subject: string, text: string): Sealed {
  const keyId = keys.currentKeyId;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.encryptionKey(keyId)!, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(purpose, keyId, subject));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return { keyId, value: [VERSION, keyId, nonce.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join(':') };
}

export const sealPan = (keys: CardDataKeyring, cardId: string, pan: string): Sealed => sealText(keys, 'card-data/pan', cardId, pan);

/** The key id a sealed value names, without opening it. */
export function sealedKeyId(value: string): string | undefined {
  const parts = value.split(':');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : undefined;
}

/** Opens a sealed PAN; any tampering (value, tag, card id, key id) or an unknown key throws `unreadable`. */
export const openPan = (keys: CardDataKeyring, cardId: string, value: string): string => openText(keys, 'card-data/pan', cardId, value);

/** Opens a sealed value of `purpose` and `subject`; tampering or an unknown key throws `unreadable`. */
export function openText(keys: CardDataKeyring, purpose: SealPurpose, subject: string, value: string): string {
  const parts = value.split(':');
  if (parts.length !== 5 || parts[0] !== VERSION) throw sealErrors.unreadable();
  const [, keyId, nonceText, ciphertextText, tagText] = parts as [string, string, string, string, string];
  const key = keys.encryptionKey(keyId);
  const nonce = Buffer.from(nonceText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (!key || nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) throw sealErrors.unreadable();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(purpose, keyId, subject));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw sealErrors.unreadable();
  }
}

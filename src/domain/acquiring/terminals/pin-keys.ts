import { createCipheriv, randomBytes } from 'node:crypto';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import { openText, sealText } from '../../../platform/sealing/seal';

/**
 * A terminal's PIN key: 16 random bytes (a double-length working key), issued by payrail as the
 * acquirer's host security module would (simulated). It is kept only sealed with the platform's
 * data keys (card-data/seal.ts, its own purpose and the terminal's row as subject), and leaves only
 * wrapped in the key the caller sends (`prv_key`).
 */
const PIN_KEY_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A fresh PIN key, as its 32 upper-case hex characters. */
export const newPinKey = (): string => randomBytes(PIN_KEY_BYTES).toString('hex').toUpperCase();

export const sealPinKey = (keys: CardDataKeyring, terminalRowId: string, pinKey: string): string =>
  sealText(keys, 'terminals/pin-key', terminalRowId, pinKey).value;

export const openPinKey = (keys: CardDataKeyring, terminalRowId: string, sealed: string): string => openText(keys, 'terminals/pin-key', terminalRowId, sealed);

/**
 * `encrypt_pin_key`: the PIN key's hex text encrypted with AES-GCM under the caller's `prv_key`
 * (hex; 16, 24 or 32 bytes: AES-128, -192 or -256), written base64(nonce(12) || ciphertext || tag(16)).
 * The caller decrypts it with the key it sent.
 */
export function wrapPinKey(pinKey: string, prvKeyHex: string): string {
  const key = Buffer.from(prvKeyHex, 'hex');
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(pinKey, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64');
}

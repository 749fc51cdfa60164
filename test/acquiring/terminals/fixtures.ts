import { createDecipheriv, randomBytes } from 'node:crypto';
import type { Client, Json } from '../../support/client';

export const registerBody = (extra: Json = {}) => ({ firm_code: '03', firm_sn: `TG676SX${randomBytes(4).toString('hex').toUpperCase()}`, terminal_model: 'P1000', ...extra });

/** An AES key as the caller makes one for get_pin_key: hex, 64 characters (AES-256) unless told. */
export const prvKey = (bytes = 32): string => randomBytes(bytes).toString('hex');

export async function registered(c: Client, extra: Json = {}): Promise<Json> {
  const res = await c.post('/v2/terminal/register', registerBody(extra));
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** What the caller does with encrypt_pin_key: AES-GCM under its own key, nonce(12) || ciphertext || tag(16). */
export function unwrapPinKey(encryptPinKey: string, prvKeyHex: string): string {
  const raw = Buffer.from(encryptPinKey, 'base64');
  const key = Buffer.from(prvKeyHex, 'hex');
  const decipher = createDecipheriv(`aes-${key.length * 8}-gcm` as 'aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

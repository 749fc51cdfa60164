import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../platform/db/client';
import { readPaymentKey } from './store';

/**
 * The acquiring area's key: a random value the migration writes into `payment_keys`, so every
 * process on one database shares it and nothing needs configuring. It keys the card fingerprint,
 * the client_secret and the 3-D Secure page links; none of these can be made without it.
 */
const keys = new WeakMap<Database, Promise<Buffer>>();

export function paymentKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readPaymentKey(db).then((row) => {
      if (!row) throw new Error('payment_keys holds no key: are the migrations applied?');
      return Buffer.from(row.key, 'utf8');
    });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export const keyed = (key: Buffer, purpose: string, value: string): string =>
  createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('base64url');

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

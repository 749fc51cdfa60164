import { createHmac, randomInt } from 'node:crypto';
import { cardDataErrors } from './errors';

/** A source of uniformly random decimal digits; node:crypto's CSPRNG unless a test supplies one. */
export type DigitSource = (count: number) => string;

export const randomDigits: DigitSource = (count) => {
  let out = '';
  // randomInt draws without modulo bias (it rejects out-of-range samples itself).
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
};

/** The Luhn (mod 10) check digit that completes `body`. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  // Doubling starts at the rightmost digit of the body: it sits left of the check digit.
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = body.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(pan: string): boolean {
  return /^\d{2,}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

export const DEFAULT_PAN_LENGTH = 16;

/** BIN (6 or 8 digits) + random account digits + Luhn check digit. Uniqueness is the store's job. */
export function generatePan(bin: string, length: number = DEFAULT_PAN_LENGTH, digits: DigitSource = randomDigits): string {
  // At least 6 random digits, so a BIN has room for a million cards before clashes dominate.
  if (!/^(\d{6}|\d{8})$/.test(bin) || !Number.isInteger(length) || length < bin.length + 7 || length > 19) {
    throw cardDataErrors.invalidBin();
  }
  const body = bin + digits(length - bin.length - 1);
  return body + luhnCheckDigit(body);
}

/**
 * The keyed hash stored in the unique column: equal PANs give equal hashes, so uniqueness is checked
 * without decrypting, and without the key the hash cannot be brute-forced from the small PAN space.
 */
export function panLookupHash(key: Buffer, pan: string): string {
  return createHmac('sha256', key).update(pan, 'utf8').digest('hex');
}

/** First 6 and last 4 digits with the middle starred: the payments area's card_number form. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}${'*'.repeat(Math.max(pan.length - 10, 0))}${pan.slice(-4)}`;
}

import { createHmac } from 'node:crypto';
import { cardDataErrors } from './errors';

/**
 * The CVV is never stored: it is derived when shown, HMAC-SHA256(cvvKey, "<PAN>|<MMYY>"), so it is
 * stable for a card and unrelated across cards.
 *
 * Reduction to 3 digits without modulo bias: the digest is read as 16 big-endian 16-bit numbers;
 * the first one below 65,000 (the largest multiple of 1,000 not above 65,536) gives `n % 1000`, so
 * each of the 1,000 values is equally likely. All 16 are rejected with probability (536/65536)^16,
 * about 1e-33; then a counter is appended and the HMAC repeated.
 */
export function deriveCvv(cvvKey: Buffer, pan: string, expiryMmyy: string): string {
  if (!/^(0[1-9]|1[0-2])\d\d$/.test(expiryMmyy)) throw cardDataErrors.invalidExpiry();
  for (let round = 0; ; round++) {
    const digest = createHmac('sha256', cvvKey).update(`${pan}|${expiryMmyy}${round === 0 ? '' : `|${round}`}`, 'utf8').digest();
    for (let i = 0; i < digest.length; i += 2) {
      const n = digest.readUInt16BE(i);
      if (n < 65_000) return String(n % 1000).padStart(3, '0');
    }
  }
}

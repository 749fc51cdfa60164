import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The activation code of a physical card (CI10, CI11) is never stored: like the CVV it is derived
 * when needed, HMAC-SHA256(activationKey, "<card id>"), read as 8 decimal digits without modulo bias
 * (the first 32-bit word of the digest below 4,200,000,000, a multiple of 10^8). activationKey is
 * HMAC-SHA256(cvvKey, a label), so the CVV key itself serves one job only. The sandbox hands the
 * code to the caller in the assign answer, as a mailer would with the plastic.
 */
const LIMIT = 4_200_000_000;
const activationKey = (cvvKey: Buffer) => createHmac('sha256', cvvKey).update('payrail card activation code key', 'utf8').digest();

export function deriveActivationCode(cvvKey: Buffer, cardId: string): string {
  const key = activationKey(cvvKey);
  for (let round = 0; ; round++) {
    const digest = createHmac('sha256', key).update(`${cardId}${round === 0 ? '' : `|${round}`}`, 'utf8').digest();
    for (let i = 0; i + 4 <= digest.length; i += 4) {
      const n = digest.readUInt32BE(i);
      if (n < LIMIT) return String(n % 100_000_000).padStart(8, '0');
    }
  }
}

export function activationCodeMatches(cvvKey: Buffer, cardId: string, given: string): boolean {
  const expected = Buffer.from(deriveActivationCode(cvvKey, cardId), 'utf8');
  const got = Buffer.from(given, 'utf8');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

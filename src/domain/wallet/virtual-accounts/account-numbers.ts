import type { NumberFormat } from './banks';

/**
 * Account numbers are where money is received, so one number must never name two accounts,
 * anywhere on the platform. Rather than a platform-wide unique index (every unique constraint
 * carries account_id, DESIGN "Data"), each number is derived from a value of one database
 * sequence, which never repeats:
 *
 * - `digits` (most currencies): "88" + a 10-digit body, 12 digits;
 * - `uk` (GBP): an 8-digit body, the length UK account numbers have (the sort code is separate);
 * - `iban` (EUR, CHF): the country's IBAN around the bank part and the 10-digit body.
 *
 * A body is the sequence value under a fixed permutation of its width's number space, so numbers
 * look unrelated while two values never share a body. Formats of one length share one body width,
 * and formats of different lengths or leading letters cannot meet, so the whole number is unique.
 */

// Multiplying by a number coprime to 10 permutes the residues modulo any power of 10.
const MULTIPLIER = 7_654_321n;
const OFFSET = 1_234_567n;

function body(sequenceValue: bigint, width: number): string {
  const space = 10n ** BigInt(width);
  if (sequenceValue < 0n || sequenceValue >= space) {
    throw new Error(`virtual account number space of width ${width} exhausted at ${sequenceValue}`);
  }
  return ((sequenceValue * MULTIPLIER + OFFSET) % space).toString().padStart(width, '0');
}

/** ISO 13616 check digits of an IBAN whose BBAN is `bban`. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`;
  let rest = 0;
  for (const ch of rearranged) {
    const digitsOfCh = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digitsOfCh) rest = (rest * 10 + Number(d)) % 97;
  }
  return String(98 - rest).padStart(2, '0');
}

export function accountNumberFor(format: NumberFormat, sequenceValue: bigint): string {
  switch (format.kind) {
    case 'digits':
      return `88${body(sequenceValue, 10)}`;
    case 'uk':
      return body(sequenceValue, 8);
    case 'iban': {
      // DE: 8-digit bank code + 10-digit account; CH: 5-digit bank code + 12-character account.
      const account = format.country === 'CH' ? `00${body(sequenceValue, 10)}` : body(sequenceValue, 10);
      const bban = `${format.bankPart}${account}`;
      return `${format.country}${ibanCheckDigits(format.country, bban)}${bban}`;
    }
  }
}

/**
 * Some wire amounts are JSON numbers (spec §2 conventions), and a client reading JSON into a double
 * keeps 15 significant digits for certain (IEEE 754: any decimal of 15 significant digits survives
 * the round trip; 16 or more may not). payrail keeps money exact on both sides of that edge:
 *  - in: a numeral with more digits is kept as its text (JsonNumeral) instead of being rounded
 *    by the parser, so the amount schemas can refuse it rather than act on another amount;
 *  - out: an amount with more digits is written as a raw numeral with all its digits.
 */

/** Significant digits a JSON number carries exactly through a double. */
export const MAX_EXACT_JSON_DIGITS = 15;

let serialised = 0;

/**
 * How many JsonNumerals JSON.stringify has serialised in this process so far: a writer compares the
 * count before and after its own call to learn whether the value held one, without a replacer
 * function (which JSON.stringify would call for every member of every answer).
 */
export const numeralsSerialised = (): number => serialised;

/** A JSON numeral kept as written, for the digits a double would lose. */
export class JsonNumeral {
  constructor(readonly text: string) {}

  /** Where something serialises it without knowing it (a log line), it reads as the number it approximates. */
  toJSON(): number {
    serialised++;
    return Number(this.text);
  }
}

/**
 * Significant digits of a JSON numeral or a plain decimal ("-0012.3400e5" has 4): the mantissa's
 * digits without leading and trailing zeros.
 */
export function significantDigits(numeral: string): number {
  // Index arithmetic, not patterns: a numeral comes from a request body, and a trailing-zeros pattern
  // retried from every zero of a long run of zeros costs the square of its length.
  let start = numeral.startsWith('+') || numeral.startsWith('-') ? 1 : 0;
  const e = numeral.search(/[eE]/);
  let end = e === -1 ? numeral.length : e;
  const isZeroOrPoint = (i: number) => numeral[i] === '0' || numeral[i] === '.';
  while (start < end && isZeroOrPoint(start)) start++;
  while (end > start && isZeroOrPoint(end - 1)) end--;
  const point = numeral.indexOf('.', start);
  return end - start - (point !== -1 && point < end ? 1 : 0);
}

/** True when a double holds this numeral's value exactly as written (up to its trailing zeros). */
export const carriesExactly = (numeral: string): boolean => significantDigits(numeral) <= MAX_EXACT_JSON_DIGITS;

/** The JSON value of a decimal text: a number when a double carries it, else the raw numeral. */
export const jsonNumberOf = (decimal: string): number | JsonNumeral =>
  carriesExactly(decimal) ? Number(decimal) : new JsonNumeral(decimal);

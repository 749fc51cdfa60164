import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { platformErrors } from '../platform/errors/platform-errors';
import { carriesExactly, JsonNumeral, numeralsSerialised } from '../platform/money/json-numeral';

/**
 * JSON in and out of the HTTP doors. JSON.parse and JSON.stringify do the work; the lossless
 * parser and the exact writer step in only where a numeral has more digits than a double keeps
 * (see domain/money/json-numeral.ts), so ordinary traffic pays nothing for them.
 */

/** Deepest nesting a request body may have: payrail's deepest body is five levels. */
export const MAX_BODY_DEPTH = 32;

/** A run of 16 digits (a decimal point may sit among them): the only way to write 16 significant digits. */
const MAYBE_LONG_NUMERAL = /[0-9.]{16,}/;

/** Nesting depth of JSON text beyond `max`, counted on the text so that no parser recurses into it. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const keepLongNumerals = (numeral: string): number | JsonNumeral =>
  carriesExactly(numeral) ? Number(numeral) : new JsonNumeral(numeral);

/**
 * A request body: undefined for an empty one, malformed JSON and bodies nested deeper than
 * MAX_BODY_DEPTH refused. With `exactNumerals`, numerals a double would round come back as
 * JsonNumeral; repeated keys keep the last value, as JSON.parse does.
 */
export function parseJsonBody(text: string, opts: { exactNumerals: boolean }): unknown {
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw platformErrors.bodyTooDeep(MAX_BODY_DEPTH);
  try {
    if (opts.exactNumerals && MAYBE_LONG_NUMERAL.test(text)) {
      return parseLossless(text, null, { parseNumber: keepLongNumerals, onDuplicateKey: ({ newValue }) => newValue });
    }
    return JSON.parse(text) as unknown;
  } catch {
    throw platformErrors.malformedJson();
  }
}

const EXACT = [{ test: (v: unknown) => v instanceof JsonNumeral, stringify: (v: unknown) => (v as JsonNumeral).text }];

/** A response body; amounts presented as JsonNumeral are written with all their digits. */
export function toJsonText(body: unknown): string {
  // A JsonNumeral's toJSON counts itself (and answers a rounded number): when the count moved, the
  // body is written again by the exact writer. JSON.stringify is synchronous, so the count is ours.
  const before = numeralsSerialised();
  const text = JSON.stringify(body);
  return numeralsSerialised() !== before ? (stringifyLossless(body, undefined, undefined, EXACT) ?? 'null') : text;
}

import { z } from 'zod';
import { JsonNumeral } from '../../platform/money/json-numeral';

/**
 * Building blocks of the wire schemas the REST presenters are typed by. The same schemas describe
 * the answers in the OpenAPI document and are checked against real answers in the tests.
 */
export const uuid = z.string().uuid();
export const dateTime = z.string().describe('RFC 3339 date-time with offset');
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('YYYY-MM-DD');
/** Payment, refund, settlement and payout amounts are decimal strings (spec 2 conventions). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/).describe('decimal amount as a string');
export const currency = z.string().regex(/^[A-Z]{3}$/).describe('ISO 4217 code');
/**
 * An amount the wire types as a JSON number (issuing amounts, FX amounts): a number, or a
 * JsonNumeral the REST door writes with all its digits (rest-compat/json.ts).
 */
export const jsonNumber = z
  .custom<number | JsonNumeral>((v) => (typeof v === 'number' && Number.isFinite(v)) || v instanceof JsonNumeral, { message: 'must be a JSON number' })
  .meta({ type: 'number' });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** The ISO form of a time on the wire (RFC 3339, UTC). */
export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

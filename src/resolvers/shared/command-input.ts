import { isDomainError } from '../../platform/errors/domain-error';
import { graphqlNamer } from '../../platform/errors/field-names';
import { camelCase } from '../../platform/names';
import { jsonNumberOf } from '../../platform/money/json-numeral';

/**
 * A GraphQL input as a domain command reads it, together with the way back: errors the domain
 * reports on a domain path are shown in the names the GraphQL client wrote, in this one place.
 */
export interface CommandInput {
  /** The input as the command reads it: absent and null members dropped, DateTimes as RFC 3339 strings. */
  value: Record<string, unknown>;
  /** The GraphQL name of a domain path (the same but where `commandInput`'s `names` say otherwise). */
  nameOf(path: string): string;
}

/** The same error, naming fields as GraphQL does, in `field` and wherever its texts name one. */
export function inGraphQLNames(error: unknown, naming: Pick<CommandInput, 'nameOf'>): unknown {
  return isDomainError(error) ? error.renamed(naming.nameOf) : error;
}

export interface CommandOptions {
  /** Top-level domain names whose GraphQL name differs. */
  names?: Record<string, string>;
  /** Keep explicit nulls (an update clears an optional field with null); otherwise null is "not sent". */
  keepNull?: boolean;
  /**
   * Members (at any depth) whose Decimal the domain reads as a JSON number, as the REST door's
   * JSON parser hands it over: a number when a double carries every digit, else the exact numeral
   * (which the domain refuses as too precise). GraphQL takes them as Decimal strings, never Float,
   * so no digit is lost on the way in.
   */
  jsonNumbers?: readonly string[];
}

function plain(value: unknown, keepNull: boolean, jsonNumbers: ReadonlySet<string>): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plain(v, keepNull, jsonNumbers));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || (v === null && !keepNull)) continue;
      out[k] = typeof v === 'string' && jsonNumbers.has(k) ? jsonNumberOf(v) : plain(v, keepNull, jsonNumbers);
    }
    return out;
  }
  return value;
}

/**
 * A GraphQL input handed to a domain command that reads the domain's own names: the input as it
 * is (absent and null members dropped, DateTimes as RFC 3339 text the domain parses), and errors
 * naming domain fields in GraphQL's names.
 */
export function commandInput(input: object | null | undefined, opts: CommandOptions = {}): CommandInput {
  const names = opts.names ?? {};
  const graphqlName = new Map(Object.entries(names));
  const value = plain(input ?? {}, opts.keepNull ?? false, new Set(opts.jsonNumbers ?? [])) as Record<string, unknown>;
  return { value, nameOf: graphqlNamer(Object.fromEntries(graphqlName)) };
}


function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelCase(k), camelKeys(v)]));
}

/**
 * A JSON object argument (a whole REST body given as `JSONObject`) handed to a domain command:
 * its members are read in camelCase at every depth, and a member written as the REST body writes
 * it (`front_file_id`) is read as its camelCase (`frontFileId`), as GraphQL clients have sent both.
 */
export function jsonCommandInput(input: object | null | undefined): CommandInput {
  return commandInput(camelKeys(input ?? {}) as object);
}

import { isDomainError } from '../../platform/errors/domain-error';
import { graphqlNamer } from '../../platform/errors/field-names';

/**
 * GraphQL inputs are camelCase; the domain's schemas speak the REST wire names (snake_case), so one
 * set of rules and messages serves both doors. A WireInput is a GraphQL input turned into wire
 * names, together with the way back: errors the domain reports on a wire path are renamed to the
 * field the GraphQL client wrote (`sell_amount` -> `sellAmount`), in this one place.
 */
export interface WireInput {
  /** The input in wire names: absent and null members dropped, DateTimes as RFC 3339 strings. */
  value: Record<string, unknown>;
  /** The GraphQL name of a wire path (`documentation[0].file_id` -> `documentation[0].fileId`). */
  nameOf(wirePath: string): string;
}

const toSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamel = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function convert(value: unknown, keepNull: boolean): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => convert(v, keepNull));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || (v === null && !keepNull)) continue;
      out[toSnake(k)] = convert(v, keepNull);
    }
    return out;
  }
  return value;
}

export interface WireOptions {
  /** Top-level GraphQL names whose wire name is not the mechanical snake_case (`status` -> `payout_status`). */
  rename?: Record<string, string>;
  /** Top-level members whose wire value differs from the GraphQL one (a Boolean sent as "Y"/"N"). */
  values?: Record<string, (value: unknown) => unknown>;
  /** Keep explicit nulls (an update clears an optional field with null); otherwise null is "not sent". */
  keepNull?: boolean;
}

/** Turns a GraphQL input object (or undefined) into its wire form and naming. */
export function wireInput(input: object | null | undefined, opts: WireOptions = {}): WireInput {
  const rename = opts.rename ?? {};
  const back = new Map(Object.entries(rename).map(([graphql, wire]) => [wire, graphql]));
  const value: Record<string, unknown> = {};
  const keepNull = opts.keepNull ?? false;
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v === undefined || (v === null && !keepNull)) continue;
    const own = opts.values?.[k];
    value[rename[k] ?? toSnake(k)] = own && v !== null ? own(v) : convert(v, keepNull);
  }
  return {
    value,
    nameOf(wirePath) {
      return wirePath
        .split('.')
        .map((segment, i) => {
          // `documentation[0]`: the name, then its indexes as they are.
          const cut = segment.indexOf('[');
          const [wire, indexes] = cut === -1 ? [segment, ''] : [segment.slice(0, cut), segment.slice(cut)];
          return (i === 0 ? (back.get(wire) ?? toCamel(wire)) : toCamel(wire)) + indexes;
        })
        .join('.');
    },
  };
}

/** The same error, naming fields as GraphQL does, in `field` and wherever its texts name one. */
export function inGraphQLNames(error: unknown, naming: Pick<WireInput, 'nameOf'>): unknown {
  return isDomainError(error) ? error.renamed(naming.nameOf) : error;
}

export interface CommandOptions {
  /** Top-level domain names whose GraphQL name differs. */
  names?: Record<string, string>;
  /** Keep explicit nulls (an update clears an optional field with null); otherwise null is "not sent". */
  keepNull?: boolean;
}

function plain(value: unknown, keepNull: boolean): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plain(v, keepNull));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || (v === null && !keepNull)) continue;
      out[k] = plain(v, keepNull);
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
export function commandInput(input: object | null | undefined, opts: CommandOptions = {}): WireInput {
  const names = opts.names ?? {};
  const graphqlName = new Map(Object.entries(names));
  const value = plain(input ?? {}, opts.keepNull ?? false) as Record<string, unknown>;
  return { value, nameOf: graphqlNamer(Object.fromEntries(graphqlName)) };
}

const camelKey = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelKey(k), camelKeys(v)]));
}

/**
 * A JSON object argument (a whole REST body given as `JSONObject`) handed to a domain command:
 * its members are read in camelCase at every depth, and a member written as the REST body writes
 * it (`front_file_id`) is read as its camelCase (`frontFileId`), as GraphQL clients have sent both.
 */
export function jsonCommandInput(input: object | null | undefined): WireInput {
  return commandInput(camelKeys(input ?? {}) as object);
}

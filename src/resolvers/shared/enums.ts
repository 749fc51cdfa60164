import { registerEnumType } from 'type-graphql';

/**
 * The GraphQL name of a domain value: SCREAMING_CASE, as GraphQL enum values are by convention
 * (`Invalid` is INVALID, `pre_authorization` is PRE_AUTHORIZATION, `enforce3ds` is ENFORCE3DS,
 * `bankCode` is BANK_CODE).
 */
export const screamingCase = (v: string): string =>
  v
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    // Split on runs of other characters (linear), dropping the empty ends a leading or trailing run leaves.
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .join('_')
    .toUpperCase();

const GRAPHQL_NAME = /^[A-Z_][A-Z0-9_]*$/;

/**
 * A GraphQL enum's values over a domain value set: each named by the SCREAMING_CASE of the domain
 * string and standing for that string, so resolvers read and answer the domain's own values while
 * the schema shows the convention. Two values that would share a name, or one that makes no
 * GraphQL name, are a mistake found when the schema is built, not a value silently lost.
 */
export function enumOf<T extends string>(values: readonly T[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const v of values) {
    const name = screamingCase(v);
    if (!GRAPHQL_NAME.test(name)) throw new Error(`enum value '${v}' makes no GraphQL name ('${name}')`);
    if (name in out) throw new Error(`enum values '${out[name]}' and '${v}' are both ${name}`);
    out[name] = v;
  }
  return out;
}

/**
 * The GraphQL enum `name` over a domain value set (the area's `as const` array): the schema and the
 * domain rule are written once. Values are SCREAMING_CASE; each resolves to the domain's string.
 */
export function enumFrom<T extends string>(name: string, values: readonly T[], description?: string): Record<string, T> {
  const e = enumOf(values);
  registerEnumType(e, description === undefined ? { name } : { name, description });
  return e;
}

/**
 * The API's Y/N flags (the REST wire's and the domain's) as GraphQL Booleans: true is 'Y'. Absent
 * and null stay absent, so a command keeps telling "not sent" from "N".
 */
export const yesNoOf = (flag: boolean | null | undefined): 'Y' | 'N' | undefined => (flag == null ? undefined : flag ? 'Y' : 'N');
/** A stored Y/N flag as a GraphQL Boolean (null when there is none). */
export const booleanOf = (flag: string | null | undefined): boolean | null => (flag == null ? null : flag === 'Y');

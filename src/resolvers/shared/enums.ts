import { registerEnumType } from 'type-graphql';

/** A GraphQL enum built from a domain value set, so the two never disagree. */
export const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

/**
 * The GraphQL enum `name` over a domain value set (the area's `as const` array): the schema and the
 * domain rule are written once. Each value is the domain's own string, so answers stay the same
 * JSON a String field gave.
 */
export function enumFrom<T extends string>(name: string, values: readonly T[], description?: string): { [K in T]: K } {
  const e = enumOf(values);
  registerEnumType(e, description === undefined ? { name } : { name, description });
  return e;
}

/** A GraphQL enum built from a domain value set, so the two never disagree. */
export const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

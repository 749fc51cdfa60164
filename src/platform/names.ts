/**
 * The two spellings of a name: the domain's camelCase and the wire's and the database's snake_case
 * (`payoutCurrency` / `payout_currency`). A digit is not split (`enable3ds` has its wire name
 * given where it is used: `enable_3ds`).
 */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

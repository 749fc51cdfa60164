import type { DomainError, Family } from './domain-error';

/**
 * Every DomainError payrail can raise is declared in a group: an area's errors.ts, or one of the
 * shared groups (platform, idempotency, validation, ledger) that any route may raise. A group
 * names the families it is rendered in; a group rendered in the card-issuance family must give each
 * error its envelope A type/code or envelope B (spec 7.2). `test/unit/error-catalogue.test.ts`
 * walks every group and proves it, so the renderer never needs a fallback.
 */
export type ErrorScope = Family | 'every';

// The factories take whatever their messages need (a field name, a currency); the catalogue test
// calls each with placeholder strings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ErrorFactories = Record<string, (...args: any[]) => DomainError>;

export interface ErrorGroup {
  name: string;
  scope: ErrorScope;
  factories: ErrorFactories;
}

const groups: ErrorGroup[] = [];

export function defineErrors<F extends ErrorFactories>(name: string, scope: ErrorScope, factories: F): F {
  groups.push({ name, scope, factories });
  return factories;
}

export const errorGroups = (): readonly ErrorGroup[] => groups;

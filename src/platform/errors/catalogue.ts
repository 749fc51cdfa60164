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

/**
 * Declares a group. Each error its factories build carries the group's name (`DomainError.group`),
 * so a door finds the envelope the group's area declares for its code (two areas may use one code).
 */
export function defineErrors<F extends ErrorFactories>(name: string, scope: ErrorScope, factories: F): F {
  const stamped = Object.fromEntries(
    Object.entries(factories).map(([key, factory]) => {
      const build = (...args: unknown[]) => factory(...args).inGroup(name);
      // The catalogue test calls each factory with as many placeholders as it declares.
      return [key, Object.defineProperty(build, 'length', { value: factory.length })];
    }),
  ) as F;
  groups.push({ name, scope, factories: stamped });
  groupNames.set(stamped, name);
  return stamped;
}

const groupNames = new WeakMap<ErrorFactories, string>();

/** The name a group of factories was declared under. */
export function groupNameOf(factories: ErrorFactories): string {
  const name = groupNames.get(factories);
  if (name === undefined) throw new Error('not a declared error group (defineErrors)');
  return name;
}

export const errorGroups = (): readonly ErrorGroup[] => groups;

/** The codes an area's errors carry: the union its REST envelope table must cover. */
export type ErrorCodeOf<F extends ErrorFactories> = ReturnType<F[keyof F]> extends DomainError<infer C> ? C : never;

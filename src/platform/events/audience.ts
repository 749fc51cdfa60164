import type { RequestContext } from '../context';
import type { EventType } from './catalogue';

/**
 * Who sees an event pushed out of payrail (live subscriptions; the same rule as webhook endpoints):
 * the account it belongs to, and — when a master acts for itself — the master of that account too,
 * so a platform watches its whole tree from one place. A master acting on behalf of sub-account B
 * sees B's events only, exactly as its queries see B's data only.
 */
export interface EventAudience {
  accountId: string;
  includeSubAccounts: boolean;
  /** Only these event types (all when undefined). */
  types?: ReadonlySet<EventType>;
}

export function audienceOf(ctx: RequestContext, types?: readonly EventType[]): EventAudience {
  return {
    accountId: ctx.acting.id,
    // A master acting for itself (no x-on-behalf-of). A sub-account's own key has no sub-accounts.
    includeSubAccounts: ctx.acting.id === ctx.principal.accountId && ctx.acting.parentId === null,
    types: types && types.length > 0 ? new Set(types) : undefined,
  };
}

/** Does `event` (of an account whose parent is `parentId`) reach this audience? */
export function reaches(audience: EventAudience, event: { accountId: string; eventType: EventType }, parentId: string | null): boolean {
  if (audience.types && !audience.types.has(event.eventType)) return false;
  if (event.accountId === audience.accountId) return true;
  return audience.includeSubAccounts && parentId === audience.accountId;
}

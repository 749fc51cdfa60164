import type { ActingAccount, Principal, RequestContext, ServiceDeps } from '../context';
import type { Clock } from '../clock/clock';
import { commitOf, type Commit } from '../writes/commit';

const frozen = (at: Date): Clock => ({ now: () => new Date(at.getTime()) });

/** The acting account's clock: its tree's test clock (read with the key, no extra query), else real time. */
function clockOf(deps: ServiceDeps, principal: Principal, acting: ActingAccount): Clock {
  return acting.isSandbox && principal.treeFrozenTime ? frozen(principal.treeFrozenTime) : deps.clock;
}

/** Both doors build the per-request context the same way: principal, acting account, its clock. */
export function buildRequestContext(
  deps: ServiceDeps,
  principal: Principal,
  acting: ActingAccount,
  requestId: string,
): RequestContext {
  return {
    db: deps.db,
    clock: clockOf(deps, principal, acting),
    processClock: deps.clock,
    requestId,
    principal,
    acting,
    // A method, so that a context spread with a unit or a transaction commits into them.
    commit: function (this: RequestContext, mode: Parameters<typeof commitOf>[1], locking?: Parameters<typeof commitOf>[2]) {
      return commitOf(this, mode, locking);
    } as Commit,
  };
}

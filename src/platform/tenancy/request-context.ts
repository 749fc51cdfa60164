import type { ActingAccount, Principal, RequestContext, ServiceDeps } from '../context';
import type { Clock } from '../clock/clock';

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
  };
}

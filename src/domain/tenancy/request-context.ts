import type { ActingAccount, Principal, RequestContext, ServiceDeps } from '../context';
import { clockForAccount } from '../clock/test-clocks';

/** Both doors build the per-request context the same way: principal, acting account, its clock. */
export async function buildRequestContext(
  deps: ServiceDeps,
  principal: Principal,
  acting: ActingAccount,
  requestId: string,
): Promise<RequestContext> {
  return {
    db: deps.db,
    clock: await clockForAccount(deps, acting),
    processClock: deps.clock,
    requestId,
    principal,
    acting,
  };
}

import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import type { ApplicationStatus, ResultStatus } from './rules';

/** One payment method's outcome, as stored (the bank details are the application's virtual accounts). */
export interface ApplicationResult {
  payment_method: VirtualAccountPaymentMethod;
  status: ResultStatus;
  /** Why the method was skipped or failed; null otherwise. */
  error: { code: string; message: string } | null;
}

/**
 * An application's status from its results:
 *
 * | results                                   | application          |
 * |-------------------------------------------|----------------------|
 * | any SUBMITTED                             | SUBMITTED            |
 * | some COMPLETED, some FAILED               | PARTIALLY_COMPLETED  |
 * | some COMPLETED, none FAILED               | COMPLETED            |
 * | none COMPLETED, some CLOSED               | CLOSED               |
 * | none COMPLETED or CLOSED (FAILED/SKIPPED) | FAILED               |
 *
 * A SKIPPED method (not available, or already open) never made an account, so it counts for nothing.
 */
export function applicationStatusOf(results: readonly ApplicationResult[]): ApplicationStatus {
  const has = (s: ResultStatus) => results.some((r) => r.status === s);
  if (has('SUBMITTED')) return 'SUBMITTED';
  if (has('COMPLETED')) return has('FAILED') ? 'PARTIALLY_COMPLETED' : 'COMPLETED';
  if (has('CLOSED')) return 'CLOSED';
  return 'FAILED';
}

/** The results once the bank has acted: each SUBMITTED method opened or failed. */
export const provisioned = (results: readonly ApplicationResult[], failed: (m: VirtualAccountPaymentMethod) => boolean): ApplicationResult[] =>
  results.map((r) =>
    r.status !== 'SUBMITTED'
      ? r
      : failed(r.payment_method)
        ? { ...r, status: 'FAILED', error: { code: 'VA_PROVISIONING_FAILED', message: 'Virtual account provisioning failed' } }
        : { ...r, status: 'COMPLETED', error: null },
  );

/** The results once an account was closed: a COMPLETED method whose accounts are all closed is CLOSED. */
export const afterClose = (results: readonly ApplicationResult[], allClosed: (m: VirtualAccountPaymentMethod) => boolean): ApplicationResult[] =>
  results.map((r) => (r.status === 'COMPLETED' && allClosed(r.payment_method) ? { ...r, status: 'CLOSED' } : r));

import { STALE, type WriteSet } from '../writes/write-set';
import { accountStatusErrors } from './errors';

/** An account's statuses (spec 3.1). */
export const ACCOUNT_STATUSES = ['ACTIVE', 'PROCESSING', 'INACTIVE', 'CLOSED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * What an account may do, and have done to it, in each status of spec 3.1 (ACTIVE; PROCESSING,
 * under review; INACTIVE, temporarily inactive; CLOSED). The one statement of that rule: sign-in,
 * x-on-behalf-of, the verification guard and every movement between two accounts read this table,
 * and the SQL guards that hold a counterparty until commit take their statuses from it.
 *
 *  - known:        its id names it; a CLOSED account answers as an unknown id, so nothing about it
 *                  can be probed.
 *  - operate:      it is the acting account of a call: its own key's calls (the token exchange and
 *                  every call after it) and its master's with x-on-behalf-of — reads and writes alike,
 *                  so a master acting for an account gets no more than the account's own key.
 *  - sendMoney:    money leaves it (payouts, transfers, conversions, card funding, refunds…); the
 *                  account's verification must also be APPROVED (accounts/verification.ts).
 *  - counterparty: it is the other party of another account's movement: a transfer into it, its
 *                  master's transfer out of it, a payment payout or an issuing transfer to it.
 */
export type AccountCapability = 'known' | 'operate' | 'sendMoney' | 'counterparty';

export const ACCOUNT_STATUS_POLICY: Readonly<Record<AccountStatus, Readonly<Record<AccountCapability, boolean>>>> = {
  //           known   operate  sendMoney  counterparty
  ACTIVE:     { known: true, operate: true, sendMoney: true, counterparty: true },
  PROCESSING: { known: true, operate: false, sendMoney: false, counterparty: false },
  INACTIVE:   { known: true, operate: false, sendMoney: false, counterparty: false },
  CLOSED:     { known: false, operate: false, sendMoney: false, counterparty: false },
};

const isAccountStatus = (s: string): s is AccountStatus => (ACCOUNT_STATUSES as readonly string[]).includes(s);

/** Whether an account in `status` may do `capability`; a status payrail does not know may do nothing. */
export function accountMay(status: string, capability: AccountCapability): boolean {
  return isAccountStatus(status) && ACCOUNT_STATUS_POLICY[status][capability];
}

/** The statuses that allow `capability`, for SQL that must enforce the same rule (`status = ANY($n)`). */
export function statusesThat(capability: AccountCapability): AccountStatus[] {
  return ACCOUNT_STATUSES.filter((s) => ACCOUNT_STATUS_POLICY[s][capability]);
}

/** Statuses whose id names an account (the reads of a movement's parties filter on them). */
export const KNOWN_STATUSES: readonly AccountStatus[] = statusesThat('known');

/** The other party of a movement, read before the write: refused when its status does not allow it. */
export function assertCounterparty(party: { status: string }, field: string): void {
  if (!accountMay(party.status, 'counterparty')) throw accountStatusErrors.counterpartyNotActive(field, party.status);
}

/**
 * The guard that holds a counterparty until the movement commits: its row FOR SHARE, still in a
 * status that allows it. A status change locks the row FOR UPDATE (setAccountStatus), so it waits for
 * the movement, and a movement that meets a change in progress waits for it, then is prepared again
 * from a fresh read — to meet `assertCounterparty`'s answer.
 */
export const COUNTERPARTY_HOLD_SQL =
  `SELECT 'true'::jsonb FROM accounts WHERE id = ($1::jsonb->>'id')::uuid ` +
  `AND status = ANY(ARRAY(SELECT jsonb_array_elements_text($1::jsonb->'statuses'))) FOR SHARE`;

export function holdCounterparty(writes: WriteSet, accountId: string): void {
  writes.require({ sql: COUNTERPARTY_HOLD_SQL, args: { id: accountId, statuses: statusesThat('counterparty') } }, STALE);
}

import type { Tx } from '../../../platform/db/tx';
import { readRows, type ReadScope } from '../../../platform/db/reads';
import { STALE, type WriteSet } from '../../../platform/writes/write-set';

/** Holds the advisory lock named `slot` until the transaction ends. */
export async function lockSlot(tx: Tx, slot: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${slot}, 0))`;
}

/** The next value of the sequence the bank details' numbers are made from. */
export async function nextNumberSequenceValue(tx: Tx): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ value: bigint }[]>`
    SELECT nextval(pg_get_serial_sequence('virtual_accounts', 'number_seq')) AS value`;
  return BigInt(row!.value);
}

export interface DepositReceiver {
  id: string;
  accountId: string;
  currency: string;
  status: string;
}

/** The tree's virtual account with this (upper-case) number, or undefined. */
export async function readDepositReceiver(scope: ReadScope, rootAccountId: string, accountNumber: string): Promise<DepositReceiver | undefined> {
  const [receiver] = await readRows<DepositReceiver>(scope, {
    name: 'deposit_receiver',
    text: `SELECT id, account_id AS "accountId", currency, status FROM virtual_accounts WHERE root_account_id = $1::uuid AND account_number = $2`,
    values: [rootAccountId, accountNumber],
  });
  return receiver;
}

/**
 * Holds the receiver FOR SHARE until the deposit commits and requires it still in the status read:
 * the set is refused as STALE when it changed since.
 */
export function requireReceiverStatus(writes: WriteSet, receiver: Pick<DepositReceiver, 'id' | 'status'>): void {
  writes.require(
    {
      sql: `SELECT 'true'::jsonb FROM virtual_accounts WHERE id = ($1::jsonb->>'id')::uuid AND status = $1::jsonb->>'status' FOR SHARE`,
      args: { id: receiver.id, status: receiver.status },
    },
    STALE,
  );
}

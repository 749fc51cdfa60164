import { Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import { inTransaction, type Tx } from '../../../platform/db/tx';
import type { ServiceDeps } from '../../../platform/context';
import { ISSUING_CURRENCIES } from '../balances/rules';
import { applyInTransaction } from '../../../platform/writes/apply';
import { PrepareAgain, WriteSet } from '../../../platform/writes/write-set';
import { prepareTransfer } from './service';
import type { IssuingTransferView } from './view';

/**
 * The test money a sandbox master's issuing balances start with, per issuing currency: enough for
 * the official clients' README flows (a card, a recharge, authorizations) and far more, with
 * nothing but the clients' own methods. Insufficient funds stay reachable: an authorization, a
 * recharge or an issuing transfer above what is left declines or is refused.
 */
export const SANDBOX_TEST_FUNDS = '10000.00';

const ATTEMPTS = 3;

/**
 * Gives a sandbox master account its issuing test funds, once: one SANDBOX_FUNDS issuing transfer
 * per issuing currency (source and destination the account, readable with CI25, listed by CI21),
 * posted SANDBOX_FUNDS -> ISSUING_AVAILABLE, with its event, in one transaction. An account that
 * already received them (a later start), a sub-account or a production account gets nothing.
 * The account row is locked first, so two starts cannot both grant. Answers the transfers made now.
 */
export async function grantSandboxTestFunds(deps: ServiceDeps, accountId: string): Promise<IssuingTransferView[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(deps, (tx) => grantIn(tx, accountId, deps.clock.now()));
    } catch (err) {
      // Only a clash of the random short references; a fresh one is drawn.
      if (!(err instanceof PrepareAgain) || attempt >= ATTEMPTS) throw err;
    }
  }
}

async function grantIn(tx: Tx, accountId: string, at: Date): Promise<IssuingTransferView[]> {
  const account = await lockRow(tx, 'accounts', { id: accountId });
  if (!account?.isSandbox || account.parentId !== null) return [];
  const granted = await tx.issuingTransfer.count({ where: { accountId, transferType: 'SANDBOX_FUNDS' } });
  if (granted > 0) return [];
  const writes = new WriteSet();
  const made = ISSUING_CURRENCIES.map((currency) =>
    prepareTransfer({ accountId, creatorId: accountId, at }, writes, {
      type: 'SANDBOX_FUNDS',
      source: accountId,
      destination: accountId,
      currency,
      amount: new Prisma.Decimal(SANDBOX_TEST_FUNDS),
      remark: 'sandbox test funds',
      event: 'issuing_balance.test_funds.succeeded',
    }),
  );
  await applyInTransaction(tx, writes);
  return made;
}

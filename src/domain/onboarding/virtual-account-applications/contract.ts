import type { Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import { addApplicationEvent } from './events';
import type { LockingScope } from '../../../platform/writes/commit';
import { submittedApplicationExists } from './store';
import { afterClose, applicationStatusOf } from './results';
import { resultsOf, toApplicationView } from './view';

/**
 * What applications offer the virtual-accounts area: whether a submitted application holds an
 * (account, currency, payment_method) slot, and the closing of an account an application issued.
 */

/** Whether an application still waiting for the bank evaluates this method; call under the slot's lock. */
export async function hasSubmittedApplication(tx: Tx, accountId: string, currency: string, paymentMethod: VirtualAccountPaymentMethod): Promise<boolean> {
  return submittedApplicationExists(tx, accountId, currency, paymentMethod);
}

/**
 * One of the application's accounts was closed (in this transaction): a method whose accounts are
 * all closed is CLOSED, the application's status follows, its version rises and the clients'
 * `virtual.account.closed` is recorded with it.
 */
export async function addIssuedAccountClosed({ tx, writes }: LockingScope, applicationId: string, at: Date): Promise<void> {
  const row = await lockRow(tx, 'virtual_account_applications', { id: applicationId });
  if (!row) throw new Error(`addIssuedAccountClosed: no application ${applicationId}`);
  const accounts = await tx.virtualAccount.findMany({ where: { applicationId } });
  const allClosed = (m: VirtualAccountPaymentMethod) => accounts.filter((a) => a.paymentMethod === m).every((a) => a.status === 'CLOSED');
  const results = afterClose(resultsOf(row), allClosed);
  const updated = await tx.virtualAccountApplication.update({
    where: { id: applicationId },
    data: {
      results: results as unknown as Prisma.InputJsonValue,
      status: applicationStatusOf(results),
      publicVersion: { increment: 1 },
      updatedAt: at,
    },
  });
  addApplicationEvent(writes, toApplicationView(updated, accounts), 'virtual.account.closed', at);
}

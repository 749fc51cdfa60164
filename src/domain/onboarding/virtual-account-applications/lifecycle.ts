import type { Prisma } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { defineTransition } from '../../../platform/scheduler/transitions';
import { branchIn, homeBranchOf, issueVirtualAccount } from '../../wallet/virtual-accounts/contract';
import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import { recordApplicationEvent } from './events';
import { applicationStatusOf, provisioned } from './results';
import { bankFailsToOpen } from './rules';
import { resultsOf, toApplicationView } from './view';

/**
 * The bank acting on an application (simulated, as the virtual-accounts area's activation): due at
 * once when the application is submitted, it opens an ACTIVE account for every SUBMITTED method —
 * LOCAL at the currency's home branch, SWIFT at the branch in the application's country — or fails
 * it (the sandbox test values, rules.ts). The results, the status, a new public_version and the
 * clients' `virtual.account.update` commit together; an application already acted on is left alone.
 */
export const APPLICATION_PROVISION = 'virtual_account_application.provision';

export async function provisionApplication(tx: Tx, id: string, at: Date): Promise<void> {
  const row = await lockRow(tx, 'virtual_account_applications', { id });
  if (!row || row.status !== 'SUBMITTED') return;
  const fails = (m: VirtualAccountPaymentMethod) => bankFailsToOpen(row.nickname, m);
  const results = provisioned(resultsOf(row), fails);
  for (const r of resultsOf(row)) {
    if (r.status !== 'SUBMITTED' || fails(r.payment_method)) continue;
    await issueVirtualAccount(tx, {
      accountId: row.accountId,
      rootAccountId: row.rootAccountId,
      currency: row.currency,
      paymentMethod: r.payment_method,
      branch: r.payment_method === 'LOCAL' ? homeBranchOf(row.currency) : branchIn(row.country)!,
      status: 'ACTIVE',
      applicationId: row.id,
      now: at,
    });
  }
  const updated = await tx.virtualAccountApplication.update({
    where: { id },
    data: {
      results: results as unknown as Prisma.InputJsonValue,
      status: applicationStatusOf(results),
      publicVersion: { increment: 1 },
      updatedAt: at,
    },
  });
  const accounts = await tx.virtualAccount.findMany({ where: { applicationId: id } });
  await recordApplicationEvent(tx, toApplicationView(updated, accounts), 'virtual.account.update', at);
}

defineTransition(APPLICATION_PROVISION, (tx, transition, at) => provisionApplication(tx, transition.subjectId, at));

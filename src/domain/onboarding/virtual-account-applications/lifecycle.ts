import type { Prisma, VirtualAccount, VirtualAccountApplication } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { addIssuedVirtualAccount, branchIn, homeBranchOf } from '../../wallet/virtual-accounts/contract';
import type { VirtualAccountEventName } from '../../wallet/virtual-accounts/events';
import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import { addApplicationEvent } from './events';
import { applicationStatusOf, provisioned } from './results';
import { APPLICATION_STATUSES, bankFailsToOpen } from './rules';
import { resultsOf, toApplicationView } from './view';

/**
 * The bank acting on an application (simulated, as the virtual-accounts area's activation): due at
 * once when the application is submitted, it opens an ACTIVE account for every SUBMITTED method —
 * LOCAL at the currency's home branch, SWIFT at the branch in the application's country — or fails
 * it (the sandbox test values, rules.ts). The accounts, the results, the status, a new
 * public_version and the clients' `virtual.account.update` commit together; an application already
 * acted on is left alone.
 */
export const APPLICATION_PROVISION = 'virtual_account_application.provision';

export const applicationLifecycle = defineLifecycle({
  table: 'virtual_account_applications',
  statuses: APPLICATION_STATUSES,
  // The event's data is the application with its accounts, which the transition hands over.
  event: (writes, row: VirtualAccountApplication, name: VirtualAccountEventName, at, accounts: readonly VirtualAccount[] | undefined) =>
    addApplicationEvent(writes, toApplicationView(row, accounts ?? []), name, at),
  transitions: {
    [APPLICATION_PROVISION]: {
      from: 'SUBMITTED',
      async run(row, { tx, writes, at }) {
        const fails = (m: VirtualAccountPaymentMethod) => bankFailsToOpen(row.nickname, m);
        const results = provisioned(resultsOf(row), fails);
        // A SUBMITTED application has no accounts yet: this action is the only one that issues them.
        const accounts: VirtualAccount[] = [];
        for (const r of resultsOf(row)) {
          if (r.status !== 'SUBMITTED' || fails(r.payment_method)) continue;
          const issued = await addIssuedVirtualAccount(tx, writes, {
            accountId: row.accountId,
            rootAccountId: row.rootAccountId,
            currency: row.currency,
            paymentMethod: r.payment_method,
            branch: r.payment_method === 'LOCAL' ? homeBranchOf(row.currency) : branchIn(row.country)!,
            status: 'ACTIVE',
            applicationId: row.id,
            now: at,
          });
          accounts.push(issued);
        }
        return {
          to: applicationStatusOf(results),
          // The row is locked: the version read is the one to raise.
          changes: { results: results as unknown as Prisma.JsonValue, publicVersion: row.publicVersion + 1 },
          event: 'virtual.account.update',
          detail: accounts,
        };
      },
    },
  },
});

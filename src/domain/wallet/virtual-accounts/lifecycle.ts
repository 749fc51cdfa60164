import type { VirtualAccount } from '../../../generated/prisma/client';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { addVirtualAccountEvent, type VirtualAccountEventName } from './events';
import { VIRTUAL_ACCOUNT_STATUSES } from './rules';

/**
 * The virtual-account state machine: PENDING -> ACTIVE (the bank has opened it; it now receives
 * deposits), and PENDING or ACTIVE -> CLOSED (with a close_reason, final; closed in a request,
 * service.ts). Each change and its outbox event commit together.
 */
export const VIRTUAL_ACCOUNT_ACTIVATE = 'virtual_account.activate';

export const virtualAccountLifecycle = defineLifecycle({
  table: 'virtual_accounts',
  statuses: VIRTUAL_ACCOUNT_STATUSES,
  event: (writes, va: VirtualAccount, name: VirtualAccountEventName, at) => addVirtualAccountEvent(writes, va, name, at),
  transitions: {
    // An account closed meanwhile is no longer PENDING: it is not activated.
    [VIRTUAL_ACCOUNT_ACTIVATE]: {
      from: 'PENDING',
      run: (_, { at }) => ({ to: 'ACTIVE', changes: { activatedAt: at }, event: 'virtual.account.update' }),
    },
  },
});

import type { VirtualAccount } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordVirtualAccountEvent } from './events';
import { defineTransition } from '../../../platform/scheduler/transitions';

/**
 * The virtual-account state machine: PENDING -> ACTIVE (the bank has opened it; it now receives
 * deposits), and PENDING or ACTIVE -> CLOSED (with a close_reason, final). Each change and its
 * outbox event commit together.
 */
export const VIRTUAL_ACCOUNT_ACTIVATE = 'virtual_account.activate';

export async function activateVirtualAccount(tx: Tx, id: string, at: Date): Promise<void> {
  // The status condition makes activation happen once, and not at all for an account closed meanwhile.
  const { count } = await tx.virtualAccount.updateMany({
    where: { id, status: 'PENDING' },
    data: { status: 'ACTIVE', activatedAt: at, updatedAt: at },
  });
  if (count === 0) return;
  const active = await tx.virtualAccount.findUniqueOrThrow({ where: { id } });
  await recordVirtualAccountEvent(tx, active, 'virtual.account.update', at);
}

defineTransition(VIRTUAL_ACCOUNT_ACTIVATE, (tx, transition, at) => activateVirtualAccount(tx, transition.subjectId, at));

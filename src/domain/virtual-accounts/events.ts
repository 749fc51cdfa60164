import type { VirtualAccount } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { toRestVirtualAccount } from '../../rest-compat/virtual-accounts/present';
import { recordEvent, type EventName } from '../events/outbox';
import { toVirtualAccountView } from './view';

/** The official client's names: create when opened, update when it becomes ACTIVE, closed when closed. */
export type VirtualAccountEventName = Extract<EventName, `virtual.account.${string}`>;

/** The event of a virtual account's change; its data is the account as BT15's list shows it then. */
export const recordVirtualAccountEvent = (tx: Tx, va: VirtualAccount, eventName: VirtualAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: va.accountId, eventName, sourceId: va.id, data: toRestVirtualAccount(toVirtualAccountView(va)), at });

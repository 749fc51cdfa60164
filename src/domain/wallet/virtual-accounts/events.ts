import type { VirtualAccount } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { toVirtualAccountView, type VirtualAccountView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** The official client's names: create when opened, update when it becomes ACTIVE, closed when closed. */
export type VirtualAccountEventName = Extract<EventName, `virtual.account.${string}`>;

export const virtualAccountPayload = payloadOf<VirtualAccountView>()('virtual_account', { createdAt: 'date', activatedAt: 'date', closedAt: 'date' });

/** The event of a virtual account's change; its data is the account's view then. */
export const recordVirtualAccountEvent = (tx: Tx, va: VirtualAccount, eventName: VirtualAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: va.accountId, eventName, sourceId: va.id, data: virtualAccountPayload.facts(toVirtualAccountView(va)), at });

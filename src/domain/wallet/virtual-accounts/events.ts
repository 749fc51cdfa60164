import type { VirtualAccount } from '../../../generated/prisma/client';
import { addEvent, type EventName, type OutboxEventInput } from '../../../platform/events/outbox';
import type { WriteSet } from '../../../platform/writes/write-set';
import { payloadOf } from '../../../platform/events/facts';
import { toVirtualAccountView, type VirtualAccountView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** The official client's names: create when opened, update when it becomes ACTIVE, closed when closed. */
export type VirtualAccountEventName = Extract<EventName, `virtual.account.${string}`>;

export const virtualAccountPayload = payloadOf<VirtualAccountView>()('virtual_account', { createdAt: 'date', activatedAt: 'date', closedAt: 'date' });

/** The event of a virtual account's change; its data is the account's view then. */
const virtualAccountEvent = (va: VirtualAccount, eventName: VirtualAccountEventName, at: Date): OutboxEventInput => ({
  accountId: va.accountId,
  eventName,
  sourceId: va.id,
  data: virtualAccountPayload.facts(toVirtualAccountView(va)),
  at,
});

export const addVirtualAccountEvent = (writes: WriteSet, va: VirtualAccount, eventName: VirtualAccountEventName, at: Date) =>
  addEvent(writes, virtualAccountEvent(va, eventName, at));

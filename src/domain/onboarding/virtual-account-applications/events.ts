import { addEvent, type OutboxEventInput } from '../../../platform/events/outbox';
import type { WriteSet } from '../../../platform/writes/write-set';
import { payloadOf } from '../../../platform/events/facts';
import type { VirtualAccountEventName } from '../../wallet/virtual-accounts/events';
import type { VirtualAccountApplicationView } from './view';
// An application writes the virtual account's events: their names are declared there.
import '../../wallet/virtual-accounts/event-names';

/**
 * The clients' application events: `virtual.account.create` (submitted), `.update` (the bank
 * acted), `.closed` (its accounts closed). source_id is the application's id and data the
 * application's view, public version included, so a receiver keeps the highest.
 */
export const applicationPayload = payloadOf<VirtualAccountApplicationView>()('virtual_account_application', {
  results: [{ virtualAccounts: [{ createdAt: 'date', activatedAt: 'date', closedAt: 'date' }] }],
  createdAt: 'date',
  updatedAt: 'date',
});

const applicationEvent = (app: VirtualAccountApplicationView, eventName: VirtualAccountEventName, at: Date): OutboxEventInput => ({
  accountId: app.accountId,
  eventName,
  sourceId: app.id,
  data: applicationPayload.facts(app),
  at,
});

export const addApplicationEvent = (writes: WriteSet, app: VirtualAccountApplicationView, eventName: VirtualAccountEventName, at: Date) =>
  addEvent(writes, applicationEvent(app, eventName, at));

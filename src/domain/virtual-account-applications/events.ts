import type { Tx } from '../../db/tx';
import { toRestApplication } from '../../rest-compat/virtual-account-applications/present';
import { recordEvent } from '../events/outbox';
import type { VirtualAccountEventName } from '../virtual-accounts/events';
import type { VirtualAccountApplicationView } from './view';

/**
 * The clients' application events: `virtual.account.create` (submitted), `.update` (the bank
 * acted), `.closed` (its accounts closed). source_id is the application's id and data the
 * application as the REST door shows it, public_version included, so a receiver keeps the highest.
 */
export const recordApplicationEvent = (tx: Tx, app: VirtualAccountApplicationView, eventName: VirtualAccountEventName, at: Date) =>
  recordEvent(tx, { accountId: app.accountId, eventName, sourceId: app.id, data: toRestApplication(app), at });

import type { PaymentTerminal } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { toTerminalView, type TerminalView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export type TerminalEventName = Extract<EventName, `terminal.${string}`>;

/** The outbox payload: the terminal's view. A PIN key is never in it: the event of a new key carries only when it expires. */
export const terminalPayload = payloadOf<TerminalView>()('terminal', { pinKeyExpiresAt: 'date', createdAt: 'date', updatedAt: 'date' });

export const recordTerminalEvent = (tx: Tx, t: PaymentTerminal, eventName: TerminalEventName, at: Date) =>
  recordEvent(tx, { accountId: t.accountId, eventName, sourceId: t.id, data: terminalPayload.facts(toTerminalView(t)), at });

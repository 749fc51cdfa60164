import type { PaymentTerminal } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { recordEvent, type EventName } from '../events/outbox';
import { toRestTerminal } from '../../rest-compat/terminals/present';
import { toTerminalView } from './view';

export type TerminalEventName = Extract<EventName, `terminal.${string}`>;

/**
 * The outbox payload: the terminal as the REST door presents it (docs/area-shape.md, "Event
 * payloads"). A PIN key is never in it: the event of a new key carries only when it expires.
 */
export const recordTerminalEvent = (tx: Tx, t: PaymentTerminal, eventName: TerminalEventName, at: Date) =>
  recordEvent(tx, { accountId: t.accountId, eventName, sourceId: t.id, data: toRestTerminal(toTerminalView(t)), at });

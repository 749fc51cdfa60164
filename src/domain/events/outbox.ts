import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { newId } from '../ids/ids';
import { eventTypeOf, type EventName } from './catalogue';

export type { EventName, EventType } from './catalogue';

/**
 * Writes an event into the outbox in the caller's transaction, so an event exists exactly when its
 * state change committed. Delivery (webhooks) reads the outbox later. The event_type comes from the
 * catalogue, never from the caller.
 */
export async function recordEvent(
  tx: Tx,
  event: { accountId: string; eventName: EventName; sourceId: string; data: Prisma.InputJsonValue; at: Date },
): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: newId(),
      accountId: event.accountId,
      eventType: eventTypeOf(event.eventName),
      eventName: event.eventName,
      sourceId: event.sourceId,
      data: event.data,
      createdAt: event.at,
    },
  });
}

import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { newId } from '../ids/ids';

/** Event types of the webhook envelope (catalogue section 5). */
export type EventType = 'DEPOSIT' | 'PAYOUT' | 'BENEFICIARY' | 'CONVERSION' | 'TRANSFER' | 'VIRTUAL' | 'ISSUING' | 'ACQUIRING' | 'ONBOARDING';

/**
 * Writes an event into the outbox in the caller's transaction, so an event exists exactly when its
 * state change committed. Delivery (webhooks) reads the outbox later.
 */
export async function recordEvent(
  tx: Tx,
  event: { accountId: string; eventType: EventType; eventName: string; sourceId: string; data: Prisma.InputJsonValue; at: Date },
): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: newId(),
      accountId: event.accountId,
      eventType: event.eventType,
      eventName: event.eventName,
      sourceId: event.sourceId,
      data: event.data,
      createdAt: event.at,
    },
  });
}

import type { Card } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { writeCardEvent } from './events';
import { addCardCancel } from './funds';
import { awaitsActivation } from './operations-rules';

/**
 * The card order (spec 2.7, 3.1): PENDING at creation, PROCESSING after ORDER_PROCESSING_SECONDS,
 * SUCCESS (card ACTIVE) after ORDER_SUCCESS_SECONDS, on the tree's clock. And the expiry_at cancel
 * (spec 3.2). Each transition locks the card row and re-checks its state, so a transition that
 * finds the card moved on (cancelled meanwhile) does nothing.
 */
export const CARD_ORDER_PROCESS = 'card.order.process';
export const CARD_ORDER_COMPLETE = 'card.order.complete';
export const CARD_EXPIRE = 'card.expire';
export const ORDER_PROCESSING_SECONDS = 1;
export const ORDER_SUCCESS_SECONDS = 3;

export async function lockCard(tx: Tx, id: string): Promise<Card | null> {
  return (await lockRow(tx, 'cards', { id })) ?? null;
}

/** The transitions a new card's order goes through, scheduled in its creation's transaction. */
export async function scheduleOrder(tx: Tx, c: Card, rootAccountId: string, now: Date): Promise<void> {
  const at = (s: number) => new Date(now.getTime() + s * 1000);
  const base = { accountId: c.accountId, rootAccountId, subjectId: c.id, now };
  await scheduleTransition(tx, { ...base, kind: CARD_ORDER_PROCESS, dueAt: at(ORDER_PROCESSING_SECONDS) });
  await scheduleTransition(tx, { ...base, kind: CARD_ORDER_COMPLETE, dueAt: at(ORDER_SUCCESS_SECONDS) });
  if (c.expiryAt) await scheduleTransition(tx, { ...base, kind: CARD_EXPIRE, dueAt: c.expiryAt });
}

defineTransition(CARD_ORDER_PROCESS, async (tx, t, at) => {
  const c = await lockCard(tx, t.subjectId);
  if (!c || c.orderStatus !== 'PENDING') return;
  await writeCardEvent(tx, 'card.create.processing', await tx.card.update({ where: { id: c.id }, data: { orderStatus: 'PROCESSING', updatedAt: at } }), at);
});

defineTransition(CARD_ORDER_COMPLETE, async (tx, t, at) => {
  const c = await lockCard(tx, t.subjectId);
  if (!c || (c.orderStatus !== 'PENDING' && c.orderStatus !== 'PROCESSING')) return;
  // A card cancelled while its order ran stays cancelled; the order still completes. A physical
  // card stays PENDING until CI10 activates it (operations.ts).
  const status = c.status === 'PENDING' && !awaitsActivation(c) ? 'ACTIVE' : c.status;
  await writeCardEvent(tx, 'card.create.succeeded', await tx.card.update({ where: { id: c.id }, data: { orderStatus: 'SUCCESS', status, updatedAt: at } }), at);
});

/** Cancels a card locked in `tx`, releasing a SINGLE card's unused balance (funds.ts addCardCancel), with its event. */
export async function cancelLockedCard(tx: Tx, c: Card, reason: string | null, at: Date): Promise<Card> {
  const writes = new WriteSet();
  addCardCancel(writes, c, c.availableBalance, reason, at);
  await applyInTransaction(tx, writes);
  // The event is written after the cancel, in the same transaction, so it carries the card as it now reads.
  const cancelled = (await tx.card.findUnique({ where: { id: c.id } }))!;
  await writeCardEvent(tx, 'card.status.updated', cancelled, at);
  return cancelled;
}

/** expiry_at reached: CANCELLED, and the unused balance of a SINGLE card back to the issuing balance (spec 3.2). */
defineTransition(CARD_EXPIRE, async (tx, t, at) => {
  const c = await lockCard(tx, t.subjectId);
  if (!c || c.status === 'CANCELLED') return;
  await cancelLockedCard(tx, c, 'expiry_at reached', at);
});

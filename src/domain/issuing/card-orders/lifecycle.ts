import type { CardOrder } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { lockCard } from '../cards/lifecycle';
import { defineTransition, scheduleTransition } from '../../../platform/scheduler/transitions';
import { applyInTransaction } from '../../../platform/writes/apply';
import { WriteSet } from '../../../platform/writes/write-set';
import { addCardOrderEvent } from './events';
import type { EventName } from '../../../platform/events/outbox';

/**
 * A limit elevation (the official clients' `elevateLimit`) on the tree's clock: the simulated
 * issuer applies the PENDING order ELEVATION_REVIEW_SECONDS after it was made (SUCCESS: card_limit
 * becomes the order's amount, the old limit kept to restore), unless the card was cancelled or its
 * limit already reached the amount meanwhile (FAILED); when its days run out, the card's limit goes
 * back. Each step locks the card row first, as every change of a card's limit does (CI4, holds).
 */
export const CARD_LIMIT_ELEVATE = 'card.limit.elevate';
export const CARD_LIMIT_RESTORE = 'card.limit.restore';
export const ELEVATION_REVIEW_SECONDS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

async function recordOrderEvent(tx: Tx, order: CardOrder, at: Date, eventName: EventName): Promise<void> {
  const writes = new WriteSet();
  addCardOrderEvent(writes, order, at, eventName);
  await applyInTransaction(tx, writes);
}

defineTransition(CARD_LIMIT_ELEVATE, async (tx, t, at) => {
  const pending = await tx.cardOrder.findUnique({ where: { id: t.subjectId } });
  if (!pending || pending.status !== 'PENDING') return;
  const card = await lockCard(tx, pending.cardId);
  const order = (await tx.cardOrder.findUnique({ where: { id: pending.id } }))!;
  if (!card || order.status !== 'PENDING') return;
  if (card.status === 'CANCELLED' || !card.cardLimit.lt(order.amount)) {
    const failed = await tx.cardOrder.update({ where: { id: order.id }, data: { status: 'FAILED', updatedAt: at } });
    await recordOrderEvent(tx, failed, at, 'card.elevate_limit.failed');
    return;
  }
  const until = new Date(at.getTime() + (order.durationInDays ?? 1) * DAY_MS);
  await tx.card.update({ where: { id: card.id }, data: { baseCardLimit: card.cardLimit, cardLimit: order.amount, limitElevatedUntil: until, updatedAt: at } });
  const done = await tx.cardOrder.update({ where: { id: order.id }, data: { status: 'SUCCESS', updatedAt: at, completedAt: at } });
  await recordOrderEvent(tx, done, at, 'card.elevate_limit.succeeded');
  await scheduleTransition(tx, { accountId: card.accountId, rootAccountId: t.rootAccountId, kind: CARD_LIMIT_RESTORE, subjectId: order.id, dueAt: until, now: at });
});

defineTransition(CARD_LIMIT_RESTORE, async (tx, t, at) => {
  const order = await tx.cardOrder.findUnique({ where: { id: t.subjectId } });
  if (!order) return;
  const card = await lockCard(tx, order.cardId);
  // A CI4 card_limit ended the elevation early (limit_elevated_until cleared): nothing to restore.
  if (!card || card.limitElevatedUntil === null || card.baseCardLimit === null || card.limitElevatedUntil.getTime() > at.getTime()) return;
  await tx.card.update({ where: { id: card.id }, data: { cardLimit: card.baseCardLimit, baseCardLimit: null, limitElevatedUntil: null, updatedAt: at } });
  await recordOrderEvent(tx, order, at, 'card.elevate_limit.expired');
});

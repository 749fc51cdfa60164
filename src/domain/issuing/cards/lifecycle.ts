import type Decimal from 'decimal.js';
import type { Card } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { scheduleTransition } from '../../../platform/scheduler/transitions';
import type { LockingScope } from '../../../platform/writes/commit';
import type { WriteSet } from '../../../platform/writes/write-set';
import { addCardEvent, issuingAvailableIn, type CardEventName } from './events';
import { cardCancel } from './funds';
import { awaitsActivation } from './operations-rules';
import { CARD_STATUSES, ORDER_STATUSES } from './rules';

/**
 * A card's two state machines, on the tree's clock. Its order (spec 2.7, 3.1), in `order_status`:
 *
 *   PENDING --card.order.process (+ORDER_PROCESSING_SECONDS)--> PROCESSING
 *   PENDING or PROCESSING --card.order.complete (+ORDER_SUCCESS_SECONDS)--> SUCCESS (a PENDING card ACTIVE)
 *
 * and its expiry (spec 3.2), in `status`: any status but CANCELLED --card.expire (at expiry_at)--> CANCELLED.
 * Each transition locks the card row and finds it as it is, so a transition that finds the card
 * moved on (cancelled meanwhile) does nothing.
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

/** Every card event carries the account's issuing balance a SHARE card spends from, read under the card's lock (the handler's detail). */
const cardEvent = (writes: WriteSet, c: Card, name: CardEventName, at: Date, issuingAvailable: Decimal | undefined) => addCardEvent(writes, name, c, at, issuingAvailable);

export const cardCreationLifecycle = defineLifecycle({
  table: 'cards',
  column: 'order_status',
  statuses: ORDER_STATUSES,
  event: cardEvent,
  transitions: {
    [CARD_ORDER_PROCESS]: {
      from: 'PENDING',
      run: async (c, { tx }) => ({ to: 'PROCESSING', event: 'card.create.processing', detail: await issuingAvailableIn(tx, c) }),
    },
    [CARD_ORDER_COMPLETE]: {
      from: ['PENDING', 'PROCESSING'],
      async run(c, { tx }) {
        // A card cancelled while its order ran stays cancelled; the order still completes. A physical
        // card stays PENDING until it is activated with its code (operations.ts activateCard).
        const status = c.status === 'PENDING' && !awaitsActivation(c) ? 'ACTIVE' : c.status;
        return { to: 'SUCCESS', changes: { status }, event: 'card.create.succeeded', detail: await issuingAvailableIn(tx, c) };
      },
    },
  },
});

/** A cancel, by the API or at expiry_at: its money (funds.ts cardCancel), the row's change and its event. */
async function cancelOutcome(tx: Tx, writes: WriteSet, c: Card, reason: string | null, at: Date) {
  // The issuing balance is read before the release: a SHARE card, the only one whose event shows it, releases nothing.
  return { ...cardCancel(writes, c, reason, at), event: 'card.status.updated', detail: await issuingAvailableIn(tx, c) } as const;
}

export const cardLifecycle = defineLifecycle({
  table: 'cards',
  statuses: CARD_STATUSES,
  event: cardEvent,
  transitions: {
    /** expiry_at reached: CANCELLED, and the unused balance of a SINGLE card back to the issuing balance (spec 3.2). */
    [CARD_EXPIRE]: {
      from: CARD_STATUSES.filter((s) => s !== 'CANCELLED'),
      run: (c, { tx, writes, at }) => cancelOutcome(tx, writes, c, 'expiry_at reached', at),
    },
  },
});

/** Cancels a card the request has locked as the expiry does (CI5's cancel), with its event; answers the card as it will read. */
export async function cancelLockedCard({ tx, writes }: LockingScope, c: Card, reason: string | null, at: Date, rootAccountId: string): Promise<Card> {
  return cardLifecycle.addOutcome(writes, c, await cancelOutcome(tx, writes, c, reason, at), at, rootAccountId);
}

/** Freezes or unfreezes a card the request has locked (CI5), with its event; answers the card as it will read. */
export async function setLockedCardStatus({ tx, writes }: LockingScope, c: Card, to: 'ACTIVE' | 'FROZEN', reason: string | null, at: Date, rootAccountId: string): Promise<Card> {
  const outcome = { to, changes: { updateReason: reason }, event: 'card.status.updated', detail: await issuingAvailableIn(tx, c) } as const;
  return cardLifecycle.addOutcome(writes, c, outcome, at, rootAccountId);
}

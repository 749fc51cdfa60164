import type { CardOrder } from '../../../generated/prisma/client';
import type { EventName } from '../../../platform/events/outbox';
import { defineLifecycle } from '../../../platform/lifecycle/define';
import { lockCard } from '../cards/lifecycle';
import { ORDER_STATUSES } from '../cards/rules';
import { addCardLimitElevation, addCardLimitRestore } from '../cards/store';
import { addCardOrderEvent } from './events';

/**
 * A limit elevation (the official clients' `elevateLimit`) on the tree's clock:
 *
 *   PENDING --card.limit.elevate (+ELEVATION_REVIEW_SECONDS)--> SUCCESS: card_limit becomes the order's amount, the old limit kept
 *   PENDING --card.limit.elevate, the card cancelled or its limit already at the amount--> FAILED
 *   SUCCESS --card.limit.restore (when its days run out)--> SUCCESS: the card's limit goes back
 *
 * The subject is the order; its row is locked first, then the card's, which every change of a
 * card's limit locks (CI4, holds). No path locks the two the other way round: the requests that
 * lock a card (CI4, an elevation's request, recharge, withdraw, PIN) only insert new orders, and
 * only these transitions lock or write an order that exists.
 */
export const CARD_LIMIT_ELEVATE = 'card.limit.elevate';
export const CARD_LIMIT_RESTORE = 'card.limit.restore';
export const ELEVATION_REVIEW_SECONDS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

type ElevationEventName = Extract<EventName, `card.elevate_limit.${string}`>;

export const limitElevationLifecycle = defineLifecycle({
  table: 'card_orders',
  statuses: ORDER_STATUSES,
  event: (writes, order: CardOrder, name: ElevationEventName, at) => addCardOrderEvent(writes, order, at, name),
  transitions: {
    [CARD_LIMIT_ELEVATE]: {
      from: 'PENDING',
      async run(order, { tx, writes, at }) {
        const card = await lockCard(tx, order.cardId);
        if (!card) return undefined;
        if (card.status === 'CANCELLED' || !card.cardLimit.lt(order.amount)) return { to: 'FAILED', event: 'card.elevate_limit.failed' };
        const afterMs = (order.durationInDays ?? 1) * DAY_MS;
        addCardLimitElevation(writes, card.id, card.cardLimit, order.amount, new Date(at.getTime() + afterMs), at);
        return { to: 'SUCCESS', changes: { completedAt: at }, event: 'card.elevate_limit.succeeded', next: { kind: CARD_LIMIT_RESTORE, afterMs } };
      },
    },
    [CARD_LIMIT_RESTORE]: {
      // Scheduled in the write set that made the order SUCCESS, which it stays.
      from: 'SUCCESS',
      async run(order, { tx, writes, at }) {
        const card = await lockCard(tx, order.cardId);
        // A CI4 card_limit ended the elevation early (limit_elevated_until cleared): nothing to restore.
        if (!card || card.limitElevatedUntil === null || card.baseCardLimit === null || card.limitElevatedUntil.getTime() > at.getTime()) return undefined;
        addCardLimitRestore(writes, card.id, card.baseCardLimit, at);
        return { event: 'card.elevate_limit.expired' };
      },
    },
  },
});

import { Prisma, type Card, type CardOrder } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { cardErrors } from '../cards/errors';
import { lockCard } from '../cards/lifecycle';
import { findOwnCard } from '../cards/queries';
import { addTransition } from '../../../platform/scheduler/transitions';
import { parseInput } from '../../../platform/validation/validate';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { cardOrderErrors } from './errors';
import { addCardOrderEvent } from './events';
import { CARD_LIMIT_ELEVATE, ELEVATION_REVIEW_SECONDS } from './lifecycle';
import { ELEVATION_DEFAULT_DAYS, elevateLimitCommand } from './rules';
import { toCardOrderView, type CardOrderView } from './view';

/**
 * The card rules of an elevation, in the order a caller would fix them (the CI4 messages where CI4
 * has the same rule): not expired, ACTIVE, NORMAL, SHARE (a SINGLE card's money is its balance, not a
 * limit), with a card_limit of its own below the one asked for.
 */
function checkElevation(c: Card, limit: string, now: Date): void {
  if (c.expiryAt && c.expiryAt.getTime() <= now.getTime()) throw cardErrors.cardExpired();
  if (c.status !== 'ACTIVE') throw cardErrors.notActive();
  if (c.usageType === 'ONE_TIME') throw cardErrors.oneTimeCard();
  if (c.modeType === 'SINGLE') throw cardErrors.singleCardLimit();
  if (c.cardLimit.isZero()) throw cardOrderErrors.noLimitToElevate();
  if (!money(limit).gt(c.cardLimit)) throw cardOrderErrors.limitNotAbove(c.cardLimit.toFixed(2));
}

/**
 * `POST /v1/issuing/cards/{id}/elevate_limit` (the official clients' `elevateLimit`): asks for the
 * SHARE card's limit to be raised to `limit_amount` for `duration_in_days` days. The answer is the
 * order, PENDING; the simulated issuer applies it ELEVATION_REVIEW_SECONDS later on the tree's clock
 * (lifecycle.ts), and the limit goes back when the days run out. One elevation at a time per card:
 * the check and the order are made under the card's row lock.
 */
export async function elevateCardLimit(ctx: RequestContext, cardId: string, raw: unknown): Promise<CardOrderView> {
  const input = parseInput(elevateLimitCommand, raw);
  const limit = money(input.limitAmount).toFixed(2);
  const own = await findOwnCard(ctx, cardId);
  const now = ctx.clock.now();
  checkElevation(own, limit, now);
  return ctx.commit('locking', async ({ tx, writes }) => {
    const cur = (await lockCard(tx, own.id))!;
    checkElevation(cur, limit, now);
    const pending = await tx.cardOrder.count({ where: { cardId: cur.id, orderType: 'ELEVATE_LIMIT', status: 'PENDING' } });
    if (pending > 0 || cur.limitElevatedUntil !== null) throw cardOrderErrors.elevationInProgress();
    const order: CardOrder = {
      id: newId(),
      accountId: cur.accountId,
      cardId: cur.id,
      orderType: 'ELEVATE_LIMIT',
      amount: new Prisma.Decimal(limit),
      cardCurrency: cur.cardCurrency,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      durationInDays: input.durationInDays ?? ELEVATION_DEFAULT_DAYS,
    };
    writes.insert('card_orders', order as unknown as Record<string, ColumnValue>);
    addCardOrderEvent(writes, order, now, 'card.elevate_limit.pending');
    addTransition(writes, {
      accountId: cur.accountId,
      rootAccountId: rootOf(ctx.acting),
      kind: CARD_LIMIT_ELEVATE,
      subjectId: order.id,
      dueAt: new Date(now.getTime() + ELEVATION_REVIEW_SECONDS * 1000),
      now,
    });
    return toCardOrderView(order);
  });
}

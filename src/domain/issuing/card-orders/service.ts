import { Prisma, type Card, type CardOrder } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { defundCard, fundCard, requireCardSpendable } from '../cards/funds';
import { findOwnCard } from '../cards/queries';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { cardOrderErrors } from './errors';
import { addCardOrderEvent } from './events';
import { amountOf } from './rules';
import { toCardOrderView, type CardOrderView } from './view';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

type Direction = 'RECHARGE' | 'WITHDRAW';

/**
 * The card-level rules of CI8 and CI9, in the order a caller would fix them: only a NORMAL SINGLE
 * card holds money of its own (a SHARE card spends from the issuing balance, so there is nothing to
 * recharge or withdraw: docs/decisions/issuing/card-orders.md "Card orders"), and it must be ACTIVE and not expired.
 */
function checkCard(card: Card, direction: Direction, now: Date): void {
  if (card.modeType !== 'SINGLE') throw direction === 'RECHARGE' ? cardOrderErrors.rechargeNotSupported() : cardOrderErrors.withdrawNotSupported();
  if (card.usageType === 'ONE_TIME') throw cardOrderErrors.oneTimeCard();
  if (card.status !== 'ACTIVE') throw cardOrderErrors.notActive();
  if (card.expiryAt && card.expiryAt.getTime() <= now.getTime()) throw cardOrderErrors.invalidExpiryDate();
}

/**
 * CI8 / CI9: moves `amount` between the issuing balance and a SINGLE card (funds.ts fundCard /
 * defundCard) and records the order, SUCCESS at once, with its event, in one write set. The card
 * is required ACTIVE again under its row lock; the debit is guarded (`Insufficient balance` on the
 * issuing balance, `Card available limit insufficient` on the card).
 */
async function moveCardMoney(ctx: RequestContext, cardId: string, raw: unknown, direction: Direction): Promise<CardOrderView> {
  assertMayMoveMoney(ctx.acting);
  const amount = amountOf(raw, direction === 'RECHARGE' ? cardOrderErrors.rechargeAmountInvalid : cardOrderErrors.withdrawAmountInvalid);
  return ctx.commit(async ({ writes }) => {
    const card = await findOwnCard(ctx, cardId);
    const now = ctx.clock.now();
    checkCard(card, direction, now);
    requireCardSpendable(writes, card, now, cardOrderErrors.notActive());
    const order: CardOrder = {
      id: newId(),
      accountId: card.accountId,
      cardId: card.id,
      orderType: direction,
      amount: new Prisma.Decimal(amount.toFixed(2)),
      cardCurrency: card.cardCurrency,
      status: 'SUCCESS',
      createdAt: now,
      updatedAt: now,
      completedAt: now,
      durationInDays: null,
    };
    const view = toCardOrderView(order);
    writes.insert('card_orders', order as unknown as Record<string, ColumnValue>);
    addCardOrderEvent(writes, order, now);
    const m = { kind: direction === 'RECHARGE' ? ('CARD_RECHARGE' as const) : ('CARD_WITHDRAW' as const), referenceType: 'CARD' as const, referenceId: card.id, description: `card order ${order.id}`, at: now };
    if (direction === 'RECHARGE') fundCard(writes, card, amount, m, cardOrderErrors.insufficientBalance());
    else defundCard(writes, card, amount, m, cardOrderErrors.availableLimitInsufficient());
    return view;
  });
}

export const rechargeCard = (ctx: RequestContext, cardId: string, raw: unknown) => moveCardMoney(ctx, cardId, raw, 'RECHARGE');
export const withdrawCard = (ctx: RequestContext, cardId: string, raw: unknown) => moveCardMoney(ctx, cardId, raw, 'WITHDRAW');

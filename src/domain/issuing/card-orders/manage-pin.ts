import { Prisma, type Card, type CardOrder } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { cardErrors } from '../cards/errors';
import { lockCard } from '../cards/lifecycle';
import { awaitsActivation } from '../cards/operations-rules';
import { hashPin, verifyPin } from '../cards/pin';
import { findOwnCard } from '../cards/queries';
import { parseInput, requiredField } from '../../../platform/validation/validate';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { cardOrderErrors } from './errors';
import { addCardOrderEvent } from './events';
import { manageCardPinCommand } from './rules';
import { toCardOrderView, type CardOrderView } from './view';

/**
 * The PIN rules of CI13, in its order: a physical card, not past its expiry_at, activated and
 * ACTIVE or FROZEN.
 */
function checkPinCard(c: Card, now: Date): void {
  if (c.formFactor !== 'PHY') throw cardErrors.virtualCardPin();
  if (c.expiryAt && c.expiryAt.getTime() <= now.getTime()) throw cardErrors.pinCardExpired();
  if (awaitsActivation(c) || (c.status !== 'ACTIVE' && c.status !== 'FROZEN')) throw cardErrors.statusNotSupported();
}

/**
 * `POST /v1/issuing/cards/manage/pin` (the official clients' `managePin`): sets (SET) or changes
 * (RESET, with the current PIN) the PIN of an activated physical card that is ACTIVE or FROZEN, as
 * CI13 does, and records it as a card order (MANAGE_PIN, SUCCESS at once: the sandbox's processor
 * takes the PIN when asked) with its event. The PIN is kept only as a slow hash (cards/pin.ts); the
 * old PIN is checked against the hash read before the transaction, and the transaction requires
 * that hash unchanged under the card's row lock, so two changes cannot both pass one old PIN.
 */
export async function manageCardPin(ctx: RequestContext, raw: unknown): Promise<CardOrderView> {
  const input = parseInput(manageCardPinCommand, raw);
  if (input.type === 'RESET' && input.oldPin === undefined) throw requiredField('oldPin');
  const own = await findOwnCard(ctx, input.cardId);
  checkPinCard(own, ctx.clock.now());
  const checkedHash = input.type === 'RESET' ? own.pinHash : undefined;
  if (checkedHash !== undefined && (checkedHash === null || !(await verifyPin(input.oldPin!, checkedHash)))) throw cardOrderErrors.oldPinMismatch();
  const pinHash = await hashPin(input.pin);
  const now = ctx.clock.now();
  return ctx.commit('locking', async ({ tx, writes }) => {
    const cur = (await lockCard(tx, own.id))!;
    checkPinCard(cur, now);
    if (checkedHash !== undefined && cur.pinHash !== checkedHash) throw cardOrderErrors.oldPinMismatch();
    await tx.card.update({ where: { id: cur.id }, data: { pinHash, updatedAt: now } });
    const order: CardOrder = {
      id: newId(),
      accountId: cur.accountId,
      cardId: cur.id,
      orderType: 'MANAGE_PIN',
      amount: new Prisma.Decimal(0),
      cardCurrency: cur.cardCurrency,
      status: 'SUCCESS',
      createdAt: now,
      updatedAt: now,
      completedAt: now,
      durationInDays: null,
    };
    writes.insert('card_orders', order as unknown as Record<string, ColumnValue>);
    addCardOrderEvent(writes, order, now);
    return toCardOrderView(order);
  });
}

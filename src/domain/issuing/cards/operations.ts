import type { Card, Prisma } from '../../../generated/prisma/client';
import { activationCodeMatches, deriveActivationCode } from '../card-data/activation';
import { luhnValid } from '../card-data/pan';
import { activationKeyOf, storeGivenPan, type CardDataScope } from '../card-data/store';
import { cvvKeyOf } from '../../../platform/sealing/keys';
import { findCardProduct, findPhysicalProduct } from '../products/contract';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { isUuid, newId } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { parseInput } from '../../../platform/validation/validate';
import { cardCreationOf, newCardRow } from './create-support';
import { cardErrors } from './errors';
import { addChangedCardEvent } from './events';
import { lockCard, scheduleOrder } from './lifecycle';
import {
  activateCardCommand,
  assignCardCommand,
  awaitsActivation,
  checkLimitAgainstControls,
  checkNoPinAmount,
  checkUpdateFields,
  resetCardPinCommand,
  updateCardCommand,
} from './operations-rules';
import { hashPin } from './pin';
import { artForNewCard, isArtOfProduct } from '../card-arts/contract';
import { cardArtErrors } from '../card-arts/errors';
import { findOwnCard, toCardViews } from './queries';
import { checkRiskControls, defaultRiskControls, type SpendingControl } from './rules';
import type { CardCreation, CardView } from './view';

type CardKeys = Pick<CardDataScope, 'cardDataKeys'>;

const expired = (c: Card, now: Date) => c.expiryAt !== null && c.expiryAt.getTime() <= now.getTime();

/**
 * CI4: card_limit (SHARE cards only: a SINGLE card's money moves by recharge and withdraw),
 * no_pin_payment_amount, spending_controls, risk_controls (per BIN, as at creation), metadata
 * (a flat string map), and the Python client 2.0's card_art_id (one of the product's arts) and
 * name_on_card, each replacing the card's value. The card's state is checked under its row
 * lock, where authorizations reserve against card_limit too, so a new limit never falls below what
 * is consumed or held.
 */
export async function updateCard(ctx: RequestContext, id: string, raw: unknown): Promise<CardCreation> {
  const input = parseInput(updateCardCommand, raw);
  const fields = checkUpdateFields(input);
  const own = await findOwnCard(ctx, id);
  const product = await findCardProduct(ctx, own.cardProductId);
  if (!product) throw cardErrors.productNotFound();
  const riskControls = fields.riskControls ? checkRiskControls(product, fields.riskControls, cardErrors.riskControlNotAllowedB) : undefined;
  if (input.cardArtId !== undefined && !isArtOfProduct(ctx, input.cardArtId, own.cardProductId)) throw cardArtErrors.notFound();
  const noPin = input.noPinPaymentAmount !== undefined ? checkNoPinAmount(input.noPinPaymentAmount, own.cardCurrency, 'update') : undefined;
  const now = ctx.clock.now();
  const row = await ctx.commit('locking', async (scope) => {
    const { tx } = scope;
    const cur = (await lockCard(tx, own.id))!;
    if (expired(cur, now)) throw cardErrors.cardExpired();
    if (cur.status !== 'ACTIVE') throw cardErrors.notActive();
    if (cur.usageType === 'ONE_TIME') throw cardErrors.oneTimeCard();
    if (fields.cardLimit !== undefined) {
      if (cur.modeType === 'SINGLE') throw cardErrors.singleCardLimit();
      if (money(fields.cardLimit).lt(cur.consumedAmount.plus(cur.authHeld))) throw cardErrors.updateLimitBelowUsed();
    }
    const limit = fields.cardLimit ?? cur.cardLimit.toFixed(2);
    checkLimitAgainstControls(limit, fields.spendingControls ?? (cur.spendingControls as unknown as SpendingControl[]));
    const data: Prisma.CardUpdateInput = {
      // A new card_limit also ends an elevated one early: it is the limit from now on.
      ...(fields.cardLimit !== undefined ? { cardLimit: fields.cardLimit, baseCardLimit: null, limitElevatedUntil: null } : {}),
      ...(noPin !== undefined ? { noPinPaymentAmount: noPin } : {}),
      ...(fields.spendingControls !== undefined ? { spendingControls: fields.spendingControls as Prisma.InputJsonValue } : {}),
      ...(riskControls !== undefined ? { riskControls: riskControls as Prisma.InputJsonValue } : {}),
      ...(fields.metadata !== undefined ? { metadata: fields.metadata } : {}),
      ...(input.cardArtId !== undefined ? { cardArtId: input.cardArtId.toLowerCase() } : {}),
      ...(input.nameOnCard !== undefined ? { nameOnCard: input.nameOnCard } : {}),
      updatedAt: now,
    };
    const updated = await tx.card.update({ where: { id: cur.id }, data });
    await addChangedCardEvent(scope, 'card.update.succeeded', updated, now);
    return updated;
  });
  const holder = (await ctx.db.prisma.cardholder.findUnique({ where: { id: row.cardholderId } }))!;
  return cardCreationOf(ctx, row, holder, false);
}

/**
 * CI10: a physical card (CI11) becomes usable with its activation code, and its PIN is set (kept as
 * an scrypt hash only). A virtual card, or a physical card already activated, answers `The card has
 * been activated.`. The card turns ACTIVE once its order has succeeded (or when it does).
 */
export async function activateCard(ctx: RequestContext, cardData: CardKeys, raw: unknown): Promise<CardView> {
  const input = parseInput(activateCardCommand, raw);
  const own = await findOwnCard(ctx, input.cardId);
  const noPin = input.noPinPaymentAmount !== undefined ? checkNoPinAmount(input.noPinPaymentAmount, own.cardCurrency, 'activate') : undefined;
  if (!awaitsActivation(own)) throw cardErrors.alreadyActivated();
  const activationKey = await activationKeyOf({ ...ctx, cardDataKeys: cardData.cardDataKeys }, { accountId: own.accountId, cardId: own.id });
  if (!activationCodeMatches(activationKey, own.id, input.activationCode)) throw cardErrors.invalidActivationCode();
  const pinHash = await hashPin(input.pin);
  const now = ctx.clock.now();
  const row = await ctx.commit('locking', async (scope) => {
    const { tx } = scope;
    const cur = (await lockCard(tx, own.id))!;
    if (!awaitsActivation(cur)) throw cardErrors.alreadyActivated();
    if (expired(cur, now)) throw cardErrors.cardExpired();
    if (cur.status !== 'PENDING') throw cardErrors.updateCardError();
    const status = cur.orderStatus === 'SUCCESS' ? 'ACTIVE' : cur.status;
    const updated = await tx.card.update({
      where: { id: cur.id },
      data: { activatedAt: now, pinHash, status, ...(noPin !== undefined ? { noPinPaymentAmount: noPin } : {}), updatedAt: now },
    });
    if (status !== cur.status) await addChangedCardEvent(scope, 'card.status.updated', updated, now);
    return updated;
  });
  return (await toCardViews(ctx, [row]))[0]!;
}

/**
 * CI11: gives a holder one of the sandbox's unassigned physical cards. The sandbox's stock is every
 * Luhn-valid 16-digit number on a BIN whose product issues PHY cards (491090, 555243) that no card
 * holds yet (docs/decisions/issuing/cards.md, Card operations). The card starts like a created one (PENDING, its
 * order on the clock) and waits for CI10; the answer carries its activation code.
 */
export async function assignCard(ctx: RequestContext, cardData: CardKeys, raw: unknown): Promise<CardCreation> {
  const input = parseInput(assignCardCommand, raw);
  const pan = input.cardNumber;
  if (!/^\d{16}$/.test(pan) || !luhnValid(pan)) throw cardErrors.cardNumberNotExist();
  const product = await findPhysicalProduct(ctx, pan.slice(0, 6));
  if (!product || product.status !== 'ENABLED' || product.modeType !== input.cardMode) throw cardErrors.binNotConfigured();
  if (!product.cardCurrency.includes(input.cardCurrency)) throw cardErrors.currencyNotAllowed();
  const holder = isUuid(input.cardholderId)
    ? await ctx.db.prisma.cardholder.findFirst({ where: { id: input.cardholderId, accountId: ctx.acting.id } })
    : null;
  if (!holder || holder.status === 'FAILED') throw cardErrors.cardholderIllegal();
  const id = newId();
  const now = ctx.clock.now();
  const cardArtId = await artForNewCard(ctx, product.id);
  const card = await ctx.commit('locking', async ({ tx }) => {
    const stored = await storeGivenPan({ ...ctx, db: ctx.db, tx, cardDataKeys: cardData.cardDataKeys }, { cardId: id, accountId: ctx.acting.id, pan });
    if (!stored) throw cardErrors.cardNumberNotExist();
    const created = await tx.card.create({
      data: {
        ...newCardRow(ctx, now, { id, holder, product, maskedPan: stored.maskedPan, formFactor: 'PHY' }),
        nameOnCard: `${holder.firstName} ${holder.lastName}`.slice(0, 26),
        cardCurrency: input.cardCurrency,
        cardLimit: '0.00',
        spendingControls: [],
        riskControls: defaultRiskControls(product) as Prisma.InputJsonValue,
        usageType: 'NORMAL',
        cardArtId,
      },
    });
    await scheduleOrder(tx, created, rootOf(ctx.acting), now);
    return { created, cvvKeyId: stored.cvvKeyId };
  });
  return cardCreationOf(ctx, card.created, holder, false, deriveActivationCode(cvvKeyOf(cardData.cardDataKeys, card.cvvKeyId), id));
}

/**
 * CI13 (`POST /v1/issuing/cards/pin` with `{card_id, pin}`, the official client's `resetPin`): sets
 * a new PIN on an activated physical card that is ACTIVE or FROZEN. Virtual cards have no PIN.
 */
export async function resetCardPin(ctx: RequestContext, raw: unknown): Promise<CardView> {
  const input = parseInput(resetCardPinCommand, raw);
  const own = await findOwnCard(ctx, input.cardId);
  if (own.formFactor !== 'PHY') throw cardErrors.virtualCardPin();
  const pinHash = await hashPin(input.pin);
  const now = ctx.clock.now();
  const row = await ctx.commit('locking', async ({ tx }) => {
    const cur = (await lockCard(tx, own.id))!;
    if (expired(cur, now)) throw cardErrors.pinCardExpired();
    if (awaitsActivation(cur) || (cur.status !== 'ACTIVE' && cur.status !== 'FROZEN')) throw cardErrors.statusNotSupported();
    return tx.card.update({ where: { id: cur.id }, data: { pinHash, updatedAt: now } });
  });
  return (await toCardViews(ctx, [row]))[0]!;
}

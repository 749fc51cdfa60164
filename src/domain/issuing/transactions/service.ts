import Decimal from 'decimal.js';
import { Prisma, type Card, type CardTransaction } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { postCardRefund, postClearing, releaseHold, type CardFunds } from '../cards/funds';
import { newId, shortReference } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { parseInput } from '../../../platform/validation/validate';
import { WriteSet, type ColumnValue } from '../../../platform/writes/write-set';
import { addOneTimeCancel } from './authorize';
import { cardTransactionErrors } from './errors';
import { addCardTransactionEvent } from './events';
import { followUpCommand, refundCommand, type CardTransactionType } from './rules';
import { addRefunded, clearHold, findCard, findOwnTransaction, issuingAvailable, reverseHold } from './store';
import { toCardTransactionView, type CardTransactionView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';
import { sandboxErrors } from '../../developers/sandbox/errors';

const dec = (v: Decimal.Value) => new Prisma.Decimal(money(v).toFixed(2));

/** The acting account's approved authorization and its card, read fresh for each preparation. */
async function readAuthorization(ctx: RequestContext, id: string): Promise<{ auth: CardTransaction; card: Card }> {
  const auth = await findOwnTransaction(ctx, id);
  if (!auth) throw cardTransactionErrors.notFound();
  if (auth.transactionType !== 'AUTHORIZATION' || auth.transactionStatus !== 'APPROVED') throw cardTransactionErrors.notAnAuthorization();
  const card = (await findCard(ctx, auth.cardId))!;
  return { auth, card };
}

export const fundsOf = (c: Card): CardFunds => ({ id: c.id, accountId: c.accountId, modeType: c.modeType, cardCurrency: c.cardCurrency });

/**
 * The card's spendable amount once `sourceDelta` comes back to (or leaves) its source, as an
 * authorization's card_available_balance means it: the prepaid balance, the room under the limit
 * (limit - consumed - held, which a reversal, clearing or refund changes by exactly that delta),
 * or the issuing balance.
 */
export async function availableAfter(ctx: RequestContext, c: Card, sourceDelta: Decimal): Promise<Decimal> {
  if (c.modeType === 'SINGLE') return money(c.availableBalance).plus(sourceDelta);
  if (money(c.cardLimit).gt(0)) return money(c.cardLimit).minus(c.consumedAmount).minus(c.authHeld).plus(sourceDelta);
  return (await issuingAvailable(ctx, c)).plus(sourceDelta);
}

/** A row that follows an authorization (reversal, clearing, refund), in its currencies; the transaction amount is the billing amount's share of the original. */
function followUpRow(auth: CardTransaction, type: CardTransactionType, billed: Decimal, available: Decimal, now: Date): CardTransaction {
  const share = money(auth.billingAmount).isZero() ? billed : money(auth.transactionAmount).times(billed).div(auth.billingAmount);
  return {
    ...auth,
    id: newId(),
    shortTransactionId: shortReference('CT', 8),
    originalTransactionId: auth.id,
    transactionType: type,
    transactionStatus: 'APPROVED',
    transactionAmount: dec(share.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
    billingAmount: dec(billed),
    transactionFee: dec(0),
    cardAvailableBalance: dec(available),
    authorizationCode: auth.authorizationCode,
    failureReason: null,
    heldAmount: dec(0),
    clearedAmount: dec(0),
    reversedAmount: dec(0),
    refundedAmount: dec(0),
    transactionTime: now,
    postedTime: type === 'REVERSAL' ? null : now,
    // Who decided is a fact of the authorization, not of what follows it.
    decidedBy: null,
    partnerReferenceId: null,
  };
}

function finish(writes: WriteSet, row: CardTransaction, event: Parameters<typeof addCardTransactionEvent>[2]) {
  const view = toCardTransactionView(row);
  writes.insertWithFreshReference('card_transactions', row as unknown as Record<string, ColumnValue>);
  addCardTransactionEvent(writes, row.accountId, event, view);
  return view;
}

/** SI3 (spec 4.7): releases the authorization's hold, all that is left of it or `amount` of it. */
export async function simulateReversal(ctx: RequestContext, raw: unknown): Promise<CardTransactionView> {
  requireSandbox(ctx.acting, 'simulations', sandboxErrors.simulationsOnly);
  const input = parseInput(followUpCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const { auth, card } = await readAuthorization(ctx, input.transactionId);
    const held = money(auth.heldAmount);
    if (held.isZero()) throw cardTransactionErrors.nothingHeld();
    const amount = input.amount === undefined ? held : money(input.amount);
    if (amount.gt(held)) throw cardTransactionErrors.exceedsHold();
    reverseHold(writes, auth.id, amount, held);
    const row = followUpRow(auth, 'REVERSAL', amount, await availableAfter(ctx, card, amount), now);
    releaseHold(writes, fundsOf(card), amount, { kind: 'CARD_REVERSAL', referenceType: 'CARD_TRANSACTION', referenceId: row.id, at: now }, cardTransactionErrors.exceedsHold());
    return finish(writes, row, 'card.reversal.succeeded');
  });
}

/**
 * Clearing (payrail's POST /v1/simulation/issuing/clearing): the network captures `amount` (by
 * default what is held, and possibly more or less) against the authorization's whole remaining
 * hold; the difference goes back to or comes from the card's source (funds.ts postClearing). A
 * ONE_TIME ON_CAPTURE card is cancelled by its first clearing.
 */
export async function clearCardTransaction(ctx: RequestContext, raw: unknown): Promise<CardTransactionView> {
  requireSandbox(ctx.acting, 'simulations', sandboxErrors.simulationsOnly);
  const input = parseInput(followUpCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const { auth, card } = await readAuthorization(ctx, input.transactionId);
    const held = money(auth.heldAmount);
    if (held.isZero()) throw cardTransactionErrors.nothingHeld();
    const cleared = input.amount === undefined ? held : money(input.amount);
    clearHold(writes, auth.id, cleared, held, now);
    const diff = held.minus(cleared);
    const row = followUpRow(auth, 'CLEARING', cleared, await availableAfter(ctx, card, diff), now);
    const funds = fundsOf(card);
    postClearing(writes, funds, held, cleared, { kind: 'CARD_CLEARING', referenceType: 'CARD_TRANSACTION', referenceId: row.id, at: now }, cardTransactionErrors.clearingNotCovered());
    if (card.usageType === 'ONE_TIME' && card.autoCancelTrigger === 'ON_CAPTURE' && card.status !== 'CANCELLED') {
      // The clearing returns the unused hold (diff) to a SHARE card's issuing balance (funds.ts postClearing).
      const issuingAfter = card.modeType === 'SINGLE' ? money(0) : (await issuingAvailable(ctx, card)).plus(diff);
      await addOneTimeCancel(ctx, writes, funds, money(card.availableBalance).plus(diff), now, { authHeld: held.negated(), consumed: cleared, issuingAfter });
    }
    return finish(writes, row, 'card.clearing.succeeded');
  });
}

/** A merchant's refund of a cleared authorization (POST /v1/simulation/issuing/refund): credits the card, never more than was cleared and not yet refunded. */
export async function refundCardTransaction(ctx: RequestContext, raw: unknown): Promise<CardTransactionView> {
  requireSandbox(ctx.acting, 'simulations', sandboxErrors.simulationsOnly);
  const input = parseInput(refundCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const { auth, card } = await readAuthorization(ctx, input.transactionId);
    const open = money(auth.clearedAmount).minus(auth.refundedAmount);
    if (money(auth.clearedAmount).isZero()) throw cardTransactionErrors.nothingCleared();
    const amount = money(input.amount);
    if (amount.gt(open)) throw cardTransactionErrors.exceedsCleared();
    addRefunded(writes, auth.id, amount, money(auth.refundedAmount));
    const row = followUpRow(auth, 'REFUND', amount, await availableAfter(ctx, card, amount), now);
    postCardRefund(writes, fundsOf(card), amount, { kind: 'CARD_REFUND', referenceType: 'CARD_TRANSACTION', referenceId: row.id, at: now });
    return finish(writes, row, 'card.refund.succeeded');
  });
}

import Decimal from 'decimal.js';
import { Prisma, type Card, type CardTransaction } from '../../../generated/prisma/client';
import { cardErrors } from '../cards/errors';
import { postUnsolicitedRefund, releaseUnsolicitedRefund } from '../cards/funds';
import type { RequestContext } from '../../../platform/context';
import { newId, shortReference } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { parseInput } from '../../../platform/validation/validate';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { cardTransactionErrors } from './errors';
import { addCardTransactionEvent } from './events';
import { claimUnsolicitedRefundCommand, simulateUnsolicitedRefundCommand } from './rules';
import { availableAfter, fundsOf } from './service';
import { claimRefund, findCard, findOwnCard, findOwnTransaction } from './store';
import { toCardTransactionView, type CardTransactionView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';
import { sandboxErrors } from '../../developers/sandbox/errors';

/**
 * Unsolicited refunds: money a merchant sends back to a card with no purchase of it to refund (the
 * official clients' `issuing.transactions.claimUnsolicitedRefund`). States: it arrives as a REFUND
 * row with no original transaction, PENDING, its amount held in ISSUING_UNSOLICITED_REFUND (the
 * network paid it, the account has not taken it); the account's claim makes it APPROVED and moves
 * the amount onto the card's funds (funds.ts releaseUnsolicitedRefund). A claim happens once.
 */

const dec = (v: Decimal.Value) => new Prisma.Decimal(money(v).toFixed(2));
const DESCRIPTION = 'unsolicited refund';

/** payrail's simulation of an unsolicited refund's arrival on one of the acting account's cards, in any status. */
export async function simulateUnsolicitedRefund(ctx: RequestContext, raw: unknown): Promise<CardTransactionView> {
  requireSandbox(ctx.acting, 'simulations', sandboxErrors.simulationsOnly);
  const input = parseInput(simulateUnsolicitedRefundCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const card = await findOwnCard(ctx, input.cardId);
    if (!card) throw cardErrors.notFound();
    const amount = money(input.amount);
    const row: CardTransaction = {
      id: newId(),
      accountId: ctx.acting.id,
      cardId: card.id,
      cardholderId: card.cardholderId,
      maskedPan: card.maskedPan,
      shortTransactionId: shortReference('CT', 8),
      originalTransactionId: null,
      transactionType: 'REFUND',
      transactionStatus: 'PENDING',
      transactionAmount: dec(amount),
      transactionCurrency: card.cardCurrency,
      billingAmount: dec(amount),
      billingCurrency: card.cardCurrency,
      transactionFee: dec(0),
      transactionFeeCurrency: card.cardCurrency,
      feePassThrough: 'N',
      // Nothing reaches the card until the claim.
      cardAvailableBalance: dec(await availableAfter(ctx, card, money(0))),
      merchantName: input.merchantName,
      merchantCategoryCode: input.merchantCategoryCode,
      merchantCity: '',
      merchantCountry: '',
      threeDs: false,
      authorizationCode: null,
      failureReason: null,
      description: DESCRIPTION,
      // What awaits the claim.
      heldAmount: dec(amount),
      clearedAmount: dec(0),
      reversedAmount: dec(0),
      refundedAmount: dec(0),
      transactionTime: now,
      postedTime: null,
      decidedBy: null,
      partnerReferenceId: null,
    };
    const view = toCardTransactionView(row);
    writes.insertWithFreshReference('card_transactions', row as unknown as Record<string, ColumnValue>);
    postUnsolicitedRefund(writes, fundsOf(card), amount, { kind: 'CARD_UNSOLICITED_REFUND', referenceType: 'CARD_TRANSACTION', referenceId: row.id, description: DESCRIPTION, at: now });
    addCardTransactionEvent(writes, ctx.acting.id, 'card.unsolicited_refund.pending', view);
    return view;
  });
}

/**
 * What the card has to spend once the claim is credited: a SINGLE card its prepaid balance (0 once
 * cancelled: the money went to the issuing balance); a SHARE card the issuing balance, now higher,
 * unless a limit of its own caps it (the room under a limit does not move with the balance).
 */
async function availableAfterClaim(ctx: RequestContext, card: Card, amount: Decimal, onCard: boolean): Promise<Decimal> {
  if (card.modeType === 'SINGLE') return onCard ? money(card.availableBalance).plus(amount) : money(0);
  return availableAfter(ctx, card, money(card.cardLimit).gt(0) ? money(0) : amount);
}

/**
 * The clients' claim (POST /v1/issuing/transactions/unsolicited_refund/release): the acting
 * account's PENDING unsolicited refund `related_transaction_id` becomes APPROVED, posted now, and
 * its amount moves onto a SINGLE card not cancelled, else onto the issuing balance (a SHARE card's
 * funds, or a cancelled card's). The row's status is guarded in the write set: of two concurrent
 * claims one commits, the other is prepared again and finds it claimed. `remark` becomes the
 * transaction's description.
 */
export async function claimUnsolicitedRefund(ctx: RequestContext, raw: unknown): Promise<CardTransactionView> {
  const input = parseInput(claimUnsolicitedRefundCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const id = input.relatedTransactionId;
    const refund = await findOwnTransaction(ctx, id);
    if (!refund) throw cardTransactionErrors.notFound('relatedTransactionId');
    if (refund.transactionType !== 'REFUND' || refund.originalTransactionId !== null) throw cardTransactionErrors.notUnsolicitedRefund();
    if (refund.transactionStatus !== 'PENDING') throw cardTransactionErrors.alreadyClaimed();
    const card = (await findCard(ctx, refund.cardId))!;
    const amount = money(refund.billingAmount);
    const onCard = card.modeType === 'SINGLE' && card.status !== 'CANCELLED';
    const available = await availableAfterClaim(ctx, card, amount, onCard);
    const claimed: CardTransaction = {
      ...refund,
      transactionStatus: 'APPROVED',
      heldAmount: dec(0),
      postedTime: now,
      cardAvailableBalance: dec(available),
      description: input.remark ?? refund.description,
    };
    // The refund row first (the claim's lock), then the card row, then the ledger accounts.
    claimRefund(writes, claimed);
    releaseUnsolicitedRefund(writes, fundsOf(card), amount, onCard, { kind: 'CARD_UNSOLICITED_REFUND_RELEASE', referenceType: 'CARD_TRANSACTION', referenceId: refund.id, description: claimed.description ?? DESCRIPTION, at: now }, cardTransactionErrors.alreadyClaimed());
    const view = toCardTransactionView(claimed);
    addCardTransactionEvent(writes, ctx.acting.id, 'card.unsolicited_refund.succeeded', view);
    return view;
  });
}

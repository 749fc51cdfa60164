import { randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { Prisma, type CardTransaction } from '../../../generated/prisma/client';
import { askForVerdict, type AuthDecisionDeps, type PartnerVerdict } from '../auth-decisions/contract';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { cardErrors } from '../cards/errors';
import { addCardEvent } from '../cards/events';
import { addCardCancel, postHold, reserveOnCard, type CardFunds } from '../cards/funds';
import { newId, shortReference } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { parseInput } from '../../../platform/validation/validate';
import type { ColumnValue, WriteSet } from '../../../platform/writes/write-set';
import { cardTransactionErrors } from './errors';
import { addCardTransactionEvent } from './events';
import { billingAmount } from './billing';
import { decideAuthorization } from './decision';
import { simulateAuthorizationCommand, type FailureReason, type SimulateAuthorizationCommand } from './rules';
import { addApprovalGuards, findCard, readAuthorizingCard, type AuthorizingCard } from './store';
import { toCardTransactionView, type CardTransactionView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';
import { sandboxErrors } from '../../developers/sandbox/errors';

const dec = (v: Decimal.Value) => new Prisma.Decimal(money(v).toFixed(2));

/** What the card has left to spend after `spent` leaves it: the prepaid balance, the room under the limit, or the issuing balance. */
function availableAfter(card: AuthorizingCard, spent: Decimal): Decimal {
  if (card.modeType === 'SINGLE') return money(card.cardBalance).minus(spent);
  const limit = money(card.cardLimit);
  if (limit.gt(0)) return limit.minus(card.consumed).minus(card.authHeld).minus(spent);
  return money(card.issuingAvailable).minus(spent);
}

/** Asks the customer's endpoint about an authorization payrail's rules approved (at most once per request). */
type AskPartner = (card: AuthorizingCard, billed: Decimal, now: Date) => Promise<PartnerVerdict>;

async function prepareAuthorization(ctx: RequestContext, writes: WriteSet, input: SimulateAuthorizationCommand, id: string, ask: AskPartner) {
  const now = ctx.clock.now();
  const card = await readAuthorizingCard(ctx, input.cardId, now);
  if (!card) throw cardErrors.notFound();
  const amount = money(input.transactionAmount);
  const billing = await billingAmount(ctx, amount, input.transactionCurrency, card.cardCurrency, now);
  const threeDs = input.threeDs === 'Y';
  // A card enrolled in the network's protection is answered by the network itself, with its action
  // code, before any rule of the issuer's (payrail's or the customer's) sees the authorization.
  const failure: FailureReason | string | null =
    card.networkActionCode ??
    decideAuthorization(card, {
      forced: input.transactionStatus === 'DECLINED',
      billing: billing?.toFixed(2) ?? null,
      mcc: input.merchantCategoryCode,
      threeDs,
    });
  const billed = billing ?? money(0);
  // The customer has a say only in what payrail's own rules approved; no transaction is open here.
  const verdict = failure === null && card.decisionEndpoint ? await ask(card, billed, now) : null;
  const approved = failure === null && (verdict?.approve ?? true);
  const row: CardTransaction = {
    id,
    accountId: ctx.acting.id,
    cardId: card.id,
    cardholderId: card.cardholderId,
    maskedPan: card.maskedPan,
    shortTransactionId: shortReference('CT', 8),
    originalTransactionId: null,
    transactionType: 'AUTHORIZATION',
    transactionStatus: approved ? 'APPROVED' : 'DECLINED',
    transactionAmount: dec(amount),
    transactionCurrency: input.transactionCurrency,
    billingAmount: dec(billed),
    billingCurrency: card.cardCurrency,
    transactionFee: dec(0),
    transactionFeeCurrency: card.cardCurrency,
    feePassThrough: 'N',
    cardAvailableBalance: dec(availableAfter(card, approved ? billed : money(0))),
    merchantName: input.merchantName,
    merchantCategoryCode: input.merchantCategoryCode,
    merchantCity: input.merchantCity ?? '',
    merchantCountry: input.merchantCountry ?? '',
    threeDs,
    authorizationCode: approved ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null,
    failureReason: failure ?? verdict?.declineReason ?? null,
    description: null,
    heldAmount: dec(approved ? billed : 0),
    clearedAmount: dec(0),
    reversedAmount: dec(0),
    refundedAmount: dec(0),
    transactionTime: now,
    postedTime: null,
    decidedBy: verdict?.decidedBy ?? 'PAYRAIL',
    partnerReferenceId: verdict?.partnerReferenceId ?? null,
  };
  const view = toCardTransactionView(row);
  if (approved) {
    const funds: CardFunds = { id: card.id, accountId: card.accountId, modeType: card.modeType, cardCurrency: card.cardCurrency };
    addApprovalGuards(writes, card, billed, now);
    // The guards above hold the locks these need, so their own refusals cannot occur; they stay as the contract's.
    reserveOnCard(writes, funds, billed, cardTransactionErrors.exceedsHold());
    postHold(writes, funds, billed, { kind: 'CARD_AUTHORIZATION', referenceType: 'CARD_TRANSACTION', referenceId: row.id, at: now }, cardTransactionErrors.exceedsHold());
    if (card.usageType === 'ONE_TIME' && card.autoCancelTrigger === 'ON_AUTH') await addOneTimeCancel(ctx, writes, funds, money(card.cardBalance).minus(billed), now, {
        authHeld: billed,
        consumed: money(0),
        issuingAfter: money(card.issuingAvailable).minus(billed),
      });
  }
  writes.insertWithFreshReference('card_transactions', row as unknown as Record<string, ColumnValue>);
  addCardTransactionEvent(writes, ctx.acting.id, approved ? 'card.authorization.approved' : 'card.authorization.declined', view);
  return view;
}

/**
 * What the write set changes on a ONE_TIME card besides cancelling it: its hold and consumed amount
 * move by these, and (SHARE) the issuing balance it spends from ends at `issuingAfter`.
 */
export interface OneTimeSpend {
  authHeld: Decimal;
  consumed: Decimal;
  issuingAfter: Decimal;
}

const plus = (a: Prisma.Decimal, b: Decimal) => new Prisma.Decimal(money(a).plus(b).toString());

/**
 * A ONE_TIME card's trigger (spec 3.2): cancelled in the write set that approved (ON_AUTH) or
 * cleared (ON_CAPTURE) its first transaction, with the rest of a SINGLE card's balance released
 * (funds.ts addCardCancel, guarded on that balance as computed here) and the card's status event.
 * The event is prepared before the set applies, so it shows the card as the set leaves it (`spend`):
 * the card as GET /v1/issuing/cards/{id} then answers it.
 */
export async function addOneTimeCancel(ctx: RequestContext, writes: WriteSet, card: CardFunds, release: Decimal, now: Date, spend: OneTimeSpend): Promise<void> {
  const reason = 'one-time card used';
  // A SHARE card holds no money of its own: nothing to release.
  addCardCancel(writes, card, card.modeType === 'SINGLE' ? release : money(0), reason, now);
  const row = await findCard(ctx, card.id);
  if (!row) return;
  const after = {
    ...row,
    status: 'CANCELLED',
    updateReason: reason,
    availableBalance: new Prisma.Decimal(0),
    authHeld: plus(row.authHeld, spend.authHeld),
    consumedAmount: plus(row.consumedAmount, spend.consumed),
    updatedAt: now,
  };
  addCardEvent(writes, 'card.status.updated', after, now, card.modeType === 'SINGLE' ? undefined : spend.issuingAfter);
}

/**
 * One request's transaction id and customer verdict, kept for every preparation of it: the customer
 * was asked about this transaction_id, once. The idempotency layer prepares a request again by calling
 * the service again with the same parsed body object, so the state hangs off that object (a WeakMap:
 * it lives as long as the request does).
 */
interface RequestState {
  id: string;
  asked?: Promise<PartnerVerdict>;
}
const requests = new WeakMap<object, RequestState>();

function requestState(raw: unknown): RequestState {
  if (typeof raw !== 'object' || raw === null) return { id: newId() };
  let state = requests.get(raw);
  if (!state) requests.set(raw, (state = { id: newId() }));
  return state;
}

/**
 * SI2: a simulated authorization. Decided against the card as read (decision.ts decideAuthorization);
 * APPROVED holds the billing amount (funds.ts reserveOnCard + postHold) with the transaction row
 * and its event in one write set; DECLINED records the row and its event and moves no money.
 *
 * When the account has an enabled decision endpoint, an authorization payrail's rules approve is
 * then put to the customer (src/domain/issuing/auth-decisions) — after the read, before the write set, with
 * no transaction open and no row lock held. The write set's guards re-check the card under its lock;
 * when they find the read stale (a concurrent authorization took the room) the request is prepared
 * again from a fresh read, and the customer's verdict already given is reused, never asked twice
 * (also when the idempotency layer prepares the request again: requestState).
 * A retry whose idempotency key already has an answer is replayed before any call (replayIfUsed).
 */
export async function simulateAuthorization(ctx: RequestContext, decisions: AuthDecisionDeps, raw: unknown): Promise<CardTransactionView> {
  requireSandbox(ctx.acting, 'simulations', sandboxErrors.simulationsOnly);
  const input = parseInput(simulateAuthorizationCommand, raw);
  const state = requestState(raw);
  const id = state.id;
  const ask: AskPartner = (card, billed, now) =>
    (state.asked ??= (async () => {
      await ctx.unit?.replayIfUsed?.();
      return askForVerdict(ctx.db, decisions, rootOf(ctx.acting), card.decisionEndpoint!, {
        transactionId: id,
        cardId: card.id,
        transactionAmount: money(input.transactionAmount).toFixed(2),
        transactionCurrency: input.transactionCurrency,
        billingAmount: billed.toFixed(2),
        billingCurrency: card.cardCurrency,
        cardBalance: availableAfter(card, money(0)).toFixed(2),
        merchantName: input.merchantName,
        merchantCategoryCode: input.merchantCategoryCode,
        merchantCity: input.merchantCity ?? '',
        merchantCountry: input.merchantCountry ?? '',
        at: now,
      });
    })());
  return ctx.commit(({ writes }) => prepareAuthorization(ctx, writes, input, id, ask));
}

import type Decimal from 'decimal.js';
import { Prisma } from '../../../generated/prisma/client';
import type { DomainError } from '../../../platform/errors/domain-error';
import { addJournalEntry, type JournalEntryKind, type LedgerPurpose, type LedgerReferenceType, type PostingLine } from '../../../platform/ledger/posting';
import type { WriteSet } from '../../../platform/writes/write-set';
import {
  addFundsOnCard,
  addRefundOnCard,
  requireCardActiveLocked,
  requireCardCancel,
  requireClearingOnCard,
  requireDefundOnCard,
  requireReleaseOnCard,
  requireReserveOnCard,
  requireUnsolicitedRefundOnCard,
} from './store';

/**
 * The cards area's money contract (docs/decisions/issuing/issuing-balances.md "Issuing money"): how a card's spending is
 * funded and how each movement posts. Every other issuing area (recharge and withdraw, issuing
 * balances, authorizations, clearing) moves a card's money only through these functions, so the
 * card row's shares (`available_balance`, `auth_held`, `consumed_amount`) and the account-level
 * ledger accounts they belong to change in the same write set, in one fixed order.
 *
 * - A SHARE card spends from the account's issuing balance (ISSUING_AVAILABLE); its `card_limit`,
 *   when above 0, caps what it may have authorized plus consumed. 0 means no cap of its own.
 * - A SINGLE card is prepaid: its `available_balance` is money moved from the issuing balance onto
 *   the card (CARD_BALANCE), by its creation's `card_limit` and by recharges.
 * - An authorization moves the amount from the card's source to ISSUING_AUTH_HOLD; a reversal
 *   moves it back; a clearing sends the cleared amount to the network (ISSUING_CLEARING) and
 *   returns or takes the difference to or from the source; a refund comes back from the network.
 * - A refund nobody asked for (an unsolicited refund) is held in ISSUING_UNSOLICITED_REFUND until the
 *   account claims it; the claim moves it to the card's source.
 */
export interface CardFunds {
  id: string;
  accountId: string;
  modeType: string;
  cardCurrency: string;
}

export const fundsPurpose = (card: Pick<CardFunds, 'modeType'>): LedgerPurpose => (card.modeType === 'SINGLE' ? 'CARD_BALANCE' : 'ISSUING_AVAILABLE');

interface Movement {
  kind: JournalEntryKind;
  referenceType: LedgerReferenceType;
  referenceId: string;
  description?: string;
  at: Date;
}

/**
 * Reserves `amount` on the card for an authorization, atomically under the card's row lock: the card
 * must be ACTIVE, and a SINGLE card must hold the amount, a SHARE card with a limit must have room
 * under it. `refusal` refuses the whole write set otherwise (the caller records a decline instead).
 */
export function reserveOnCard(writes: WriteSet, card: CardFunds, amount: Decimal, refusal: DomainError): void {
  requireReserveOnCard(writes, card.id, amount, refusal);
}

/** Posts an authorization's hold: source → ISSUING_AUTH_HOLD. A SHARE card's debit is guarded (insufficient issuing balance refuses). */
export function postHold(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement, shortfall: DomainError): void {
  const source = fundsPurpose(card);
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: source, amount: amount.negated(), guardNonNegative: true, shortfall },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_AUTH_HOLD', amount },
    ],
  });
}

/**
 * Releases `amount` of a hold back to the card's source (a reversal, a declined clearing's leftover,
 * an expired authorization). The guard keeps `auth_held` from going below zero: releasing more
 * than is held refuses the set with `refusal`.
 */
export function releaseHold(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement, refusal: DomainError): void {
  requireReleaseOnCard(writes, card.id, amount, refusal);
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_AUTH_HOLD', amount: amount.negated(), guardNonNegative: true, shortfall: refusal },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: fundsPurpose(card), amount },
    ],
  });
}

/**
 * Clears an authorization: `held` leaves the hold, `cleared` goes to the network, and the
 * difference goes back to the card's source, or, when more is cleared than was held, is taken from
 * it, guarded like a hold: a source that cannot cover the excess refuses the clearing with `refusal`.
 */
export function postClearing(writes: WriteSet, card: CardFunds, held: Decimal, cleared: Decimal, m: Movement, refusal: DomainError): void {
  const diff = held.minus(cleared);
  requireClearingOnCard(writes, card.id, held, cleared, diff, refusal);
  const on = { accountId: card.accountId, currency: card.cardCurrency };
  const lines: PostingLine[] = [
    { ...on, purpose: 'ISSUING_AUTH_HOLD', amount: held.negated(), guardNonNegative: true, shortfall: refusal },
    { ...on, purpose: 'ISSUING_CLEARING', amount: cleared },
  ];
  if (!diff.isZero()) lines.push({ ...on, purpose: fundsPurpose(card), amount: diff, guardNonNegative: true, shortfall: refusal });
  addJournalEntry(writes, { ...m, accountId: card.accountId, lines });
}

/** A merchant's refund to the card: the network pays `amount` back to the card's source; consumed falls by it (never below 0). */
export function postCardRefund(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement): void {
  addRefundOnCard(writes, card.id, amount);
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_CLEARING', amount: amount.negated() },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: fundsPurpose(card), amount },
    ],
  });
}

/** A refund nobody asked for reaches the card: the network pays `amount` into ISSUING_UNSOLICITED_REFUND, held there until claimed. The card row does not change. */
export function postUnsolicitedRefund(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement): void {
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_CLEARING', amount: amount.negated() },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_UNSOLICITED_REFUND', amount },
    ],
  });
}

/**
 * The claim of an unsolicited refund: `amount` leaves ISSUING_UNSOLICITED_REFUND (guarded) for the
 * card's source. `onCard` (a SINGLE card not cancelled as read) puts it on the card's prepaid
 * balance, guarded on the card still not CANCELLED (STALE otherwise, so a cancel that won the race
 * sends it to the issuing balance on the next preparation); otherwise it goes to the issuing balance.
 */
export function releaseUnsolicitedRefund(writes: WriteSet, card: CardFunds, amount: Decimal, onCard: boolean, m: Movement, refusal: DomainError): void {
  if (onCard) {
    requireUnsolicitedRefundOnCard(writes, card.id, amount);
  }
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_UNSOLICITED_REFUND', amount: amount.negated(), guardNonNegative: true, shortfall: refusal },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: onCard ? 'CARD_BALANCE' : 'ISSUING_AVAILABLE', amount },
    ],
  });
}

/** Moves money from the issuing balance onto a SINGLE card (its creation's card_limit, a recharge). Guarded: `shortfall` when the balance is short. */
export function fundCard(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement, shortfall: DomainError): void {
  addFundsOnCard(writes, card.id, amount);
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_AVAILABLE', amount: amount.negated(), guardNonNegative: true, shortfall },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'CARD_BALANCE', amount },
    ],
  });
}

/** Moves money from a SINGLE card back to the issuing balance (a withdraw, the release at cancel or expiry). Guarded on the card's own balance. */
export function defundCard(writes: WriteSet, card: CardFunds, amount: Decimal, m: Movement, shortfall: DomainError): void {
  requireDefundOnCard(writes, card.id, amount, shortfall);
  addJournalEntry(writes, {
    ...m,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'CARD_BALANCE', amount: amount.negated(), guardNonNegative: true, shortfall },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_AVAILABLE', amount },
    ],
  });
}

/**
 * Cancels a card in a write set by a guarded statement, without its row lock (a ONE_TIME card's
 * trigger in the write set of its transaction): CANCELLED, and the `release` still on a SINGLE card
 * back to the issuing balance (spec 3.2). The statement is guarded on the card not being cancelled
 * already and on its prepaid balance being exactly `release` as read, so a concurrent movement makes
 * the caller prepare again (STALE) instead of leaving money on a cancelled card. Outstanding holds
 * stay until cleared or reversed. A card its caller holds locked is cancelled by `cardCancel`.
 */
export function addCardCancel(writes: WriteSet, card: CardFunds, release: Decimal, reason: string | null, at: Date): void {
  requireCardCancel(writes, card.id, release, reason, at);
  addCardRelease(writes, card, release, at);
}

/**
 * The cancel of a card its caller holds locked (CI5 cancel through the API, expiry_at on the clock):
 * its whole prepaid balance (a SINGLE card's; a SHARE card holds none) goes back to the issuing
 * balance in `writes`, and the answer is the row's change, which the cards' status lifecycle writes
 * (cards/lifecycle.ts). Outstanding holds stay until cleared or reversed.
 */
export function cardCancel(writes: WriteSet, card: CardFunds & { availableBalance: Prisma.Decimal }, reason: string | null, at: Date) {
  addCardRelease(writes, card, card.availableBalance, at);
  return { to: 'CANCELLED', changes: { updateReason: reason, availableBalance: new Prisma.Decimal(0) } } as const;
}

/** The release of a cancelled card's unused balance: CARD_BALANCE → ISSUING_AVAILABLE, nothing when it is 0. */
function addCardRelease(writes: WriteSet, card: CardFunds, release: Decimal, at: Date): void {
  if (release.isZero()) return;
  addJournalEntry(writes, {
    kind: 'CARD_WITHDRAW',
    referenceType: 'CARD',
    referenceId: card.id,
    description: 'unused balance of a cancelled card',
    at,
    accountId: card.accountId,
    lines: [
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'CARD_BALANCE', amount: release.negated(), guardNonNegative: true },
      { accountId: card.accountId, currency: card.cardCurrency, purpose: 'ISSUING_AVAILABLE', amount: release },
    ],
  });
}

/**
 * Requires the card ACTIVE and not past its expiry_at, and holds its row lock (FOR UPDATE) until
 * the set commits: a recharge or withdraw cannot land on a card cancelled or frozen under it, and
 * takes the card's lock before the ledger accounts', in the same order as a cancel (lockCard).
 */
export function requireCardSpendable(writes: WriteSet, card: CardFunds, at: Date, refusal: DomainError): void {
  requireCardActiveLocked(writes, card.id, at, refusal);
}

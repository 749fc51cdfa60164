import DataLoader from 'dataloader';
import { accountsVisibleTo } from '../domain/onboarding/accounts/queries';
import type { AccountView } from '../domain/onboarding/accounts/view';
import { beneficiariesByIds } from '../domain/wallet/beneficiaries/queries';
import type { BeneficiaryView } from '../domain/wallet/beneficiaries/view';
import type { RequestContext } from '../platform/context';
// payment acceptance: intent -> latest attempt
import { attemptsByIds, attemptsByIntentIds } from '../domain/acquiring/payments/queries';
import type { PaymentAttemptView } from '../domain/acquiring/payments/view';
// payment acceptance: intent -> refunds
import { refundsByIntentIds } from '../domain/acquiring/refunds/queries';
import type { RefundView } from '../domain/acquiring/refunds/view';
// card issuing: card -> cardholder, cardholder -> cards
import { cardholdersByIds } from '../domain/issuing/cardholders/queries';
import type { CardholderView } from '../domain/issuing/cardholders/view';
import { cardsByCardholderIds } from '../domain/issuing/cards/queries';
import type { CardView } from '../domain/issuing/cards/view';

/**
 * Per-request DataLoaders: nested fields load in batches, so a list of N items costs a constant
 * number of queries. Each wires one domain finder, which scopes by the acting account: an id the
 * caller may not see loads as null.
 */
export interface Loaders {
  /** The acting account, its master, and the caller's own sub-accounts. */
  accountById: DataLoader<string, AccountView | null>;
  /** The acting account's beneficiaries, in any status. */
  beneficiaryById: DataLoader<string, BeneficiaryView | null>;
  // payment acceptance
  /** The acting account's payment attempts (PaymentIntent.latestPaymentAttempt). */
  paymentAttemptById: DataLoader<string, PaymentAttemptView | null>;
  /** The attempts of the acting account's intents, newest first (PaymentIntent.attempts). */
  attemptsByIntentId: DataLoader<string, PaymentAttemptView[]>;
  /** The refunds of the acting account's intents, oldest first (PaymentIntent.refunds). */
  refundsByIntentId: DataLoader<string, RefundView[]>;
  // card issuing
  /** The acting account's cardholders, with their card counts (Card.cardholder). */
  cardholderById: DataLoader<string, CardholderView | null>;
  /** The acting account's cards of a holder, newest first (Cardholder.cards). */
  cardsByCardholderId: DataLoader<string, CardView[]>;
}

type FindByIds<V> = (ctx: RequestContext, ids: readonly string[]) => Promise<Map<string, V>>;

const loaderOf = <V>(auth: () => Promise<RequestContext>, find: FindByIds<V>) =>
  new DataLoader<string, V | null>(async (ids) => {
    const found = await find(await auth(), ids);
    return ids.map((id) => found.get(id) ?? null);
  });

export function createLoaders(auth: () => Promise<RequestContext>): Loaders {
  return {
    accountById: loaderOf(auth, accountsVisibleTo),
    beneficiaryById: loaderOf(auth, beneficiariesByIds),
    // payment acceptance
    paymentAttemptById: loaderOf(auth, attemptsByIds),
    attemptsByIntentId: new DataLoader<string, PaymentAttemptView[]>(async (ids) => {
      const found = await attemptsByIntentIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    refundsByIntentId: new DataLoader<string, RefundView[]>(async (ids) => {
      const found = await refundsByIntentIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    // card issuing
    cardholderById: loaderOf(auth, cardholdersByIds),
    cardsByCardholderId: new DataLoader<string, CardView[]>(async (ids) => {
      const found = await cardsByCardholderIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
  };
}

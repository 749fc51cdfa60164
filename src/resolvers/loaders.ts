import DataLoader from 'dataloader';
import { nodeKinds } from '../domain/nodes';
import type { RequestContext } from '../platform/context';
// payment acceptance: intent -> its attempts
import { attemptsByIntentIds } from '../domain/acquiring/payments/queries';
import type { PaymentAttemptView } from '../domain/acquiring/payments/view';
// payment acceptance: intent -> refunds
import { refundsByIntentIds } from '../domain/acquiring/refunds/queries';
import type { RefundView } from '../domain/acquiring/refunds/view';
// card issuing: cardholder -> cards
import { cardsByCardholderIds } from '../domain/issuing/cards/queries';
import type { CardView } from '../domain/issuing/cards/view';
import type { NodeDeps, NodeType } from './shared/node';

/**
 * Per-request DataLoaders: nested fields load in batches, so a list of N items costs a constant
 * number of queries. Each wires one domain finder, which scopes by the acting account: an id the
 * caller may not see loads as null.
 */
export interface Loaders {
  /**
   * The objects of one node type by id (shared/node.ts), one loader per kind for the request: every
   * object field beside a foreign key (`Refund.paymentIntent`, `Payout.beneficiary`) and every
   * `node(id)` of that kind read together.
   */
  node<G extends object>(type: NodeType<G>): DataLoader<string, G | null>;
  /** The kind of each id among the acting account's rows of every declared table: one statement per batch (domain/nodes.ts). */
  nodeKind: DataLoader<string, string | null>;
  // payment acceptance
  /** The attempts of the acting account's intents, newest first (PaymentIntent.attempts). */
  attemptsByIntentId: DataLoader<string, PaymentAttemptView[]>;
  /** The refunds of the acting account's intents, oldest first (PaymentIntent.refunds). */
  refundsByIntentId: DataLoader<string, RefundView[]>;
  // card issuing
  /** The acting account's cards of a holder, newest first (Cardholder.cards). */
  cardsByCardholderId: DataLoader<string, CardView[]>;
}

export function createLoaders(auth: () => Promise<RequestContext>, deps: NodeDeps): Loaders {
  const byKind = new Map<string, DataLoader<string, object | null>>();
  return {
    node<G extends object>(type: NodeType<G>): DataLoader<string, G | null> {
      let loader = byKind.get(type.kind);
      if (!loader) {
        loader = new DataLoader<string, object | null>(async (ids) => {
          const found = await type.load(await auth(), ids, deps);
          return ids.map((id) => found.get(id) ?? null);
        });
        byKind.set(type.kind, loader);
      }
      // One loader per kind, made by the type of that kind: its objects are that type's.
      return loader as DataLoader<string, G | null>;
    },
    nodeKind: new DataLoader<string, string | null>(async (ids) => {
      const found = await nodeKinds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    // payment acceptance
    attemptsByIntentId: new DataLoader<string, PaymentAttemptView[]>(async (ids) => {
      const found = await attemptsByIntentIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    refundsByIntentId: new DataLoader<string, RefundView[]>(async (ids) => {
      const found = await refundsByIntentIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    // card issuing
    cardsByCardholderId: new DataLoader<string, CardView[]>(async (ids) => {
      const found = await cardsByCardholderIds(await auth(), ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
  };
}

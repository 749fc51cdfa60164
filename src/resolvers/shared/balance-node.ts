import type { RequestContext } from '../../platform/context';
import { derivedIdParts, derivedNode, oneByOne, type NodeType } from './node';

const CURRENCY = /^[A-Z]{3}$/;

/**
 * A balance as a node. A balance has no row id of its own (it is read from ledger accounts, and one
 * never used has none): its id is formed from its GraphQL type, the account and the currency,
 * `<Type>:<account id>:<currency>`, and node(id) reads it as the area's lookup by currency does.
 */
export function currencyBalanceNode<V, G extends { currency: string }>(def: {
  kind: string;
  type: NodeType<G>['type'];
  read: (ctx: RequestContext, currency: string) => Promise<V | null>;
  map: (view: V) => G;
}): NodeType<G> {
  const currencyOf = (accountId: string, id: string): string | null => {
    const parts = derivedIdParts(def.type.name, id, 2);
    return parts && parts[0] === accountId && CURRENCY.test(parts[1]!) ? parts[1]! : null;
  };
  return derivedNode({
    kind: def.kind,
    type: def.type,
    owns: (ctx, id) => currencyOf(ctx.acting.id, id) !== null,
    find: (ctx, ids) =>
      oneByOne(ids, (id) => {
        const currency = currencyOf(ctx.acting.id, id);
        return currency === null ? Promise.resolve(null) : def.read(ctx, currency);
      }),
    map: def.map,
  });
}

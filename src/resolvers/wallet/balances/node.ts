import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { getBalance } from '../../../domain/wallet/balances/queries';
import type { GraphQLContext } from '../../context';
import { derivedId, derivedIdParts, derivedNode, oneByOne } from '../../shared/node';
import { Balance, toGraphQLBalance } from './types';

/**
 * A balance has no row id of its own (it is read from ledger accounts, and one never used has none):
 * its id is formed from the account and the currency, in one currency: `Balance:<account id>:<currency>`.
 */
const CURRENCY = /^[A-Z]{3}$/;

function currencyOf(accountId: string, id: string): string | null {
  const parts = derivedIdParts('Balance', id, 2);
  return parts && parts[0] === accountId && CURRENCY.test(parts[1]!) ? parts[1]! : null;
}

/** Balance as a node: node(id) reads it as the lookup by currency does. */
export const balanceNode = derivedNode({
  kind: 'balance',
  type: Balance,
  owns: (ctx, id) => currencyOf(ctx.acting.id, id) !== null,
  find: (ctx, ids) => oneByOne(ids, (id) => {
    const currency = currencyOf(ctx.acting.id, id);
    return currency === null ? Promise.resolve(null) : getBalance(ctx, currency);
  }),
  map: toGraphQLBalance,
});

@Resolver(() => Balance)
export class BalanceId {
  @FieldResolver(() => ID, { description: 'Formed from the account and the currency (Balance:<account id>:<currency>): node(id) finds the balance again' })
  async id(@Root() balance: Balance, @Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('Balance', (await gctx.auth()).acting.id, balance.currency);
  }
}

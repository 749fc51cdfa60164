import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { getBalance } from '../../../domain/wallet/balances/queries';
import type { GraphQLContext } from '../../context';
import { derivedId } from '../../shared/node';
import { currencyBalanceNode } from '../../shared/balance-node';
import { Balance, toGraphQLBalance } from './types';

/** Balance as a node (shared/balance-node.ts): `Balance:<account id>:<currency>`, read as the lookup by currency does. */
export const balanceNode = currencyBalanceNode({
  kind: 'balance',
  type: Balance,
  read: (ctx, currency) => getBalance(ctx, currency),
  map: toGraphQLBalance,
});

@Resolver(() => Balance)
export class BalanceId {
  @FieldResolver(() => ID, { description: 'Formed from the account and the currency (Balance:<account id>:<currency>): node(id) finds the balance again' })
  async id(@Root() balance: Balance, @Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('Balance', (await gctx.auth()).acting.id, balance.currency);
  }
}

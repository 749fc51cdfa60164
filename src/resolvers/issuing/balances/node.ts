import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { getIssuingBalance } from '../../../domain/issuing/balances/queries';
import type { GraphQLContext } from '../../context';
import { derivedId } from '../../shared/node';
import { currencyBalanceNode } from '../../shared/balance-node';
import { IssuingBalance, toGraphQLIssuingBalance } from './types';

/** IssuingBalance as a node (shared/balance-node.ts): `IssuingBalance:<account id>:<currency>`, read as the lookup by currency does. */
export const issuingBalanceNode = currencyBalanceNode({
  kind: 'issuing_balance',
  type: IssuingBalance,
  read: (ctx, currency) => getIssuingBalance(ctx, { currency }),
  map: toGraphQLIssuingBalance,
});

@Resolver(() => IssuingBalance)
export class IssuingBalanceId {
  @FieldResolver(() => ID, { description: 'Formed from the account and the currency (IssuingBalance:<account id>:<currency>): node(id) finds the balance again' })
  async id(@Root() balance: IssuingBalance, @Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('IssuingBalance', (await gctx.auth()).acting.id, balance.currency);
  }
}

import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { getPaymentBalance } from '../../../domain/acquiring/balances/queries';
import type { GraphQLContext } from '../../context';
import { derivedId } from '../../shared/node';
import { currencyBalanceNode } from '../../shared/balance-node';
import { PaymentBalance, toGraphQLPaymentBalance } from './types';

/** PaymentBalance as a node (shared/balance-node.ts): `PaymentBalance:<account id>:<currency>`, read as the lookup by currency does. */
export const paymentBalanceNode = currencyBalanceNode({
  kind: 'payment_balance',
  type: PaymentBalance,
  read: (ctx, currency) => getPaymentBalance(ctx, currency),
  map: toGraphQLPaymentBalance,
});

@Resolver(() => PaymentBalance)
export class PaymentBalanceId {
  @FieldResolver(() => ID, { description: 'Formed from the account and the currency (PaymentBalance:<account id>:<currency>): node(id) finds the balance again' })
  async id(@Root() balance: PaymentBalance, @Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('PaymentBalance', (await gctx.auth()).acting.id, balance.currency);
  }
}

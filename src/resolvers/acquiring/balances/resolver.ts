import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { getPaymentBalance, paymentBalanceList } from '../../../domain/acquiring/balances/queries';
import type { GraphQLContext } from '../../context';
import { connection, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { PaymentBalance, PaymentBalanceConnection, toGraphQLPaymentBalance } from './types';

/** PA14/PA15 over GraphQL. */
@Resolver()
export class PaymentBalancesResolver {
  @Query(() => PaymentBalanceConnection, { description: 'Payment balances of the acting account, one per currency, by code' })
  paymentBalances(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return connection(gctx, { first, after }, paymentBalanceList, toGraphQLPaymentBalance);
  }

  @Query(() => PaymentBalance, { description: 'The payment balance in one currency (zero for a supported currency never used)' })
  paymentBalance(@Ctx() gctx: GraphQLContext, @Arg('currency', () => String) currency: string): Promise<PaymentBalance> {
    return query(gctx, (ctx, wire) => getPaymentBalance(ctx, wire.currency), toGraphQLPaymentBalance, commandInput({ currency }));
  }
}

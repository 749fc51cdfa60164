import { CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
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
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, paymentBalanceList, toGraphQLPaymentBalance);
  }

  @Query(() => PaymentBalance, { description: 'The payment balance in one currency (zero for a supported currency never used)' })
  paymentBalance(@Ctx() gctx: GraphQLContext, @Arg('currency', () => CurrencyCodeScalar) currency: string): Promise<PaymentBalance> {
    return query(gctx, (ctx, wire) => getPaymentBalance(ctx, wire.currency), toGraphQLPaymentBalance, commandInput({ currency }));
  }
}

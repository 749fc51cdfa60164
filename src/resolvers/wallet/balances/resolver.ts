import { CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { balanceList, balanceTransactionList, getBalance } from '../../../domain/wallet/balances/queries';
import type { GraphQLContext } from '../../context';
import { connection, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  Balance,
  BalanceConnection,
  BalanceTransactionConnection,
  BalanceTransactionFilter,
  toGraphQLBalance,
  toGraphQLBalanceTransaction,
} from './types';

/** BT1-BT3 over GraphQL: the same domain queries as the REST routes. */
@Resolver()
export class BalancesResolver {
  @Query(() => BalanceConnection, { description: "The acting account's balances, one per currency, by currency code" })
  balances(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, balanceList, toGraphQLBalance);
  }

  @Query(() => Balance, { description: 'The balance in one currency (zero for a supported currency never used)' })
  balance(@Ctx() gctx: GraphQLContext, @Arg('currency', () => CurrencyCodeScalar) currency: string): Promise<Balance> {
    return query(gctx, (ctx) => getBalance(ctx, currency), toGraphQLBalance, commandInput({ currency }));
  }

  @Query(() => BalanceTransactionConnection, { description: 'Wallet movements of the acting account, newest first' })
  balanceTransactions(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => BalanceTransactionFilter, { nullable: true }) filter?: BalanceTransactionFilter,
  ) {
    return connection(gctx, page, balanceTransactionList, toGraphQLBalanceTransaction, commandInput(filter));
  }
}

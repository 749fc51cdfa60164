import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { findBalances, findBalanceTransactions, getBalance } from '../../domain/balances/queries';
import type { GraphQLContext } from '../context';
import { connectionWindow, toConnection } from '../shared/connection';
import {
  Balance,
  BalanceConnection,
  BalanceTransactionConnection,
  BalanceTransactionFilter,
  toGraphQLBalance,
  toGraphQLBalanceTransaction,
} from './types';

const iso = (d: Date | undefined | null) => (d ? new Date(d).toISOString() : undefined);

/** BT1-BT3 over GraphQL: the same domain queries as the REST routes. */
@Resolver()
export class BalancesResolver {
  @Query(() => BalanceConnection, { description: "The acting account's balances, one per currency, by currency code" })
  async balances(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<BalanceConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const slice = await findBalances(ctx, window);
    return toConnection(slice.items.map(toGraphQLBalance), window.skip, slice.totalCount);
  }

  @Query(() => Balance, { description: 'The balance in one currency (zero for a supported currency never used)' })
  async balance(@Ctx() gctx: GraphQLContext, @Arg('currency', () => String) currency: string): Promise<Balance> {
    const ctx = await gctx.auth();
    return toGraphQLBalance(await getBalance(ctx, currency));
  }

  @Query(() => BalanceTransactionConnection, { description: 'Wallet movements of the acting account, newest first' })
  async balanceTransactions(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => BalanceTransactionFilter, { nullable: true }) filter?: BalanceTransactionFilter,
  ): Promise<BalanceTransactionConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const slice = await findBalanceTransactions(
      ctx,
      {
        start_time: iso(filter?.startTime),
        end_time: iso(filter?.endTime),
        currency: filter?.currency ?? undefined,
        transaction_type: filter?.transactionType ?? undefined,
        transaction_status: filter?.status ?? undefined,
      },
      window,
    );
    return toConnection(slice.items.map(toGraphQLBalanceTransaction), window.skip, slice.totalCount);
  }
}

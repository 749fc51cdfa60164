import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { findDeposits, getDeposit } from '../../domain/deposits/queries';
import { simulateDeposit } from '../../domain/deposits/service';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import { Deposit, DepositConnection, DepositFilter, SimulateDepositInput, toGraphQLDeposit } from './types';

const iso = (d: Date | undefined | null) => (d ? new Date(d).toISOString() : undefined);

/** SI1, BT4, BT5 over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class DepositsResolver {
  @Mutation(() => Deposit, { description: 'Simulates an incoming deposit into the acting account (sandbox); it is COMPLETED and credited when this answers, unless senderSwiftCode carries a test value' })
  async simulateDeposit(
    @Arg('input', () => SimulateDepositInput) input: SimulateDepositInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Deposit> {
    // The domain's wire names, so that its rules and messages are the REST ones.
    const plain = {
      amount: input.amount,
      currency: input.currency,
      sender_swift_code: input.senderSwiftCode,
      receiver_account_number: input.receiverAccountNumber ?? undefined,
      sender_account_number: input.senderAccountNumber ?? undefined,
      sender_name: input.senderName ?? undefined,
      sender_country: input.senderCountry ?? undefined,
    };
    return idempotentMutation(gctx, { field: 'simulateDeposit', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLDeposit(await simulateDeposit(ctx, plain, { amountAs: 'string' })),
    );
  }

  @Query(() => DepositConnection, { description: "The acting account's deposits, newest first" })
  async deposits(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => DepositFilter, { nullable: true }) filter?: DepositFilter,
  ): Promise<DepositConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const slice = await findDeposits(
      ctx,
      { start_time: iso(filter?.startTime), end_time: iso(filter?.endTime), status: filter?.status ?? undefined },
      window,
    );
    return toConnection(slice.items.map(toGraphQLDeposit), window.skip, slice.totalCount);
  }

  @Query(() => Deposit)
  async deposit(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Deposit> {
    const ctx = await gctx.auth();
    return toGraphQLDeposit(await getDeposit(ctx, id));
  }
}

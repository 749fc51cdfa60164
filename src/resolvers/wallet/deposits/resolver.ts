import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { depositList, getDeposit } from '../../../domain/wallet/deposits/queries';
import { simulateDeposit } from '../../../domain/wallet/deposits/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { Deposit, DepositConnection, DepositFilter, SimulateDepositInput, toGraphQLDeposit } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { depositErrors } from '../../../domain/wallet/deposits/errors';
import { virtualAccountErrors } from '../../../domain/wallet/virtual-accounts/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const DepositsUserError = areaUserError('Deposits', [depositErrors, virtualAccountErrors, testClockErrors]);
const SimulateDepositPayload = payloadType('SimulateDepositPayload', 'deposit', () => Deposit, DepositsUserError);

/** SI1, BT4, BT5 over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class DepositsResolver {
  @Mutation(() => SimulateDepositPayload, { description: 'Simulates an incoming deposit into the acting account (sandbox); it is COMPLETED and credited when this answers, unless senderSwiftCode carries a test value' })
  simulateDeposit(@Arg('input', () => SimulateDepositInput) input: SimulateDepositInput, @Ctx() gctx: GraphQLContext) {
    // senderCountry is any JSON value, kept exactly as sent (nulls inside it included).
    const { senderCountry, ...rest } = input;
    const command = commandInput(rest);
    if (senderCountry !== undefined && senderCountry !== null) command.value.senderCountry = senderCountry;
    return mutation(
      gctx,
      { field: 'simulateDeposit', payload: SimulateDepositPayload, family: 'account_center', input: command },
      (ctx, body) => simulateDeposit(ctx, body, { amountAs: 'string' }),
      toGraphQLDeposit,
    );
  }

  @Query(() => DepositConnection, { description: "The acting account's deposits, newest first" })
  deposits(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => DepositFilter, { nullable: true }) filter?: DepositFilter,
  ) {
    return connection(gctx, page, depositList, toGraphQLDeposit, commandInput(filter));
  }

  @Query(() => Deposit, { nullable: true, description: 'One deposit of the acting account' })
  deposit(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Deposit | null> {
    return lookup(gctx, (ctx) => getDeposit(ctx, id), toGraphQLDeposit);
  }
}

import { CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getIssuingBalance, issuingBalanceList, issuingBalanceTransactionList } from '../../../domain/issuing/balances/queries';
import { fundIssuingBalance } from '../../../domain/issuing/transfers/service';
import type { GraphQLContext } from '../../context';
import { IssuingTransfer, toGraphQLIssuingTransfer } from '../transfers/types';
import { connection, mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  IssuingBalance,
  IssuingBalanceConnection,
  IssuingBalanceTransactionConnection,
  IssuingBalanceTransactionFilter,
  IssuingFundingInput,
  toGraphQLIssuingBalance,
  toGraphQLIssuingBalanceTransaction,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { issuingBalanceErrors } from '../../../domain/issuing/balances/errors';
import { issuingTransferErrors } from '../../../domain/issuing/transfers/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const IssuingBalancesUserError = areaUserError('IssuingBalances', [issuingBalanceErrors, issuingTransferErrors, accountErrors, fileErrors, testClockErrors]);
const TransferToIssuingBalancePayload = payloadType('TransferToIssuingBalancePayload', 'issuingTransfer', () => IssuingTransfer, IssuingBalancesUserError);
const TransferFromIssuingBalancePayload = payloadType('TransferFromIssuingBalancePayload', 'issuingTransfer', () => IssuingTransfer, IssuingBalancesUserError);

/** CI19, CI20, CI21 and the funding extension over GraphQL. */
@Resolver()
export class IssuingBalancesResolver {
  @Query(() => IssuingBalanceConnection, { description: 'Issuing balances of the acting account, one per issuing currency (SGD, USD)' })
  issuingBalances(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, issuingBalanceList, toGraphQLIssuingBalance);
  }

  @Query(() => IssuingBalance, { description: 'The issuing balance in one currency' })
  issuingBalance(@Ctx() gctx: GraphQLContext, @Arg('currency', () => CurrencyCodeScalar) currency: string): Promise<IssuingBalance> {
    return query(gctx, (ctx, wire) => getIssuingBalance(ctx, wire), toGraphQLIssuingBalance, commandInput({ currency }));
  }

  @Query(() => IssuingBalanceTransactionConnection, { description: 'Movements of the issuing balances, newest first' })
  issuingBalanceTransactions(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => IssuingBalanceTransactionFilter, { nullable: true }) filter?: IssuingBalanceTransactionFilter,
  ) {
    return connection(gctx, page, issuingBalanceTransactionList, toGraphQLIssuingBalanceTransaction, commandInput(filter));
  }

  @Mutation(() => TransferToIssuingBalancePayload, { description: 'Moves money from the wallet to the issuing balance (REST transfer_in)' })
  transferToIssuingBalance(@Arg('input', () => IssuingFundingInput) input: IssuingFundingInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'transferToIssuingBalance', payload: TransferToIssuingBalancePayload, family: 'issuance', input: commandInput(input, { jsonNumbers: ['amount'] }) }, (ctx, body) => fundIssuingBalance(ctx, 'in', body), toGraphQLIssuingTransfer);
  }

  @Mutation(() => TransferFromIssuingBalancePayload, { description: 'Moves money from the issuing balance back to the wallet (REST transfer_out)' })
  transferFromIssuingBalance(@Arg('input', () => IssuingFundingInput) input: IssuingFundingInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'transferFromIssuingBalance', payload: TransferFromIssuingBalancePayload, family: 'issuance', input: commandInput(input, { jsonNumbers: ['amount'] }) }, (ctx, body) => fundIssuingBalance(ctx, 'out', body), toGraphQLIssuingTransfer);
  }
}

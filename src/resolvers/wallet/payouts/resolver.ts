import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getPayout, payoutList } from '../../../domain/wallet/payouts/queries';
import { createPayout } from '../../../domain/wallet/payouts/service';
import { Beneficiary, toGraphQLBeneficiary } from '../beneficiaries/types';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreatePayoutInput, Payout, PayoutConnection, PayoutFilter, toGraphQLPayout } from './types';
import { objectOf } from '../../shared/node';
import { beneficiaryNode } from '../beneficiaries/types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { payoutErrors } from '../../../domain/wallet/payouts/errors';
import { beneficiaryErrors } from '../../../domain/wallet/beneficiaries/errors';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const PayoutsUserError = areaUserError('Payouts', [payoutErrors, beneficiaryErrors, fxErrors, accountErrors, fileErrors, testClockErrors]);
const CreatePayoutPayload = payloadType('CreatePayoutPayload', 'payout', () => Payout, PayoutsUserError);

@Resolver(() => Payout)
export class PayoutsResolver {
  @FieldResolver(() => Beneficiary, { nullable: true, description: 'The beneficiary the payout is sent to (batched per request)' })
  async beneficiary(@Root() payout: Payout, @Ctx() gctx: GraphQLContext): Promise<Beneficiary | null> {
    return objectOf(gctx.loaders, beneficiaryNode, payout.beneficiaryId);
  }

  @Query(() => PayoutConnection, { description: 'Payouts of the acting account, newest first' })
  payouts(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => PayoutFilter, { nullable: true }) filter?: PayoutFilter,
  ) {
    return connection(gctx, page, payoutList, toGraphQLPayout, commandInput(filter));
  }

  @Query(() => Payout, { nullable: true, description: 'One payout of the acting account' })
  payout(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Payout | null> {
    return lookup(gctx, (ctx) => getPayout(ctx, id), toGraphQLPayout);
  }

  @Mutation(() => CreatePayoutPayload, { description: 'Creates a payout (spec 4.6): the wallet is debited amount + fee at once' })
  createPayout(@Arg('input', () => CreatePayoutInput) input: CreatePayoutInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createPayout', payload: CreatePayoutPayload, family: 'account_center', input: commandInput(input) }, createPayout, toGraphQLPayout);
  }
}

import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getPaymentPayout, paymentPayoutList } from '../../../domain/acquiring/payouts/queries';
import { createPaymentPayout } from '../../../domain/acquiring/payouts/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  CreatePaymentPayoutInput,
  PaymentPayout,
  PaymentPayoutConnection,
  PaymentPayoutFilter,
  toGraphQLPaymentPayout,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { paymentPayoutErrors } from '../../../domain/acquiring/payouts/errors';
import { bankAccountErrors } from '../../../domain/acquiring/bank-accounts/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const PaymentPayoutsUserError = areaUserError('PaymentPayouts', [paymentPayoutErrors, bankAccountErrors, accountErrors, fileErrors, testClockErrors]);
const CreatePaymentPayoutPayload = payloadType('CreatePaymentPayoutPayload', 'paymentPayout', () => PaymentPayout, PaymentPayoutsUserError);

/** PA16-PA18 over GraphQL. */
@Resolver(() => PaymentPayout)
export class PaymentPayoutsResolver {
  @Query(() => PaymentPayoutConnection, { description: 'Payment payouts of the acting account, newest first' })
  paymentPayouts(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => PaymentPayoutFilter, { nullable: true }) filter?: PaymentPayoutFilter,
  ) {
    return connection(gctx, page, paymentPayoutList, toGraphQLPaymentPayout, commandInput(filter));
  }

  @Query(() => PaymentPayout, { nullable: true, description: 'One payment payout of the acting account' })
  paymentPayout(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<PaymentPayout | null> {
    return lookup(gctx, (ctx) => getPaymentPayout(ctx, id), toGraphQLPaymentPayout);
  }

  @Mutation(() => CreatePaymentPayoutPayload, { description: 'Pays out of the available payment balance (PA16)' })
  createPaymentPayout(@Arg('input', () => CreatePaymentPayoutInput) input: CreatePaymentPayoutInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createPaymentPayout', payload: CreatePaymentPayoutPayload, family: 'account_center', input: commandInput(input) }, createPaymentPayout, toGraphQLPaymentPayout);
  }
}

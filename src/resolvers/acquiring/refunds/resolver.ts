import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getRefund, refundList } from '../../../domain/acquiring/refunds/queries';
import { createRefund } from '../../../domain/acquiring/refunds/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateRefundInput, Refund, RefundConnection, RefundFilter, toGraphQLRefund } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { refundErrors } from '../../../domain/acquiring/refunds/errors';
import { paymentErrors } from '../../../domain/acquiring/payments/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const RefundsUserError = areaUserError('Refunds', [refundErrors, paymentErrors, accountErrors, fileErrors, fxErrors, testClockErrors]);
const CreateRefundPayload = payloadType('CreateRefundPayload', 'refund', () => Refund, RefundsUserError);

@Resolver(() => Refund)
export class RefundsResolver {
  @Query(() => RefundConnection, { description: 'Refunds of the acting account, newest first' })
  refunds(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => RefundFilter, { nullable: true }) filter?: RefundFilter,
  ) {
    return connection(gctx, page, refundList, toGraphQLRefund, commandInput(filter));
  }

  @Query(() => Refund, { nullable: true, description: 'One refund of the acting account' })
  refund(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Refund | null> {
    return lookup(gctx, (ctx) => getRefund(ctx, id), toGraphQLRefund);
  }

  @Mutation(() => CreateRefundPayload, { description: 'Refunds a captured PaymentIntent (spec 4.9)' })
  createRefund(@Arg('input', () => CreateRefundInput) input: CreateRefundInput, @Ctx() gctx: GraphQLContext) {
    // metadata is free JSON, kept exactly as sent (null members inside included).
    const { metadata, ...rest } = input;
    const command = commandInput(rest);
    const wire = metadata != null ? { ...command, value: { ...command.value, metadata } } : command;
    return mutation(gctx, { field: 'createRefund', payload: CreateRefundPayload, family: 'account_center', input: wire }, createRefund, toGraphQLRefund);
  }
}

import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Args } from 'type-graphql';
import { ConnectionArgs, type ConnectionValue } from '../../shared/connection';
import { intentAttemptsOrder, paymentIntentList } from '../../../domain/acquiring/payments/queries';
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  getPaymentIntent,
  updatePaymentIntent,
} from '../../../domain/acquiring/payments/service';
import type { GraphQLContext } from '../../context';
import { Refund, RefundConnection, toGraphQLRefund } from '../refunds/types';
import { intentRefundsOrder } from '../../../domain/acquiring/refunds/queries';
import { connection, connectionOfAll, mutation, query, lookup } from '../../shared/operations';
import { commandInput, type CommandInput } from '../../shared/command-input';
import {
  CancelPaymentIntentInput,
  CapturePaymentIntentInput,
  ConfirmPaymentIntentInput,
  CreatePaymentIntentInput,
  PaymentAttempt,
  PaymentIntent,
  PaymentIntentConnection,
  PaymentIntentFilter,
  type PaymentMethodInput,
  toGraphQLPaymentAttempt,
  PaymentAttemptConnection,
  paymentAttemptNode,
  toGraphQLPaymentIntent,
  UpdatePaymentIntentInput,
} from './types';
import { objectOf } from '../../shared/node';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { paymentErrors } from '../../../domain/acquiring/payments/errors';
import { refundErrors } from '../../../domain/acquiring/refunds/errors';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { testClockErrors } from '../../../platform/clock/errors';

/** The input as the command reads it; the free maps (metadata, customer) exactly as sent, null members inside included. */
function intentCommand(input: { metadata?: Record<string, unknown> | null; customer?: Record<string, unknown> | null }): CommandInput {
  const { metadata, customer, ...rest } = input;
  const command = commandInput(rest);
  const maps = { ...(metadata != null ? { metadata } : {}), ...(customer != null ? { customer } : {}) };
  return { ...command, value: { ...command.value, ...maps } };
}

/** The card's deprecated `number` is its cardNumber (the official clients' card_number). */
function withCardNumber<T extends { paymentMethod?: PaymentMethodInput | null }>(input: T): T {
  const card = input.paymentMethod?.card;
  if (!card || card.number === undefined || card.number === null || card.cardNumber) return input;
  const { number, ...rest } = card;
  return { ...input, paymentMethod: { ...input.paymentMethod!, card: { ...rest, cardNumber: number } } };
}

const PaymentsUserError = areaUserError('Payments', [paymentErrors, refundErrors, fxErrors, testClockErrors]);
const CreatePaymentIntentPayload = payloadType('CreatePaymentIntentPayload', 'paymentIntent', () => PaymentIntent, PaymentsUserError);
const UpdatePaymentIntentPayload = payloadType('UpdatePaymentIntentPayload', 'paymentIntent', () => PaymentIntent, PaymentsUserError);
const ConfirmPaymentIntentPayload = payloadType('ConfirmPaymentIntentPayload', 'paymentIntent', () => PaymentIntent, PaymentsUserError);
const CapturePaymentIntentPayload = payloadType('CapturePaymentIntentPayload', 'paymentIntent', () => PaymentIntent, PaymentsUserError);
const CancelPaymentIntentPayload = payloadType('CancelPaymentIntentPayload', 'paymentIntent', () => PaymentIntent, PaymentsUserError);

@Resolver(() => PaymentIntent)
export class PaymentIntentsResolver {
  @FieldResolver(() => PaymentAttempt, { nullable: true, description: 'The latest attempt (batched per request)' })
  async latestPaymentAttempt(@Root() intent: PaymentIntent, @Ctx() gctx: GraphQLContext): Promise<PaymentAttempt | null> {
    if (intent.latestAttempt !== undefined) return intent.latestAttempt;
    if (!intent.latestPaymentAttemptId) return null;
    return objectOf(gctx.loaders, paymentAttemptNode, intent.latestPaymentAttemptId);
  }

  @FieldResolver(() => PaymentAttemptConnection, { description: 'Every attempt to pay this intent, newest first (one read for every intent of the request)' })
  async attempts(@Root() intent: PaymentIntent, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs): Promise<ConnectionValue<PaymentAttempt>> {
    return connectionOfAll(page, intentAttemptsOrder, await gctx.loaders.attemptsByIntentId.load(intent.id), toGraphQLPaymentAttempt);
  }

  @FieldResolver(() => RefundConnection, { description: 'Refunds of this intent, oldest first (one read for every intent of the request)' })
  async refunds(@Root() intent: PaymentIntent, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs): Promise<ConnectionValue<Refund>> {
    return connectionOfAll(page, intentRefundsOrder, await gctx.loaders.refundsByIntentId.load(intent.id), toGraphQLRefund);
  }

  @Query(() => PaymentIntentConnection, { description: 'PaymentIntents of the acting account, newest first (PA7)' })
  paymentIntents(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => PaymentIntentFilter, { nullable: true }) filter?: PaymentIntentFilter,
  ) {
    const present = toGraphQLPaymentIntent(gctx.origin);
    return connection(gctx, page, paymentIntentList, (intent) => present({ intent }), commandInput(filter));
  }

  @Query(() => PaymentIntent, { nullable: true, description: 'One PaymentIntent with its client_secret (PA2)' })
  paymentIntent(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<PaymentIntent | null> {
    return lookup(gctx, (ctx) => getPaymentIntent(ctx, id), toGraphQLPaymentIntent(gctx.origin));
  }

  @Mutation(() => CreatePaymentIntentPayload, { description: 'PA1; with paymentMethod, confirmed at once' })
  createPaymentIntent(@Arg('input', () => CreatePaymentIntentInput) input: CreatePaymentIntentInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createPaymentIntent', payload: CreatePaymentIntentPayload, family: 'account_center', input: intentCommand(withCardNumber(input)) }, createPaymentIntent, toGraphQLPaymentIntent(gctx.origin));
  }

  @Mutation(() => UpdatePaymentIntentPayload, { description: 'PA3 (spec 4.1)' })
  updatePaymentIntent(@Arg('input', () => UpdatePaymentIntentInput) input: UpdatePaymentIntentInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'updatePaymentIntent', payload: UpdatePaymentIntentPayload, family: 'account_center', input: intentCommand(input) }, (ctx, body) => updatePaymentIntent(ctx, input.id, body), toGraphQLPaymentIntent(gctx.origin));
  }

  @Mutation(() => ConfirmPaymentIntentPayload, { description: 'PA4: confirm with a card (sandbox test cards decide the outcome)' })
  confirmPaymentIntent(@Arg('input', () => ConfirmPaymentIntentInput) input: ConfirmPaymentIntentInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'confirmPaymentIntent', payload: ConfirmPaymentIntentPayload, family: 'account_center', input: commandInput(withCardNumber(input)) }, (ctx, body) => confirmPaymentIntent(ctx, input.id, body), toGraphQLPaymentIntent(gctx.origin));
  }

  @Mutation(() => CapturePaymentIntentPayload, { description: 'PA5 (spec 4.2): all, or amountToCapture' })
  capturePaymentIntent(@Arg('input', () => CapturePaymentIntentInput) input: CapturePaymentIntentInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'capturePaymentIntent', payload: CapturePaymentIntentPayload, family: 'account_center', input: commandInput(input) }, (ctx, body) => capturePaymentIntent(ctx, input.id, body), toGraphQLPaymentIntent(gctx.origin));
  }

  @Mutation(() => CancelPaymentIntentPayload, { description: 'PA6' })
  cancelPaymentIntent(@Arg('input', () => CancelPaymentIntentInput) input: CancelPaymentIntentInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'cancelPaymentIntent', payload: CancelPaymentIntentPayload, family: 'account_center', input: commandInput(input) }, (ctx, body) => cancelPaymentIntent(ctx, input.id, body), toGraphQLPaymentIntent(gctx.origin));
  }
}

import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { authDecisionDeps } from '../../../domain/issuing/auth-decisions/contract';
import { simulateAuthorization } from '../../../domain/issuing/transactions/authorize';
import { cardTransactionList, getCardTransaction } from '../../../domain/issuing/transactions/queries';
import { clearCardTransaction, refundCardTransaction, simulateReversal } from '../../../domain/issuing/transactions/service';
import { claimUnsolicitedRefund, simulateUnsolicitedRefund } from '../../../domain/issuing/transactions/unsolicited';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { yesNoOf } from '../../shared/enums';
import { commandInput } from '../../shared/command-input';
import {
  CardTransaction,
  CardTransactionConnection,
  CardTransactionFilter,
  CardTransactionFollowUpInput,
  ClaimUnsolicitedRefundInput,
  RefundCardTransactionInput,
  SimulateCardAuthorizationInput,
  SimulateUnsolicitedRefundInput,
  toGraphQLCardTransaction,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardTransactionErrors } from '../../../domain/issuing/transactions/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { sandboxErrors } from '../../../domain/developers/sandbox/errors';
import { fxErrors } from '../../../domain/wallet/fx/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const CardTransactionsUserError = areaUserError('CardTransactions', [cardTransactionErrors, cardErrors, sandboxErrors, fxErrors, testClockErrors]);
const SimulateCardAuthorizationPayload = payloadType('SimulateCardAuthorizationPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);
const SimulateCardReversalPayload = payloadType('SimulateCardReversalPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);
const ClearCardTransactionPayload = payloadType('ClearCardTransactionPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);
const RefundCardTransactionPayload = payloadType('RefundCardTransactionPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);
const SimulateUnsolicitedRefundPayload = payloadType('SimulateUnsolicitedRefundPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);
const ClaimUnsolicitedRefundPayload = payloadType('ClaimUnsolicitedRefundPayload', 'cardTransaction', () => CardTransaction, CardTransactionsUserError);

/** SI2, SI3, clearing, refund, unsolicited refunds, CI22 and CI23 over GraphQL: the same domain services as the REST routes. */
/** The issuing rules read amounts as the REST door's JSON numbers (see commandInput). */
const AMOUNT = { jsonNumbers: ['amount'] } as const;

@Resolver()
export class CardTransactionsResolver {
  @Query(() => CardTransactionConnection, { description: "The acting account's card transactions, newest first" })
  cardTransactions(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => CardTransactionFilter, { nullable: true }) filter?: CardTransactionFilter,
  ) {
    return connection(gctx, page, cardTransactionList, toGraphQLCardTransaction, commandInput(filter));
  }

  @Query(() => CardTransaction, { nullable: true, description: 'One card transaction of the acting account' })
  cardTransaction(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<CardTransaction | null> {
    return lookup(gctx, (ctx) => getCardTransaction(ctx, id), toGraphQLCardTransaction);
  }

  @Mutation(() => SimulateCardAuthorizationPayload, { description: 'Simulates an authorization: APPROVED holds the billing amount, DECLINED gives a failureReason' })
  simulateCardAuthorization(@Arg('input', () => SimulateCardAuthorizationInput) input: SimulateCardAuthorizationInput, @Ctx() gctx: GraphQLContext) {
    // threeDs is a Boolean in GraphQL, the API's Y/N in the command.
    const body = commandInput({ ...input, threeDs: yesNoOf(input.threeDs) }, { jsonNumbers: ['transactionAmount'] });
    const decisions = authDecisionDeps(gctx.services);
    return mutation(gctx, { field: 'simulateCardAuthorization', payload: SimulateCardAuthorizationPayload, family: 'issuance', input: body }, (ctx, raw) => simulateAuthorization(ctx, decisions, raw), toGraphQLCardTransaction);
  }

  @Mutation(() => SimulateCardReversalPayload, { description: "Simulates a reversal (SI3): releases an authorization's hold, all of it or amount" })
  simulateCardReversal(@Arg('input', () => CardTransactionFollowUpInput) input: CardTransactionFollowUpInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'simulateCardReversal', payload: SimulateCardReversalPayload, family: 'issuance', input: commandInput(input, AMOUNT) }, simulateReversal, toGraphQLCardTransaction);
  }

  @Mutation(() => ClearCardTransactionPayload, { description: "Simulates the network's clearing of an authorization, for its held amount or another" })
  clearCardTransaction(@Arg('input', () => CardTransactionFollowUpInput) input: CardTransactionFollowUpInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'clearCardTransaction', payload: ClearCardTransactionPayload, family: 'issuance', input: commandInput(input, AMOUNT) }, clearCardTransaction, toGraphQLCardTransaction);
  }

  @Mutation(() => RefundCardTransactionPayload, { description: 'Simulates a merchant refund of a cleared authorization back to the card' })
  refundCardTransaction(@Arg('input', () => RefundCardTransactionInput) input: RefundCardTransactionInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'refundCardTransaction', payload: RefundCardTransactionPayload, family: 'issuance', input: commandInput(input, AMOUNT) }, refundCardTransaction, toGraphQLCardTransaction);
  }

  @Mutation(() => SimulateUnsolicitedRefundPayload, { description: 'Simulates a refund nobody asked for reaching a card: a PENDING REFUND, held until claimed' })
  simulateUnsolicitedRefund(@Arg('input', () => SimulateUnsolicitedRefundInput) input: SimulateUnsolicitedRefundInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'simulateUnsolicitedRefund', payload: SimulateUnsolicitedRefundPayload, family: 'issuance', input: commandInput(input, AMOUNT) }, simulateUnsolicitedRefund, toGraphQLCardTransaction);
  }

  @Mutation(() => ClaimUnsolicitedRefundPayload, { description: "Claims an unsolicited refund: it becomes APPROVED and its amount reaches the card's funds" })
  claimUnsolicitedRefund(@Arg('input', () => ClaimUnsolicitedRefundInput) input: ClaimUnsolicitedRefundInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'claimUnsolicitedRefund', payload: ClaimUnsolicitedRefundPayload, family: 'issuance', input: commandInput(input) }, claimUnsolicitedRefund, toGraphQLCardTransaction);
  }
}

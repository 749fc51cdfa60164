import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getCardOrder } from '../../../domain/issuing/card-orders/queries';
import { rechargeCard, withdrawCard } from '../../../domain/issuing/card-orders/service';
import { elevateCardLimit } from '../../../domain/issuing/card-orders/limit-elevation';
import { manageCardPin } from '../../../domain/issuing/card-orders/manage-pin';
import type { GraphQLContext } from '../../context';
import { mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CardOrder, CardOrderInput, ElevateCardLimitInput, ManageCardPinInput, toGraphQLCardOrder } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardOrderErrors } from '../../../domain/issuing/card-orders/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const CardOrdersUserError = areaUserError('CardOrders', [cardOrderErrors, cardErrors, accountErrors, fileErrors, testClockErrors]);
const RechargeCardPayload = payloadType('RechargeCardPayload', 'cardOrder', () => CardOrder, CardOrdersUserError);
const WithdrawCardPayload = payloadType('WithdrawCardPayload', 'cardOrder', () => CardOrder, CardOrdersUserError);
const ElevateCardLimitPayload = payloadType('ElevateCardLimitPayload', 'cardOrder', () => CardOrder, CardOrdersUserError);
const ManageCardPinPayload = payloadType('ManageCardPinPayload', 'cardOrder', () => CardOrder, CardOrdersUserError);

/** CI8, CI9, CI12 and the official clients' elevateLimit and managePin over GraphQL. */
@Resolver()
export class CardOrdersResolver {
  @Query(() => CardOrder, { nullable: true, description: "A card order: a card's creation order (its cardOrderId), a recharge or a withdraw" })
  cardOrder(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<CardOrder | null> {
    return lookup(gctx, (ctx) => getCardOrder(ctx, id), toGraphQLCardOrder);
  }

  @Mutation(() => RechargeCardPayload, { description: 'Moves money from the issuing balance onto a SINGLE card' })
  rechargeCard(@Arg('input', () => CardOrderInput) input: CardOrderInput, @Ctx() gctx: GraphQLContext) {
    const { cardId, amount } = input;
    return mutation(gctx, { field: 'rechargeCard', payload: RechargeCardPayload, family: 'issuance', input: commandInput({ amount }, { jsonNumbers: ['amount'] }), target: cardId }, (ctx, body) => rechargeCard(ctx, cardId, body), toGraphQLCardOrder);
  }

  @Mutation(() => WithdrawCardPayload, { description: "Moves money from a SINGLE card's balance back to the issuing balance" })
  withdrawCard(@Arg('input', () => CardOrderInput) input: CardOrderInput, @Ctx() gctx: GraphQLContext) {
    const { cardId, amount } = input;
    return mutation(gctx, { field: 'withdrawCard', payload: WithdrawCardPayload, family: 'issuance', input: commandInput({ amount }, { jsonNumbers: ['amount'] }), target: cardId }, (ctx, body) => withdrawCard(ctx, cardId, body), toGraphQLCardOrder);
  }

  @Mutation(() => ElevateCardLimitPayload, { description: "Asks for a SHARE card's limit to be raised for some days; the order is PENDING until the simulated issuer applies it" })
  elevateCardLimit(@Arg('input', () => ElevateCardLimitInput) input: ElevateCardLimitInput, @Ctx() gctx: GraphQLContext) {
    const { cardId, ...body } = input;
    return mutation(gctx, { field: 'elevateCardLimit', payload: ElevateCardLimitPayload, family: 'issuance', input: commandInput(body, { jsonNumbers: ['limitAmount'] }), target: cardId }, (ctx, b) => elevateCardLimit(ctx, cardId, b), toGraphQLCardOrder);
  }

  /**
   * Not through the idempotency layer (`idempotent: false` runs it once, as asked): the input holds a PIN, and
   * the layer keeps a fast hash of every input (as REST's managePin route, which takes no key).
   */
  @Mutation(() => ManageCardPinPayload, { description: 'Sets (SET) or changes (RESET, with oldPin) the PIN of an activated physical card' })
  manageCardPin(@Arg('input', () => ManageCardPinInput) input: ManageCardPinInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'manageCardPin', payload: ManageCardPinPayload, family: 'issuance', input: commandInput(input), idempotent: false }, manageCardPin, toGraphQLCardOrder);
  }
}

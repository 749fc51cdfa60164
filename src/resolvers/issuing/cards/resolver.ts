import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { activateCard, assignCard, resetCardPin, updateCard } from '../../../domain/issuing/cards/operations';
import { enrollNetworkProtection, removeNetworkProtection } from '../../../domain/issuing/cards/network-protection';
import {
  CardNetworkProtection,
  EnrollCardNetworkProtectionInput,
  RemoveCardNetworkProtectionInput,
  toGraphQLNetworkProtection,
} from './network-protection-types';
import { Cardholder, toGraphQLCardholder } from '../cardholders/types';
import { ActivateCardInput, AssignCardInput, CardAssignment, ResetCardPinInput, UpdateCardInput } from './operation-types';
import { cardList, getCard } from '../../../domain/issuing/cards/queries';
import { createCard, updateCardStatus } from '../../../domain/issuing/cards/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput, type CommandInput } from '../../shared/command-input';
import { yesNoOf } from '../../shared/enums';
import type { RiskControlsInput } from './types';
import { Card, CardConnection, CardFilter, CreateCardInput, toGraphQLCard, UpdateCardStatusInput } from './types';
import { objectOf } from '../../shared/node';
import { cardholderNode } from '../cardholders/types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { cardArtErrors } from '../../../domain/issuing/card-arts/errors';
import { cardholderErrors } from '../../../domain/issuing/cardholders/errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';
import { testClockErrors } from '../../../platform/clock/errors';

/**
 * A card command from its GraphQL input. metadata is the caller's own JSON: it goes to the domain
 * as sent, its null members included. The 3DS flags are Booleans in GraphQL and the API's Y/N in
 * the command.
 */
function cardCommand(input: { metadata?: Record<string, unknown> | null; riskControls?: RiskControlsInput | null }): CommandInput {
  const rc = input.riskControls;
  const command = commandInput(rc == null ? input : { ...input, riskControls: { ...rc, enable3ds: yesNoOf(rc.enable3ds), allow3dsTransactions: yesNoOf(rc.allow3dsTransactions) } }, {
    jsonNumbers: ['cardLimit', 'noPinPaymentAmount', 'amount'],
  });
  return input.metadata == null ? command : { ...command, value: { ...command.value, metadata: input.metadata } };
}

const CardsUserError = areaUserError('Cards', [cardErrors, cardArtErrors, cardholderErrors, accountErrors, fileErrors, testClockErrors]);
const CreateCardPayload = payloadType('CreateCardPayload', 'card', () => Card, CardsUserError);
const UpdateCardStatusPayload = payloadType('UpdateCardStatusPayload', 'card', () => Card, CardsUserError);
const UpdateCardPayload = payloadType('UpdateCardPayload', 'card', () => Card, CardsUserError);
const ActivateCardPayload = payloadType('ActivateCardPayload', 'card', () => Card, CardsUserError);
const AssignCardPayload = payloadType('AssignCardPayload', 'cardAssignment', () => CardAssignment, CardsUserError);
const ResetCardPinPayload = payloadType('ResetCardPinPayload', 'card', () => Card, CardsUserError);
const EnrollCardNetworkProtectionPayload = payloadType('EnrollCardNetworkProtectionPayload', 'cardNetworkProtection', () => CardNetworkProtection, CardsUserError);
const RemoveCardNetworkProtectionPayload = payloadType('RemoveCardNetworkProtectionPayload', 'cardNetworkProtection', () => CardNetworkProtection, CardsUserError);

/** CI1-CI5, CI10, CI11 and CI13 over GraphQL: the same domain services as the REST routes. */
@Resolver(() => Card)
export class CardsResolver {
  @FieldResolver(() => Cardholder, { nullable: true, description: 'The holder of the card (batched per request)' })
  async cardholder(@Root() card: Card, @Ctx() gctx: GraphQLContext): Promise<Cardholder | null> {
    return objectOf(gctx.loaders, cardholderNode, card.cardholderId);
  }

  @Query(() => CardConnection, { description: "The acting account's cards, newest first" })
  cards(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => CardFilter, { nullable: true }) filter?: CardFilter,
  ) {
    return connection(gctx, page, cardList, toGraphQLCard, commandInput(filter));
  }

  @Query(() => Card, { nullable: true, description: 'One card of the acting account' })
  card(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Card | null> {
    return lookup(gctx, (ctx) => getCard(ctx, id), toGraphQLCard);
  }

  @Mutation(() => CreateCardPayload, { description: 'Issues a card; its order completes on the clock (PENDING, PROCESSING, SUCCESS)' })
  createCard(@Arg('input', () => CreateCardInput) input: CreateCardInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createCard', payload: CreateCardPayload, family: 'issuance', input: cardCommand(input) }, async (ctx, b) => (await createCard(ctx, gctx.services, b)).card, toGraphQLCard);
  }

  @Mutation(() => UpdateCardStatusPayload, { description: 'Freezes, unfreezes or cancels a card; CANCELLED is final' })
  updateCardStatus(@Arg('input', () => UpdateCardStatusInput) input: UpdateCardStatusInput, @Ctx() gctx: GraphQLContext) {
    const { id, ...change } = input;
    return mutation(
      gctx,
      { field: 'updateCardStatus', payload: UpdateCardStatusPayload, family: 'issuance', input: commandInput(change), target: id },
      (ctx, body) => updateCardStatus(ctx, id, body),
      toGraphQLCard,
    );
  }

  @Mutation(() => UpdateCardPayload, { description: 'Changes a card: limit (SHARE), no-PIN amount, controls, metadata (CI4)' })
  updateCard(@Arg('input', () => UpdateCardInput) input: UpdateCardInput, @Ctx() gctx: GraphQLContext) {
    const { id, ...changes } = input;
    return mutation(
      gctx,
      { field: 'updateCard', payload: UpdateCardPayload, family: 'issuance', input: cardCommand(changes), target: id },
      async (ctx, body) => (await updateCard(ctx, id, body)).card,
      toGraphQLCard,
    );
  }

  @Mutation(() => ActivateCardPayload, { description: 'Activates a physical card with its activation code and sets its PIN (CI10)' })
  activateCard(@Arg('input', () => ActivateCardInput) input: ActivateCardInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'activateCard', payload: ActivateCardPayload, family: 'issuance', input: commandInput(input, { jsonNumbers: ['noPinPaymentAmount'] }) }, (ctx, body) => activateCard(ctx, gctx.services, body), toGraphQLCard);
  }

  @Mutation(() => AssignCardPayload, { description: 'Assigns an unassigned physical card to a cardholder (CI11)' })
  assignCard(@Arg('input', () => AssignCardInput) input: AssignCardInput, @Ctx() gctx: GraphQLContext) {
    return mutation(
      gctx,
      { field: 'assignCard', payload: AssignCardPayload, family: 'issuance', input: commandInput(input) },
      (ctx, body) => assignCard(ctx, gctx.services, body),
      (r) => ({ card: toGraphQLCard(r.card), activationCode: r.activationCode! }),
    );
  }

  @Mutation(() => ResetCardPinPayload, { description: 'Sets a new PIN on an activated physical card (CI13)' })
  resetCardPin(@Arg('input', () => ResetCardPinInput) input: ResetCardPinInput, @Ctx() gctx: GraphQLContext) {
    const { id, ...body } = input;
    return mutation(gctx, { field: 'resetCardPin', payload: ResetCardPinPayload, family: 'issuance', input: commandInput({ cardId: id, ...body }) }, (ctx, b) => resetCardPin(ctx, b), toGraphQLCard);
  }

  @Mutation(() => EnrollCardNetworkProtectionPayload, { description: "Enrolls a card in the network's protection: the network answers its authorizations with the action code" })
  enrollCardNetworkProtection(@Arg('input', () => EnrollCardNetworkProtectionInput) input: EnrollCardNetworkProtectionInput, @Ctx() gctx: GraphQLContext) {
    const { cardId, actionCode } = input;
    return mutation(
      gctx,
      { field: 'enrollCardNetworkProtection', payload: EnrollCardNetworkProtectionPayload, family: 'issuance', input: commandInput({ riskControl: 'network_protection', actionCode }), target: cardId },
      (ctx, body) => enrollNetworkProtection(ctx, cardId, body),
      toGraphQLNetworkProtection,
    );
  }

  @Mutation(() => RemoveCardNetworkProtectionPayload, { description: "Removes a card from the network's protection" })
  removeCardNetworkProtection(@Arg('input', () => RemoveCardNetworkProtectionInput) input: RemoveCardNetworkProtectionInput, @Ctx() gctx: GraphQLContext) {
    return mutation(
      gctx,
      { field: 'removeCardNetworkProtection', payload: RemoveCardNetworkProtectionPayload, family: 'issuance', input: commandInput({ riskControl: 'network_protection' }), target: input.cardId },
      (ctx, body) => removeNetworkProtection(ctx, input.cardId, body),
      toGraphQLNetworkProtection,
    );
  }
}

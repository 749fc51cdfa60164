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
import { Card, CardConnection, CardFilter, CreateCardInput, toGraphQLCard, UpdateCardStatusInput } from './types';
import { objectOf } from '../../shared/node';
import { cardholderNode } from '../cardholders/types';

/**
 * A card command from its GraphQL input. metadata is the caller's own JSON: it goes to the domain
 * as sent, its null members included.
 */
function cardCommand(input: { metadata?: Record<string, unknown> | null }): CommandInput {
  const command = commandInput(input);
  return input.metadata == null ? command : { ...command, value: { ...command.value, metadata: input.metadata } };
}

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

  @Mutation(() => Card, { description: 'Issues a card; its order completes on the clock (PENDING, PROCESSING, SUCCESS)' })
  createCard(@Arg('input', () => CreateCardInput) input: CreateCardInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    return mutation(gctx, { field: 'createCard', family: 'issuance', input: cardCommand(input) }, async (ctx, b) => (await createCard(ctx, gctx.services, b)).card, toGraphQLCard);
  }

  @Mutation(() => Card, { description: 'Freezes, unfreezes or cancels a card; CANCELLED is final' })
  updateCardStatus(@Arg('input', () => UpdateCardStatusInput) input: UpdateCardStatusInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    const { id, ...change } = input;
    return mutation(
      gctx,
      { field: 'updateCardStatus', family: 'issuance', input: commandInput(change), target: id },
      (ctx, body) => updateCardStatus(ctx, id, body),
      toGraphQLCard,
    );
  }

  @Mutation(() => Card, { description: 'Changes a card: limit (SHARE), no-PIN amount, controls, metadata (CI4)' })
  updateCard(@Arg('input', () => UpdateCardInput) input: UpdateCardInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    const { id, ...changes } = input;
    return mutation(
      gctx,
      { field: 'updateCard', family: 'issuance', input: cardCommand(changes), target: id },
      async (ctx, body) => (await updateCard(ctx, id, body)).card,
      toGraphQLCard,
    );
  }

  @Mutation(() => Card, { description: 'Activates a physical card with its activation code and sets its PIN (CI10)' })
  activateCard(@Arg('input', () => ActivateCardInput) input: ActivateCardInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    return mutation(gctx, { field: 'activateCard', family: 'issuance', input: commandInput(input) }, (ctx, body) => activateCard(ctx, gctx.services, body), toGraphQLCard);
  }

  @Mutation(() => CardAssignment, { description: 'Assigns an unassigned physical card to a cardholder (CI11)' })
  assignCard(@Arg('input', () => AssignCardInput) input: AssignCardInput, @Ctx() gctx: GraphQLContext): Promise<CardAssignment> {
    return mutation(
      gctx,
      { field: 'assignCard', family: 'issuance', input: commandInput(input) },
      (ctx, body) => assignCard(ctx, gctx.services, body),
      (r) => ({ card: toGraphQLCard(r.card), activationCode: r.activationCode! }),
    );
  }

  @Mutation(() => Card, { description: 'Sets a new PIN on an activated physical card (CI13)' })
  resetCardPin(@Arg('input', () => ResetCardPinInput) input: ResetCardPinInput, @Ctx() gctx: GraphQLContext): Promise<Card> {
    const { id, ...body } = input;
    return mutation(gctx, { field: 'resetCardPin', family: 'issuance', input: commandInput({ cardId: id, ...body }) }, (ctx, b) => resetCardPin(ctx, b), toGraphQLCard);
  }

  @Mutation(() => CardNetworkProtection, { description: "Enrolls a card in the network's protection: the network answers its authorizations with the action code" })
  enrollCardNetworkProtection(@Arg('input', () => EnrollCardNetworkProtectionInput) input: EnrollCardNetworkProtectionInput, @Ctx() gctx: GraphQLContext): Promise<CardNetworkProtection> {
    const { cardId, actionCode } = input;
    return mutation(
      gctx,
      { field: 'enrollCardNetworkProtection', family: 'issuance', input: commandInput({ riskControl: 'network_protection', actionCode }), target: cardId },
      (ctx, body) => enrollNetworkProtection(ctx, cardId, body),
      toGraphQLNetworkProtection,
    );
  }

  @Mutation(() => CardNetworkProtection, { description: "Removes a card from the network's protection" })
  removeCardNetworkProtection(@Arg('input', () => RemoveCardNetworkProtectionInput) input: RemoveCardNetworkProtectionInput, @Ctx() gctx: GraphQLContext): Promise<CardNetworkProtection> {
    return mutation(
      gctx,
      { field: 'removeCardNetworkProtection', family: 'issuance', input: commandInput({ riskControl: 'network_protection' }), target: input.cardId },
      (ctx, body) => removeNetworkProtection(ctx, input.cardId, body),
      toGraphQLNetworkProtection,
    );
  }
}

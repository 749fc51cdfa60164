import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { deliveryList, endpointList, findEndpoint } from '../../../domain/developers/webhooks/queries';
import { createEndpoint, deleteEndpoint, resendDelivery, rotateEndpointSecret, updateEndpoint } from '../../../domain/developers/webhooks/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  CreateWebhookEndpointInput,
  toGraphQLWebhookDelivery,
  toGraphQLWebhookEndpoint,
  toGraphQLEndpointWithSecret,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookDeliveryConnection,
  WebhookDeliveryFilterInput,
  WebhookDeliveryIdInput,
  WebhookEndpoint,
  WebhookEndpointConnection,
  WebhookEndpointIdInput,
  endpointSecretPayload,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { webhookErrors } from '../../../domain/developers/webhooks/errors';

// The id of the endpoint or delivery acted on is the input's `id`.
const endpointId = (id: string) => commandInput({ webhookEndpointId: id }, { names: { webhookEndpointId: 'id' } });
const deliveryId = (id: string) => commandInput({ webhookDeliveryId: id }, { names: { webhookDeliveryId: 'id' } });
const family = 'account_center' as const;

const WebhooksUserError = areaUserError('Webhooks', [webhookErrors]);
const CreateWebhookEndpointPayload = endpointSecretPayload('CreateWebhookEndpointPayload', WebhooksUserError);
const UpdateWebhookEndpointPayload = payloadType('UpdateWebhookEndpointPayload', 'webhookEndpoint', () => WebhookEndpoint, WebhooksUserError);
const RotateWebhookEndpointSecretPayload = endpointSecretPayload('RotateWebhookEndpointSecretPayload', WebhooksUserError);
const DeleteWebhookEndpointPayload = payloadType('DeleteWebhookEndpointPayload', 'webhookEndpoint', () => WebhookEndpoint, WebhooksUserError);
const ResendWebhookDeliveryPayload = payloadType('ResendWebhookDeliveryPayload', 'webhookDelivery', () => WebhookDelivery, WebhooksUserError);

/** Webhook endpoints and deliveries over GraphQL, on the same domain services as the REST door. */
@Resolver()
export class WebhooksResolver {
  @Query(() => WebhookEndpointConnection, { description: "The acting account's webhook endpoints, newest first" })
  webhookEndpoints(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, endpointList, toGraphQLWebhookEndpoint);
  }

  @Query(() => WebhookEndpoint, { nullable: true, description: "One of the acting account's webhook endpoints; null for an id it does not have" })
  webhookEndpoint(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<WebhookEndpoint | null> {
    return query(gctx, (ctx) => findEndpoint(ctx, id), (e) => e && toGraphQLWebhookEndpoint(e));
  }

  @Query(() => WebhookDeliveryConnection, { description: "The acting account's webhook deliveries, newest first" })
  webhookDeliveries(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => WebhookDeliveryFilterInput, { nullable: true }) filter?: WebhookDeliveryFilterInput,
  ) {
    return connection(gctx, page, deliveryList, toGraphQLWebhookDelivery, commandInput(filter));
  }

  @Mutation(() => CreateWebhookEndpointPayload, { description: 'Creates an endpoint; the answer holds its signing secret' })
  createWebhookEndpoint(@Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput, @Ctx() gctx: GraphQLContext) {
    const wire = commandInput(input);
    return mutation(gctx, { field: 'createWebhookEndpoint', payload: CreateWebhookEndpointPayload, family, input: wire }, (ctx, body) => createEndpoint(ctx, gctx.services.cardDataKeys, body), toGraphQLEndpointWithSecret);
  }

  @Mutation(() => UpdateWebhookEndpointPayload, { description: 'Updates url, eventNames (null for every event) or status' })
  updateWebhookEndpoint(@Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput, @Ctx() gctx: GraphQLContext) {
    // Explicit nulls stay: eventNames null means every event.
    const wire = commandInput(input, { keepNull: true, names: { webhookEndpointId: 'id' } });
    return mutation(gctx, { field: 'updateWebhookEndpoint', payload: UpdateWebhookEndpointPayload, family, input: wire }, (ctx, patch) => updateEndpoint(ctx, input.id, patch), toGraphQLWebhookEndpoint);
  }

  @Mutation(() => RotateWebhookEndpointSecretPayload, { description: 'Replaces the signing secret at once; the answer holds the new one' })
  rotateWebhookEndpointSecret(@Arg('input', () => WebhookEndpointIdInput) input: WebhookEndpointIdInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'rotateWebhookEndpointSecret', payload: RotateWebhookEndpointSecretPayload, family, input: endpointId(input.id) }, (ctx) => rotateEndpointSecret(ctx, gctx.services.cardDataKeys, input.id), toGraphQLEndpointWithSecret);
  }

  @Mutation(() => DeleteWebhookEndpointPayload, { description: 'Deletes an endpoint and its deliveries; answers it as it was' })
  deleteWebhookEndpoint(@Arg('input', () => WebhookEndpointIdInput) input: WebhookEndpointIdInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'deleteWebhookEndpoint', payload: DeleteWebhookEndpointPayload, family, input: endpointId(input.id) }, (ctx) => deleteEndpoint(ctx, input.id), toGraphQLWebhookEndpoint);
  }

  @Mutation(() => ResendWebhookDeliveryPayload, { description: 'Sends a SUCCEEDED or FAILED delivery again, now, with the same event id' })
  resendWebhookDelivery(@Arg('input', () => WebhookDeliveryIdInput) input: WebhookDeliveryIdInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'resendWebhookDelivery', payload: ResendWebhookDeliveryPayload, family, input: deliveryId(input.id) }, (ctx) => resendDelivery(ctx, input.id), toGraphQLWebhookDelivery);
  }
}

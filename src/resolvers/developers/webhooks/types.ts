import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DELIVERY_FAILURES, DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../../../domain/developers/webhooks/rules';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret as WithSecretView } from '../../../domain/developers/webhooks/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { SecretAnswer } from '../../shared/sensitive';
import { Node, rowNode } from '../../shared/node';
import { endpointsByIds } from '../../../domain/developers/webhooks/queries';
import { deliveriesByIds } from '../../../domain/developers/webhooks/queries';
import { userErrorsField, type AreaUserErrorType, type PayloadClass, type PayloadSpec, type UserErrorValue } from '../../shared/user-errors';

export const WebhookEndpointStatusEnum = enumFrom('WebhookEndpointStatus', ENDPOINT_STATUSES);
export const WebhookDeliveryStatusEnum = enumFrom('WebhookDeliveryStatus', DELIVERY_STATUSES);
const WebhookDeliveryFailureEnum = enumFrom('WebhookDeliveryFailure', DELIVERY_FAILURES, "The class of a delivery attempt's failure");

@ObjectType({ implements: Node, description: 'A webhook endpoint (docs/webhooks.md); the REST door answers the same fields' })
export class WebhookEndpoint {
  @Field(() => ID) id!: string;
  @Field(() => String) url!: string;
  @Field(() => [String], { nullable: true, description: 'null: every event' }) eventNames!: string[] | null;
  @Field(() => WebhookEndpointStatusEnum) status!: string;
  @Field(() => Int, { description: 'FAILED deliveries in a row' }) consecutiveFailures!: number;
  @Field(() => GraphQLDateTime) createdAt!: Date;
  @Field(() => GraphQLDateTime) updatedAt!: Date;
}

/** The answer of create and rotate: the endpoint, and beside it its signing secret, shown only then. */
export interface EndpointWithSecret {
  webhookEndpoint: WebhookEndpoint;
  secret: string | null;
}

/**
 * The payload of create and rotate: `{ webhookEndpoint, secret, userErrors }`. The secret sits beside
 * the endpoint, not in it, so a normalized cache keeps one WebhookEndpoint record per endpoint.
 */
export function endpointSecretPayload(name: string, userError: AreaUserErrorType): PayloadClass<EndpointWithSecret, EndpointSecretPayload> {
  class Payload {
    static payload: PayloadSpec<EndpointWithSecret, EndpointSecretPayload> = {
      ok: (result) => ({ ...result, userErrors: [] }),
      refused: (userErrors) => ({ webhookEndpoint: null, secret: null, userErrors }),
      userError,
    };
  }
  Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint; null when the mutation was refused (see userErrors)' })(Payload.prototype, 'webhookEndpoint');
  SecretAnswer()(Payload.prototype, 'secret');
  Field(() => String, { nullable: true, description: 'The HMAC-SHA512 signing key; shown once: null in idempotent replays' })(Payload.prototype, 'secret');
  userErrorsField(Payload, userError);
  ObjectType(name)(Payload);
  return Payload as unknown as PayloadClass<EndpointWithSecret, EndpointSecretPayload>;
}

export interface EndpointSecretPayload {
  webhookEndpoint: WebhookEndpoint | null;
  secret: string | null;
  userErrors: UserErrorValue[];
}

@ObjectType({ implements: Node, description: 'One event for one endpoint: its attempts and how the last one ended' })
export class WebhookDelivery {
  @Field(() => ID) id!: string;
  @Field(() => ID) endpointId!: string;
  @Field(() => ID) eventId!: string;
  @Field(() => String) eventName!: string;
  @Field(() => ID, { description: "The event's account: the endpoint's own or a sub-account's" }) accountId!: string;
  @Field(() => WebhookDeliveryStatusEnum) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => GraphQLDateTime, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => GraphQLDateTime, { nullable: true }) lastAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => WebhookDeliveryFailureEnum, {
    nullable: true,
    description: "The class of the last attempt's failure. The receiver's answer and the socket's error are never shown",
  })
  lastError!: string | null;
  @Field(() => GraphQLDateTime) createdAt!: Date;
}

export const WebhookEndpointConnection = Connection(WebhookEndpoint, 'WebhookEndpoint');
export const WebhookDeliveryConnection = Connection(WebhookDelivery, 'WebhookDelivery');

@InputType()
export class CreateWebhookEndpointInput {
  @Field(() => String) url!: string;
  @Field(() => [String], { nullable: true, description: 'Absent or null: every event' }) eventNames?: string[] | null;
}

@InputType()
export class UpdateWebhookEndpointInput {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => [String], { nullable: true, description: 'null: every event; absent: unchanged' }) eventNames?: string[] | null;
  @Field(() => WebhookEndpointStatusEnum, { nullable: true }) status?: string | null;
}

@InputType()
export class WebhookEndpointIdInput {
  @Field(() => ID) id!: string;
}

@InputType()
export class WebhookDeliveryIdInput {
  @Field(() => ID) id!: string;
}

@InputType()
export class WebhookDeliveryFilterInput {
  @Field(() => ID, { nullable: true }) endpointId?: string | null;
  @Field(() => ID, { nullable: true }) eventId?: string | null;
  @Field(() => String, { nullable: true }) eventName?: string | null;
  @Field(() => WebhookDeliveryStatusEnum, { nullable: true }) status?: string | null;
}

// ---- presenters: field by field, JSON-plain (a mutation's result is replayed from JSON) ----

export const toGraphQLWebhookEndpoint = (v: WebhookEndpointView): WebhookEndpoint => ({
  id: v.id,
  url: v.url,
  eventNames: v.eventNames,
  status: v.status,
  consecutiveFailures: v.consecutiveFailures,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});

export const toGraphQLEndpointWithSecret = (v: WithSecretView): EndpointWithSecret => ({ webhookEndpoint: toGraphQLWebhookEndpoint(v), secret: v.secret });

export const toGraphQLWebhookDelivery = (v: WebhookDeliveryView): WebhookDelivery => ({
  id: v.id,
  endpointId: v.endpointId,
  eventId: v.eventId,
  eventName: v.eventName,
  accountId: v.eventAccountId,
  status: v.status,
  attempts: v.attempts,
  nextAttemptAt: v.nextAttemptAt,
  lastAttemptAt: v.lastAttemptAt,
  lastStatusCode: v.lastStatusCode,
  lastError: v.lastError,
  createdAt: v.createdAt,
});

/** WebhookEndpoint as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const webhookEndpointNode = rowNode({ kind: 'webhook_endpoint', type: WebhookEndpoint, find: endpointsByIds, map: toGraphQLWebhookEndpoint });

/** WebhookDelivery as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const webhookDeliveryNode = rowNode({ kind: 'webhook_delivery', type: WebhookDelivery, find: deliveriesByIds, map: toGraphQLWebhookDelivery });

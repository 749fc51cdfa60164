import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { ALL_PERMISSIONS } from '../../../platform/auth/permissions';
import { API_KEY_STATUSES, type ApiKeyView, type ApiKeyWithSecret } from '../../../domain/developers/keys/manage';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { SecretAnswer } from '../../shared/sensitive';
import { enumValueOf, userErrorsField, type AreaUserErrorType, type PayloadClass, type PayloadSpec, type UserErrorValue } from '../../shared/user-errors';

export const ApiKeyStatusEnum = enumFrom('ApiKeyStatus', API_KEY_STATUSES, 'ACTIVE: exchanges for tokens; DISABLED: refused, and its tokens with it');

/** The permissions as GraphQL enum values (`issuing.cards.read_sensitive` is ISSUING_CARDS_READ_SENSITIVE); each answers as its stored name. */
export const ApiKeyPermissionEnum = Object.fromEntries(ALL_PERMISSIONS.map((p) => [enumValueOf(p), p]));
registerEnumType(ApiKeyPermissionEnum, {
  name: 'ApiKeyPermission',
  description: 'What a key may do beyond ordinary API access',
  valuesConfig: {
    ISSUING_CARDS_READ_SENSITIVE: { description: "Read a card's full number, CVV and expiry" },
    DEVELOPERS_API_KEYS_MANAGE: { description: "List, create, disable and rotate the account's API keys" },
  },
});

@ObjectType({ description: "One of an account's API keys: the client id and secret a client exchanges for access tokens. The secret itself is never shown again after create or rotate" })
export class ApiKey {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'The client id, sent with the secret to POST /v1/connect/token' }) clientId!: string;
  @Field(() => String, { description: "The secret's last four characters, to tell keys apart" }) secretLast4!: string;
  @Field(() => ApiKeyStatusEnum) status!: string;
  @Field(() => [ApiKeyPermissionEnum], { description: 'Permissions beyond ordinary API access' }) permissions!: string[];
  @Field(() => [String], { description: 'Addresses or CIDR blocks a token exchange may come from; empty: any' }) allowedIps!: string[];
  @Field(() => GraphQLDateTime, { nullable: true, description: 'After this instant the key no longer exchanges; null: never expires' }) expiresAt!: Date | null;
  @Field(() => GraphQLDateTime) createdAt!: Date;
  @Field(() => GraphQLDateTime, { description: 'The last change: created, disabled (a rotation disables the old key)' }) updatedAt!: Date;
}

export const ApiKeyConnection = Connection(ApiKey, 'ApiKey');

@InputType({ description: 'A new key of the acting account' })
export class CreateApiKeyInput {
  @Field(() => [ApiKeyPermissionEnum], { nullable: true, description: "Only permissions the calling key holds itself; absent: none" }) permissions?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'IP addresses or CIDR blocks; absent or empty: any address' }) allowedIps?: string[] | null;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the key stops working; absent: never' }) expiresAt?: Date | null;
}

@InputType({ description: 'The key acted on' })
export class ApiKeyIdInput {
  @Field(() => ID, { description: "The key's id (ApiKey.id)" }) id!: string;
}

export interface ApiKeyWithSecretValue {
  apiKey: ApiKey;
  secret: string | null;
}

export interface ApiKeySecretPayload {
  apiKey: ApiKey | null;
  secret: string | null;
  userErrors: UserErrorValue[];
}

/**
 * The payload of create and rotate: `{ apiKey, secret, userErrors }`, the secret beside the key (as
 * a webhook endpoint's), so a normalized cache keeps one ApiKey record and never the secret in it.
 */
export function apiKeySecretPayload(name: string, userError: AreaUserErrorType): PayloadClass<ApiKeyWithSecretValue, ApiKeySecretPayload> {
  class Payload {
    static payload: PayloadSpec<ApiKeyWithSecretValue, ApiKeySecretPayload> = {
      ok: (result) => ({ ...result, userErrors: [] }),
      refused: (userErrors) => ({ apiKey: null, secret: null, userErrors }),
      userError,
    };
  }
  Field(() => ApiKey, { nullable: true, description: 'The key; null when the mutation was refused (see userErrors)' })(Payload.prototype, 'apiKey');
  SecretAnswer()(Payload.prototype, 'secret');
  Field(() => String, { nullable: true, description: "The key's secret (api_key); shown once: null in idempotent replays and when refused" })(Payload.prototype, 'secret');
  userErrorsField(Payload, userError);
  ObjectType(name, { description: `The answer of ${name.replace(/Payload$/, '').replace(/^./, (c) => c.toLowerCase())}` })(Payload);
  return Payload as unknown as PayloadClass<ApiKeyWithSecretValue, ApiKeySecretPayload>;
}

// ---- presenters: field by field, JSON-plain (a mutation's result is replayed from JSON) ----

export const toGraphQLApiKey = (v: ApiKeyView): ApiKey => ({
  id: v.id,
  clientId: v.clientId,
  secretLast4: v.secretLast4,
  status: v.status,
  permissions: v.permissions,
  allowedIps: v.allowedIps,
  expiresAt: v.expiresAt,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});

export const toGraphQLApiKeyWithSecret = (v: ApiKeyWithSecret): ApiKeyWithSecretValue => ({ apiKey: toGraphQLApiKey(v.apiKey), secret: v.secret });

import { Field, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { TIMEOUT_STRATEGIES } from '../../../domain/issuing/auth-decisions/rules';
import type { AuthDecisionConfigView } from '../../../domain/issuing/auth-decisions/view';
import { enumFrom } from '../../shared/enums';
import { Node } from '../../shared/node';

export const AuthDecisionTimeoutStrategyEnum = enumFrom('AuthDecisionTimeoutStrategy', TIMEOUT_STRATEGIES);

@ObjectType({ implements: Node, description: "The acting account's authorization decision endpoint, with payrail's public key" })
export class AuthDecisionConfig {
  @Field(() => String, { nullable: true }) url!: string | null;
  @Field(() => String, { nullable: true, description: "The customer's armored PGP public key payrail encrypts requests to" }) publicKey!: string | null;
  @Field(() => AuthDecisionTimeoutStrategyEnum, { nullable: true, description: "No valid answer in time: DECLINE, or DELEGATE to payrail's own rules" })
  timeoutStrategy!: string | null;
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => String, { description: "payrail's armored PGP public key of the account tree: encrypt answers to it" }) payrailPublicKey!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) updateTime!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed. */
export const toGraphQLAuthDecisionConfig = (v: AuthDecisionConfigView): AuthDecisionConfig => ({
  url: v.url,
  publicKey: v.publicKey,
  timeoutStrategy: v.timeoutStrategy,
  enabled: v.enabled,
  payrailPublicKey: v.payrailPublicKey,
  updateTime: v.updatedAt ? v.updatedAt.toISOString() : null,
});

@InputType({ description: 'The decision endpoint: all three fields (enabled unless enabled is false), or only enabled: false to turn it off' })
export class ConfigureAuthDecisionInput {
  @Field(() => String, { nullable: true, description: 'http(s) URL payrail POSTs to' }) url?: string;
  @Field(() => String, { nullable: true, description: 'Armored PGP public key that can encrypt' }) publicKey?: string;
  @Field(() => AuthDecisionTimeoutStrategyEnum, { nullable: true }) timeoutStrategy?: string;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
}

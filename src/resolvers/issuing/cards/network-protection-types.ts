import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { PROTECTION_STATUSES, type NetworkProtectionView } from '../../../domain/issuing/cards/network-protection-rules';
import { CardSchemeEnum } from '../products/types';
import { enumFrom } from '../../shared/enums';
import { MaskedAnswer } from '../../shared/sensitive';

const ProtectionStatusEnum = enumFrom('CardNetworkProtectionStatus', PROTECTION_STATUSES, 'ACTIVE while enrolled, INACTIVE otherwise');

@ObjectType({ description: "A card's enrollment in the network's protection: while enabled, the network answers its authorizations with the action code" })
export class CardNetworkProtection {
  @Field(() => ID) cardId!: string;
  @MaskedAnswer() @Field(() => String, { description: 'First 6 and last 4 digits' }) cardNumber!: string;
  @Field(() => ID) cardholderId!: string;
  @Field(() => CardSchemeEnum) cardScheme!: string;
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => ProtectionStatusEnum) status!: string;
  @Field(() => String, { nullable: true, description: 'ISO 8583 action code: 01, 04, 41, 43, 46 or 54' }) actionCode!: string | null;
  @Field(() => String, { nullable: true }) definition!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) updatedAt!: string | null;
}

@InputType({ description: "Enroll a card in the network's protection" })
export class EnrollCardNetworkProtectionInput {
  @Field(() => ID) cardId!: string;
  @Field(() => String, { description: 'ISO 8583 action code: 01, 04, 41, 43, 46 or 54' }) actionCode!: string;
}

@InputType({ description: "Remove a card from the network's protection" })
export class RemoveCardNetworkProtectionInput {
  @Field(() => ID) cardId!: string;
}

export const toGraphQLNetworkProtection = (p: NetworkProtectionView): CardNetworkProtection => ({
  cardId: p.cardId,
  cardNumber: p.cardNumber,
  cardholderId: p.cardholderId,
  cardScheme: p.cardScheme,
  enabled: p.enabled,
  status: p.status,
  actionCode: p.actionCode,
  definition: p.definition,
  updatedAt: p.updatedAt ? p.updatedAt.toISOString() : null,
});

import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { PanTokenView, SecureCardDetailsView } from '../../../domain/issuing/card-secure/service';
import { SecretAnswer } from '../../shared/sensitive';

@ObjectType({ description: "A card's full number, CVV and expiry (CI6); needs the API key permission issuing.cards.read_sensitive" })
export class SecureCardDetails {
  @SecretAnswer() @Field(() => String) cardNumber!: string;
  @SecretAnswer() @Field(() => String) cvv!: string;
  @Field(() => String, { description: 'MM/YY' }) expireDate!: string;
}

@ObjectType({ description: 'A single-use token that opens the card iframe page (/iframe/card) once, within expiresIn seconds (CI7)' })
export class PanToken {
  @SecretAnswer() @Field(() => String) token!: string;
  @Field(() => Int) expiresIn!: number;
  @Field(() => GraphQLDateTime) expiresAt!: Date;
}

@InputType()
export class CreateCardPanTokenInput {
  @Field(() => ID) cardId!: string;
}

export const toGraphQLSecureCardDetails = (v: SecureCardDetailsView): SecureCardDetails => ({ ...v });
export const toGraphQLPanToken = (v: PanTokenView): PanToken => ({ ...v });

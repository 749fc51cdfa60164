import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { DecimalScalar } from '../../shared/scalars';
import { GraphQLJSONObject } from 'graphql-scalars';
import { CardModeTypeEnum } from '../products/types';
import { Card, RiskControlsInput, SpendingControlInput } from './types';
import { SecretAnswer } from '../../shared/sensitive';

@InputType({ description: 'Changes to a card (CI4); absent fields are kept, given ones replace' })
export class UpdateCardInput {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true, description: "One of the card product's arts (cardArts)" }) cardArtId?: string;
  @Field(() => String, { nullable: true, description: 'At most 26 characters' }) nameOnCard?: string;
  @Field(() => DecimalScalar, { nullable: true, description: 'SHARE cards only; > 0, two decimals' }) cardLimit?: string;
  @Field(() => DecimalScalar, { nullable: true, description: "At most the product's amount for the card currency" }) noPinPaymentAmount?: string;
  @Field(() => [SpendingControlInput], { nullable: true }) spendingControls?: SpendingControlInput[];
  @Field(() => RiskControlsInput, { nullable: true }) riskControls?: RiskControlsInput;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'A flat string-to-string map' }) metadata?: Record<string, unknown>;
}

@InputType({ description: 'Activate a physical card and set its PIN (CI10)' })
export class ActivateCardInput {
  @Field(() => ID) cardId!: string;
  @Field(() => String) activationCode!: string;
  @Field(() => String, { description: '6 digits; stored only as a slow hash' }) pin!: string;
  @Field(() => DecimalScalar, { nullable: true }) noPinPaymentAmount?: string;
}

@InputType({ description: 'Assign an unassigned physical card to a cardholder (CI11)' })
export class AssignCardInput {
  @Field(() => ID) cardholderId!: string;
  @Field(() => String) cardNumber!: string;
  @Field(() => String) cardCurrency!: string;
  @Field(() => CardModeTypeEnum) cardMode!: string;
}

@InputType({ description: 'A new PIN for an activated physical card (CI13)' })
export class ResetCardPinInput {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: '6 digits' }) pin!: string;
}

@ObjectType({ description: 'An assigned physical card with the activation code that comes with the plastic (CI11)' })
export class CardAssignment {
  @Field(() => Card) card!: Card;
  @SecretAnswer()
  @Field(() => String, { nullable: true, description: 'Shown once: null in idempotent replays' })
  activationCode!: string | null;
}

import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import type { CardProductView } from '../../domain/card-products/view';
import type { RequiredField } from '../../domain/card-products/catalogue';
import { Connection } from '../shared/connection';
import { DecimalScalar } from '../shared/scalars';

@ObjectType({ description: 'A cardholder field a product requires (spec 2.9 required_fields)' })
export class ProductRequiredField {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'string or object' })
  type!: string;

  @Field(() => Boolean)
  required!: boolean;

  @Field(() => [ProductRequiredField], { nullable: true, description: 'The members of an object-typed field' })
  fields!: ProductRequiredField[] | null;
}

@ObjectType({ description: 'A no-PIN payment amount of a product' })
export class NoPinPaymentAmount {
  @Field(() => String)
  currency!: string;

  @Field(() => DecimalScalar)
  amount!: string;
}

@ObjectType({ description: "A card product of the acting account's tree (spec 2.9)" })
export class CardProduct {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  cardBin!: string;

  @Field(() => String)
  cardScheme!: string;

  @Field(() => String)
  modeType!: string;

  @Field(() => [String])
  cardForm!: string[];

  @Field(() => Int)
  maxCardQuota!: number;

  @Field(() => [String])
  cardCurrency!: string[];

  @Field(() => [NoPinPaymentAmount])
  noPinPaymentAmount!: NoPinPaymentAmount[];

  @Field(() => String)
  status!: string;

  @Field(() => String)
  kycLevel!: string;

  @Field(() => [ProductRequiredField])
  requiredFields!: ProductRequiredField[];

  @Field(() => DecimalScalar, { description: 'The lowest card_limit a card of this product takes' })
  minCardLimit!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;
}

const toField = (f: RequiredField): ProductRequiredField => ({ name: f.name, type: f.type, required: f.required, fields: f.fields ? f.fields.map(toField) : null });

export const toGraphQLCardProduct = (p: CardProductView): CardProduct => ({
  id: p.id,
  cardBin: p.cardBin,
  cardScheme: p.cardScheme,
  modeType: p.modeType,
  cardForm: p.cardForm,
  maxCardQuota: p.maxCardQuota,
  cardCurrency: p.cardCurrency,
  noPinPaymentAmount: p.noPinPaymentAmount,
  status: p.status,
  kycLevel: p.kycLevel,
  requiredFields: p.requiredFields.map(toField),
  minCardLimit: p.minCardLimit,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const CardProductConnection = Connection(CardProduct, 'CardProduct');

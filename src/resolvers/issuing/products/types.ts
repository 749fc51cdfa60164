import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PRODUCT_STATUSES, type CardProductView } from '../../../domain/issuing/products/view';
import { CARD_FORMS, CARD_SCHEMES, KYC_LEVELS, MODE_TYPES, REQUIRED_FIELD_TYPES, type RequiredField } from '../../../domain/issuing/products/catalogue';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { DecimalScalar } from '../../shared/scalars';

export const CardSchemeEnum = enumFrom('CardScheme', CARD_SCHEMES);
export const CardModeTypeEnum = enumFrom('CardModeType', MODE_TYPES, "SINGLE: each card holds its own money; SHARE: the cards spend the issuing balance");
const CardFormEnum = enumFrom('CardForm', CARD_FORMS, 'VIR: virtual; PHY: physical');
const CardProductStatusEnum = enumFrom('CardProductStatus', PRODUCT_STATUSES);
const KycLevelEnum = enumFrom('CardProductKycLevel', KYC_LEVELS);
const RequiredFieldTypeEnum = enumFrom('ProductRequiredFieldType', REQUIRED_FIELD_TYPES);

@ObjectType({ description: 'A cardholder field a product requires (spec 2.9 required_fields)' })
export class ProductRequiredField {
  @Field(() => String)
  name!: string;

  @Field(() => RequiredFieldTypeEnum)
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

  @Field(() => CardSchemeEnum)
  cardScheme!: string;

  @Field(() => CardModeTypeEnum)
  modeType!: string;

  @Field(() => [CardFormEnum])
  cardForm!: string[];

  @Field(() => Int)
  maxCardQuota!: number;

  @Field(() => [String])
  cardCurrency!: string[];

  @Field(() => [NoPinPaymentAmount])
  noPinPaymentAmount!: NoPinPaymentAmount[];

  @Field(() => CardProductStatusEnum)
  status!: string;

  @Field(() => KycLevelEnum)
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

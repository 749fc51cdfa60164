import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { CountryCodeScalar, DecimalScalar } from '../../shared/scalars';
import { GraphQLDateTime, GraphQLJSONObject } from 'graphql-scalars';
import { CARD_CURRENCIES } from '../../../domain/issuing/products/catalogue';
import { CardSchemeEnum } from '../products/types';
import { AUTO_CANCEL_TRIGGERS, CARD_STATUSES, ORDER_STATUSES, SETTABLE_STATUSES, SPENDING_INTERVALS, USAGE_TYPES } from '../../../domain/issuing/cards/rules';
import type { CardView } from '../../../domain/issuing/cards/view';
import { GenderEnum, KycVerificationInput, ResidentialAddressInput } from '../cardholders/types';
import { Connection } from '../../shared/connection';
import { booleanOf, enumFrom } from '../../shared/enums';
import { CardNetworkProtection, toGraphQLNetworkProtection } from './network-protection-types';
import { MaskedAnswer } from '../../shared/sensitive';
import { Node, rowNode } from '../../shared/node';
import { cardsByIds } from '../../../domain/issuing/cards/queries';

export const CardStatusEnum = enumFrom('CardStatus', CARD_STATUSES);
export const CardOrderStatusEnum = enumFrom('CardOrderStatus', ORDER_STATUSES, 'PENDING, then PROCESSING, then SUCCESS (the card is ACTIVE)');
export const SettableCardStatusEnum = enumFrom('SettableCardStatus', SETTABLE_STATUSES, 'FROZEN freezes an ACTIVE card, ACTIVE unfreezes, CANCELLED is final');
export const CardUsageTypeEnum = enumFrom('CardUsageType', USAGE_TYPES);
export const SpendingIntervalEnum = enumFrom('SpendingInterval', SPENDING_INTERVALS);
export const AutoCancelTriggerEnum = enumFrom('CardAutoCancelTrigger', AUTO_CANCEL_TRIGGERS, 'When a ONE_TIME card cancels itself');

@ObjectType('CardSpendingControl')
export class SpendingControl {
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) amount!: string;
  @Field(() => SpendingIntervalEnum) interval!: string;
}

@ObjectType('CardRiskControls')
export class RiskControls {
  @Field(() => Boolean, { nullable: true, description: "VISA BINs only (REST's enable_3ds Y/N)" }) enable3ds?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "VISA BINs only (REST's allow_3ds_transactions Y/N)" }) allow3dsTransactions?: boolean | null;
  @Field(() => [String], { nullable: true }) allowedMcc?: string[] | null;
  @Field(() => [String], { nullable: true }) blockedMcc?: string[] | null;
}

@ObjectType({ implements: Node, description: 'An issued card (spec 2.7, CI2, CI3): the masked number only' })
export class Card {
  @Field(() => ID) id!: string;
  @Field(() => ID) cardholderId!: string;
  @Field(() => ID) cardProductId!: string;
  @Field(() => String) cardBin!: string;
  @Field(() => CardSchemeEnum) cardScheme!: string;
  @MaskedAnswer() @Field(() => String, { description: 'First 6 and last 4 digits' }) cardNumber!: string;
  @Field(() => String) nameOnCard!: string;
  @Field(() => String) cardCurrency!: string;
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) cardLimit!: string;
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) availableBalance!: string;
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) consumedAmount!: string;
  @Field(() => [SpendingControl]) spendingControls!: SpendingControl[];
  @Field(() => RiskControls) riskControls!: RiskControls;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field(() => CardUsageTypeEnum) usageType!: string;
  @Field(() => AutoCancelTriggerEnum, { nullable: true }) autoCancelTrigger!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true }) expiryAt!: string | null;
  @Field(() => CardStatusEnum) status!: string;
  @Field(() => String, { nullable: true }) updateReason!: string | null;
  @Field(() => ID) cardOrderId!: string;
  @Field(() => CardOrderStatusEnum) orderStatus!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => ID, { nullable: true, description: "The card's art (cardArts)" }) cardArtId!: string | null;
  @Field(() => CardNetworkProtection) networkProtection!: CardNetworkProtection;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'While an elevated cardLimit is in force: when it ends' }) limitElevatedUntil!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed. */
export const toGraphQLCard = (c: CardView): Card => ({
  id: c.id,
  cardholderId: c.cardholderId,
  cardProductId: c.cardProductId,
  cardBin: c.cardBin,
  cardScheme: c.cardScheme,
  cardNumber: c.cardNumber,
  nameOnCard: c.nameOnCard,
  cardCurrency: c.cardCurrency,
  cardLimit: c.cardLimit,
  availableBalance: c.availableBalance,
  consumedAmount: c.consumedAmount,
  spendingControls: c.spendingControls.map((s) => ({ amount: String(s.amount), interval: s.interval })),
  riskControls: {
    enable3ds: booleanOf(c.riskControls.enable_3ds),
    allow3dsTransactions: booleanOf(c.riskControls.allow_3ds_transactions),
    allowedMcc: c.riskControls.allowed_mcc ?? null,
    blockedMcc: c.riskControls.blocked_mcc ?? null,
  },
  metadata: c.metadata,
  usageType: c.usageType,
  autoCancelTrigger: c.autoCancelTrigger,
  expiryAt: c.expiryAt ? c.expiryAt.toISOString() : null,
  status: c.status,
  updateReason: c.updateReason,
  cardOrderId: c.cardOrderId,
  orderStatus: c.orderStatus,
  createdAt: c.createdAt.toISOString(),
  cardArtId: c.cardArtId,
  networkProtection: toGraphQLNetworkProtection(c.networkProtection),
  limitElevatedUntil: c.limitElevatedUntil ? c.limitElevatedUntil.toISOString() : null,
});

export const CardConnection = Connection(Card, 'Card');

@InputType('CardSpendingControlInput')
export class SpendingControlInput {
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => SpendingIntervalEnum) interval!: string;
}

@InputType('CardRiskControlsInput')
export class RiskControlsInput {
  @Field(() => Boolean, { nullable: true, description: "VISA BINs only (REST's enable_3ds Y/N)" }) enable3ds?: boolean;
  @Field(() => Boolean, { nullable: true, description: "VISA BINs only (REST's allow_3ds_transactions Y/N)" }) allow3dsTransactions?: boolean;
  @Field(() => [String], { nullable: true }) allowedMcc?: string[] | null;
  @Field(() => [String], { nullable: true }) blockedMcc?: string[];
}

@InputType({ description: 'CI1 cardholder_required_fields: without cardholderId a new holder (CI14 rules); with it, data the holder lacks' })
export class CardholderRequiredFieldsInput {
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => CountryCodeScalar, { nullable: true }) countryCode?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string;
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd; 18 or older' }) dateOfBirth?: string;
  @Field(() => GenderEnum, { nullable: true }) gender?: string;
  @Field(() => String, { nullable: true }) nationality?: string;
  @Field(() => ResidentialAddressInput, { nullable: true }) residentialAddress?: ResidentialAddressInput;
  @Field(() => KycVerificationInput, { nullable: true }) kycVerification?: KycVerificationInput;
}

@InputType({ description: 'A new card (CI1): for an existing cardholder, or one-step with cardholderRequiredFields' })
export class CreateCardInput {
  @Field(() => String, { description: `One of ${CARD_CURRENCIES.join(', ')}` }) cardCurrency!: string;
  @Field(() => ID) cardProductId!: string;
  @Field(() => ID, { nullable: true, description: 'Absent: one-step mode, the holder is created from cardholderRequiredFields' }) cardholderId?: string;
  @Field(() => CardholderRequiredFieldsInput, { nullable: true }) cardholderRequiredFields?: CardholderRequiredFieldsInput;
  @Field(() => DecimalScalar, { nullable: true, description: '>= 0, two decimals; >= 0.01 on BINs 527735, 555071, 555243' }) cardLimit?: string;
  @Field(() => String, { nullable: true, description: 'At most 26 characters' }) nameOnCard?: string;
  @Field(() => [SpendingControlInput], { nullable: true }) spendingControls?: SpendingControlInput[];
  @Field(() => RiskControlsInput, { nullable: true }) riskControls?: RiskControlsInput;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'At most 3,200 bytes of JSON' }) metadata?: Record<string, unknown>;
  @Field(() => CardUsageTypeEnum, { nullable: true }) usageType?: string;
  @Field(() => AutoCancelTriggerEnum, { nullable: true, description: 'Required for ONE_TIME' }) autoCancelTrigger?: string;
  @Field(() => String, { nullable: true, description: 'RFC 3339 date-time in the future' }) expiryAt?: string;
}

@InputType({ description: 'Freeze, unfreeze or cancel a card (CI5)' })
export class UpdateCardStatusInput {
  @Field(() => ID) id!: string;
  @Field(() => SettableCardStatusEnum) status!: string;
  @Field(() => String, { nullable: true }) updateReason?: string;
}

@InputType({ description: 'Filters of cards' })
export class CardFilter {
  @Field(() => CardStatusEnum, { nullable: true }) status?: string;
  @Field(() => ID, { nullable: true }) cardholderId?: string;
}

/** Card as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const cardNode = rowNode({ kind: 'card', type: Card, find: cardsByIds, map: toGraphQLCard });

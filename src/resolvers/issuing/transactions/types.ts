import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { CountryCodeScalar, DecimalScalar } from '../../shared/scalars';
import { GraphQLDateTime } from 'graphql-scalars';
import { DECIDERS } from '../../../domain/issuing/auth-decisions/rules';
import { SIMULATED_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../domain/issuing/transactions/rules';
import type { CardTransactionView } from '../../../domain/issuing/transactions/view';
import { Connection } from '../../shared/connection';
import { booleanOf, enumFrom } from '../../shared/enums';
import { MaskedAnswer } from '../../shared/sensitive';
import { Node, rowNode } from '../../shared/node';
import { cardTransactionsByIds } from '../../../domain/issuing/transactions/queries';

export const CardTransactionTypeEnum = enumFrom('CardTransactionType', TRANSACTION_TYPES);
export const CardTransactionStatusEnum = enumFrom('CardTransactionStatus', TRANSACTION_STATUSES);
const DecidedByEnum = enumFrom('CardAuthorizationDecider', DECIDERS, 'PAYRAIL (its own rules), PARTNER (the decision endpoint) or TIMEOUT_STRATEGY');
const SimulatedStatusEnum = enumFrom('SimulatedCardAuthorizationStatus', SIMULATED_STATUSES, 'APPROVED, or DECLINED to force a decline (DECLINED_BY_REQUEST)');

@ObjectType('CardMerchantData')
export class MerchantData {
  @Field(() => String) categoryCode!: string;
  @Field(() => String) city!: string;
  @Field(() => CountryCodeScalar, { nullable: true, description: "The merchant's country; null when the network did not say (an unsolicited refund, an authorization without one)" }) country!: string | null;
  @Field(() => String) name!: string;
}

@ObjectType({ implements: Node, description: 'A card transaction (spec 2.13, CI22, CI23): an authorization, reversal, clearing or refund' })
export class CardTransaction {
  @Field(() => ID) id!: string;
  @Field(() => ID) cardId!: string;
  @MaskedAnswer() @Field(() => String, { description: 'First 6 and last 4 digits' }) cardNumber!: string;
  @Field(() => ID) cardholderId!: string;
  @Field(() => String) shortTransactionId!: string;
  @Field(() => ID, { nullable: true, description: 'The authorization a reversal, clearing or refund follows' }) originalTransactionId!: string | null;
  @Field(() => CardTransactionTypeEnum) transactionType!: string;
  @Field(() => CardTransactionStatusEnum) transactionStatus!: string;
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) transactionAmount!: string;
  @Field(() => String) transactionCurrency!: string;
  @Field(() => DecimalScalar, { description: "Decimal amount in the card's currency" }) billingAmount!: string;
  @Field(() => String) billingCurrency!: string;
  @Field(() => DecimalScalar, { description: 'Decimal amount' }) transactionFee!: string;
  @Field(() => String) transactionFeeCurrency!: string;
  @Field(() => Boolean, { description: "REST's fee_pass_through Y/N" }) feePassThrough!: boolean;
  @Field(() => DecimalScalar, { description: 'Decimal amount: what the card had left to spend after this transaction' }) cardAvailableBalance!: string;
  @Field(() => MerchantData) merchantData!: MerchantData;
  @Field(() => String, { nullable: true }) authorizationCode!: string | null;
  @Field(() => String, { nullable: true, description: "Why a DECLINED authorization was declined: payrail's reason, or the decision endpoint's response code" }) failureReason!: string | null;
  @Field(() => DecidedByEnum, { nullable: true, description: 'Authorizations only' }) decidedBy!: string | null;
  @Field(() => String, { nullable: true, description: "The decision endpoint's partner_reference_id" }) partnerReferenceId!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => DecimalScalar, { description: 'Authorizations: the decimal amount still held; an unsolicited refund: what awaits its claim' }) heldAmount!: string;
  @Field(() => GraphQLDateTime) transactionTime!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) postedTime!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed. */
export const toGraphQLCardTransaction = (t: CardTransactionView): CardTransaction => ({
  id: t.id,
  cardId: t.cardId,
  cardNumber: t.cardNumber,
  cardholderId: t.cardholderId,
  shortTransactionId: t.shortTransactionId,
  originalTransactionId: t.originalTransactionId,
  transactionType: t.transactionType,
  transactionStatus: t.transactionStatus,
  transactionAmount: t.transactionAmount,
  transactionCurrency: t.transactionCurrency,
  billingAmount: t.billingAmount,
  billingCurrency: t.billingCurrency,
  transactionFee: t.transactionFee,
  transactionFeeCurrency: t.transactionFeeCurrency,
  feePassThrough: booleanOf(t.feePassThrough) === true,
  cardAvailableBalance: t.cardAvailableBalance,
  // The store keeps '' for a country the network did not give; GraphQL says null, never a non-code.
  merchantData: { ...t.merchant, country: t.merchant.country === '' ? null : t.merchant.country },
  authorizationCode: t.authorizationCode,
  failureReason: t.failureReason,
  decidedBy: t.decidedBy,
  partnerReferenceId: t.partnerReferenceId,
  description: t.description,
  heldAmount: t.heldAmount,
  transactionTime: t.transactionTime.toISOString(),
  postedTime: t.postedTime ? t.postedTime.toISOString() : null,
});

export const CardTransactionConnection = Connection(CardTransaction, 'CardTransaction');

@InputType({ description: 'A simulated authorization (SI2)' })
export class SimulateCardAuthorizationInput {
  @Field(() => ID) cardId!: string;
  @Field(() => DecimalScalar, { description: '> 0, two decimals' }) transactionAmount!: string;
  @Field(() => String) transactionCurrency!: string;
  @Field(() => String) merchantName!: string;
  @Field(() => String, { description: '4-digit MCC' }) merchantCategoryCode!: string;
  @Field(() => SimulatedStatusEnum, { nullable: true, description: 'Default APPROVED' }) transactionStatus?: string;
  @Field(() => String, { nullable: true }) merchantCity?: string;
  @Field(() => CountryCodeScalar, { nullable: true, description: 'ISO 3166-1 alpha-2' }) merchantCountry?: string;
  @Field(() => Boolean, { nullable: true, description: 'true: the merchant asks for a 3-D Secure authorization' }) threeDs?: boolean;
}

@InputType({ description: 'A reversal or clearing of an authorization: all that is held, or `amount`' })
export class CardTransactionFollowUpInput {
  @Field(() => ID, { description: 'The authorization' }) transactionId!: string;
  @Field(() => DecimalScalar, { nullable: true }) amount?: string;
}

@InputType({ description: 'A merchant refund of a cleared authorization' })
export class RefundCardTransactionInput {
  @Field(() => ID, { description: 'The authorization' }) transactionId!: string;
  @Field(() => DecimalScalar) amount!: string;
}

@InputType({ description: 'A simulated refund nobody asked for, reaching a card (payrail extension)' })
export class SimulateUnsolicitedRefundInput {
  @Field(() => ID) cardId!: string;
  @Field(() => DecimalScalar, { description: "> 0, two decimals, in the card's currency" }) amount!: string;
  @Field(() => String) merchantName!: string;
  @Field(() => String, { description: '4-digit MCC' }) merchantCategoryCode!: string;
}

@InputType({ description: "The claim of an unsolicited refund (the official clients' claimUnsolicitedRefund)" })
export class ClaimUnsolicitedRefundInput {
  @Field(() => ID, { description: "The unsolicited refund's own transaction id" }) relatedTransactionId!: string;
  @Field(() => String, { nullable: true, description: "At most 255 characters; becomes the transaction's description" }) remark?: string;
}

@InputType({ description: 'Filters of card transactions' })
export class CardTransactionFilter {
  @Field(() => ID, { nullable: true }) cardId?: string;
  @Field(() => GraphQLDateTime, { nullable: true }) startTime?: Date;
  @Field(() => GraphQLDateTime, { nullable: true }) endTime?: Date;
}

/** CardTransaction as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const cardTransactionNode = rowNode({ kind: 'card_transaction', type: CardTransaction, find: cardTransactionsByIds, map: toGraphQLCardTransaction });

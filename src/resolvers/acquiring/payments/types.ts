import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime, GraphQLJSONObject } from 'graphql-scalars';
import type { IntentWithAttempt } from '../../../domain/acquiring/payments/queries';
import { AVS_RESULTS, CARD_TYPES, CVV_RESULTS } from '../../../domain/acquiring/payments/cards/card-check';
import { NETWORKS } from '../../../domain/acquiring/payments/cards/test-cards';
import {
  ATTEMPT_STATUSES,
  AUTHORIZATION_TYPES,
  CANCELLATION_REASONS,
  CARD_NETWORKS,
  INTENT_STATUSES,
  NEXT_ACTION_TYPES,
  PAYMENT_METHOD_TYPES,
  STORED_AUTHORIZATION_TYPES,
  THREE_DS_ACTIONS,
} from '../../../domain/acquiring/payments/rules';
import { THREE_DS_AUTHENTICATION_STATUSES } from '../../../domain/acquiring/payments/three-ds';
import type { BillingView, PaymentAttemptView } from '../../../domain/acquiring/payments/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CountryCodeScalar, CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { MaskedAnswer } from '../../shared/sensitive';
import { Node, rowNode } from '../../shared/node';
import { intentsByIds } from '../../../domain/acquiring/payments/queries';
import { attemptsByIds } from '../../../domain/acquiring/payments/queries';

export const IntentStatusEnum = enumFrom('PaymentIntentStatus', INTENT_STATUSES, 'Spec 3.1');
export const AttemptStatusEnum = enumFrom('PaymentAttemptStatus', ATTEMPT_STATUSES);
export const CancellationReasonEnum = enumFrom('PaymentIntentCancellationReason', CANCELLATION_REASONS);
export const CardNetworkEnum = enumFrom('PaymentCardNetwork', CARD_NETWORKS, 'The networks the official clients name');
export const AuthorizationTypeEnum = enumFrom('PaymentAuthorizationType', AUTHORIZATION_TYPES, 'AUTHORIZATION: captured at once unless autoCapture is false; PRE_AUTHORIZATION: always left for a capture, held 30 days');
export const ThreeDsActionEnum = enumFrom('PaymentThreeDsAction', THREE_DS_ACTIONS, 'ENFORCE_3DS: challenge a card that needs none (ipAddress and browserInfo required); SKIP_3DS: no 3-D Secure');
export const MobileOsEnum = enumFrom('PaymentBrowserMobileOs', ['IOS', 'ANDROID'] as const);
const DetectedCardNetworkEnum = enumFrom('PaymentCardDetectedNetwork', NETWORKS, 'The network payrail read from the card number (an attempt\'s network and brand)');
const CardTypeEnum = enumFrom('PaymentCardType', CARD_TYPES);
const StoredAuthorizationTypeEnum = enumFrom('PaymentStoredAuthorizationType', STORED_AUTHORIZATION_TYPES, 'FINAL_AUTH for an authorization, PRE_AUTH for a pre_authorization');
const CvvResultEnum = enumFrom('PaymentCvvResult', CVV_RESULTS, 'M: the CVC matched; N: it did not');
const AvsResultEnum = enumFrom('PaymentAvsResult', AVS_RESULTS, 'Y: the billing postcode matched; N: it did not; U: no address was sent');
const ThreeDsAuthenticationStatusEnum = enumFrom('PaymentThreeDsAuthenticationStatus', THREE_DS_AUTHENTICATION_STATUSES, 'Y authenticated, C challenge pending, N failed');
const PaymentMethodTypeEnum = enumFrom('PaymentMethodType', PAYMENT_METHOD_TYPES);
const NextActionTypeEnum = enumFrom('PaymentNextActionType', NEXT_ACTION_TYPES);

@ObjectType()
export class PaymentAddress {
  @Field(() => CountryCodeScalar) countryCode!: string;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) street!: string | null;
  @Field(() => String, { nullable: true }) postcode!: string | null;
  @Field(() => String, { nullable: true }) state!: string | null;
}

@ObjectType()
export class PaymentBilling {
  @Field(() => String, { nullable: true }) firstName!: string | null;
  @Field(() => String, { nullable: true }) lastName!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phoneNumber!: string | null;
  @Field(() => PaymentAddress, { nullable: true }) address!: PaymentAddress | null;
}

@ObjectType({ description: 'The card of an attempt: never the full number or the CVC' })
export class PaymentCard {
  @Field(() => String, { nullable: true }) cardName!: string | null;
  @MaskedAnswer() @Field(() => String, { description: 'Masked: first 6 and last 4 digits' }) cardNumber!: string;
  @Field(() => DetectedCardNetworkEnum) network!: string;
  @Field(() => DetectedCardNetworkEnum) brand!: string;
  @Field(() => String) bin!: string;
  @Field(() => String) last4!: string;
  @Field(() => CardTypeEnum) cardType!: string;
  @Field(() => String) expiryMonth!: string;
  @Field(() => String) expiryYear!: string;
  @Field(() => StoredAuthorizationTypeEnum) authorizationType!: string;
  @Field(() => Boolean) autoCapture!: boolean;
  @Field(() => PaymentBilling, { nullable: true }) billing!: PaymentBilling | null;
}

@ObjectType()
export class PaymentMethod {
  @Field(() => PaymentMethodTypeEnum) type!: string;
  @Field(() => PaymentCard, { nullable: true }) card!: PaymentCard | null;
}

@ObjectType()
export class ThreeDs {
  @Field(() => String) threeDsVersion!: string;
  @Field(() => String) eci!: string;
  @Field(() => String) cavv!: string;
  @Field(() => ThreeDsAuthenticationStatusEnum) threeDsAuthenticationStatus!: string;
  @Field(() => String) threeDsCancellationReason!: string;
}

@ObjectType()
export class AuthenticationData {
  @Field(() => CvvResultEnum) cvvResult!: string;
  @Field(() => AvsResultEnum) avsResult!: string;
  @Field(() => ThreeDs, { nullable: true }) threeDs!: ThreeDs | null;
}

@ObjectType({ implements: Node, description: 'One try at paying an intent (spec 2.3; catalogue PA13)' })
export class PaymentAttempt {
  @Field(() => ID) id!: string;
  @Field(() => ID) paymentIntentId!: string;
  @Field(() => AttemptStatusEnum) status!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar) capturedAmount!: string;
  @Field(() => DecimalScalar) refundedAmount!: string;
  @Field(() => PaymentMethod) paymentMethod!: PaymentMethod;
  @Field(() => AuthenticationData, { nullable: true }) authenticationData!: AuthenticationData | null;
  @Field(() => String, { description: 'Empty unless the attempt failed' }) failureCode!: string;
  @Field(() => CancellationReasonEnum, { nullable: true }) cancellationReason!: string | null;
  @Field(() => String, { nullable: true }) authCode!: string | null;
  @Field(() => String, { nullable: true }) arn!: string | null;
  @Field(() => String, { nullable: true }) rrn!: string | null;
  @Field(() => String, { nullable: true }) adviceCode!: string | null;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) completedAt!: string | null;
}

@ObjectType()
export class RedirectToUrl {
  @Field(() => String, { description: "payrail's own 3-D Secure page" }) url!: string;
  @Field(() => String) returnUrl!: string;
}

@ObjectType()
export class NextAction {
  @Field(() => NextActionTypeEnum) type!: string;
  @Field(() => RedirectToUrl) redirectToUrl!: RedirectToUrl;
}

@ObjectType({ implements: Node, description: 'A payment to accept (spec 2.1; catalogue PA1-PA7)' })
export class PaymentIntent {
  @Field(() => ID) id!: string;
  @Field(() => IntentStatusEnum) status!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => DecimalScalar) capturedAmount!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String) merchantOrderId!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) returnUrl!: string | null;
  @Field(() => [PaymentMethodTypeEnum], { nullable: true }) availablePaymentMethodTypes!: string[] | null;
  @Field(() => String, { nullable: true }) customerId!: string | null;
  @Field(() => String, { nullable: true, description: 'createPaymentIntent and paymentIntent only; valid 60 minutes' }) clientSecret!: string | null;
  @Field(() => NextAction, { nullable: true }) nextAction!: NextAction | null;
  @Field(() => ID, { nullable: true }) latestPaymentAttemptId!: string | null;
  @Field(() => CancellationReasonEnum, { nullable: true }) cancellationReason!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'Only when CANCELLED' }) cancelTime!: string | null;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'When a final state was reached' }) completeTime!: string | null;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
  /** Resolved by the resolver (loader), or carried when the operation already has it. */
  latestAttempt?: PaymentAttempt | null;
}

const toGraphQLBilling = (b: BillingView | null): PaymentBilling | null => b && { ...b, address: b.address && { ...b.address } };

export const toGraphQLPaymentAttempt = (a: PaymentAttemptView): PaymentAttempt => ({
  id: a.id,
  paymentIntentId: a.paymentIntentId,
  status: a.status,
  amount: a.amount,
  currency: a.currency,
  capturedAmount: a.capturedAmount,
  refundedAmount: a.refundedAmount,
  paymentMethod: { type: a.paymentMethod.type, card: a.paymentMethod.card && { ...a.paymentMethod.card, billing: toGraphQLBilling(a.paymentMethod.card.billing) } },
  authenticationData: a.authenticationData && { ...a.authenticationData, threeDs: a.authenticationData.threeDs && { ...a.authenticationData.threeDs } },
  failureCode: a.failureCode,
  cancellationReason: a.cancellationReason,
  authCode: a.authCode,
  arn: a.arn,
  rrn: a.rrn,
  adviceCode: a.adviceCode,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
  completedAt: a.completedAt?.toISOString() ?? null,
});

/**
 * Plain JSON-safe values (mutation results are stored and replayed). `origin` puts the 3-D Secure
 * page's path on the origin the request reached, as REST does. An operation that knows the latest
 * attempt carries it; a list leaves it to the loader.
 */
export const toGraphQLPaymentIntent = (origin: string) => ({ intent: p, latestAttempt }: Pick<IntentWithAttempt, 'intent'> & { latestAttempt?: PaymentAttemptView | null }): PaymentIntent => ({
  id: p.id,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  capturedAmount: p.capturedAmount,
  description: p.description,
  merchantOrderId: p.merchantOrderId,
  metadata: p.metadata,
  returnUrl: p.returnUrl,
  availablePaymentMethodTypes: p.availablePaymentMethodTypes,
  customerId: p.customerId,
  clientSecret: p.clientSecret,
  nextAction: p.nextAction && { type: p.nextAction.type, redirectToUrl: { url: `${origin}${p.nextAction.redirectToUrl.path}`, returnUrl: p.nextAction.redirectToUrl.returnUrl } },
  latestPaymentAttemptId: p.latestAttemptId,
  cancellationReason: p.cancellationReason,
  cancelTime: p.cancelTime?.toISOString() ?? null,
  completeTime: p.completeTime?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  ...(latestAttempt === undefined ? {} : { latestAttempt: latestAttempt && toGraphQLPaymentAttempt(latestAttempt) }),
});

export const PaymentIntentConnection = Connection(PaymentIntent, 'PaymentIntent');
export const PaymentAttemptConnection = Connection(PaymentAttempt, 'PaymentAttempt');

@InputType()
export class PaymentOrderProductInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => DecimalScalar, { nullable: true }) price?: string;
  @Field(() => Int, { nullable: true }) quantity?: number;
  @Field(() => String, { nullable: true }) imageUrl?: string;
}

@InputType()
export class PaymentOrdersInput {
  @Field(() => String, { nullable: true }) type?: string;
  @Field(() => [PaymentOrderProductInput], { nullable: true }) products?: PaymentOrderProductInput[];
}

@InputType()
export class PaymentAddressInput {
  @Field(() => CountryCodeScalar) countryCode!: string;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) street?: string;
  @Field(() => String, { nullable: true }) postcode?: string;
  @Field(() => String, { nullable: true }) state?: string;
}

@InputType()
export class PaymentBillingInput {
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string;
  @Field(() => PaymentAddressInput, { nullable: true }) address?: PaymentAddressInput;
}

@InputType({ description: "What the customer's own 3-D Secure run passed on; only returnUrl is used by the sandbox" })
export class PaymentThreeDsInput {
  @Field(() => String, { nullable: true, description: 'Where the challenge page sends the customer back' }) returnUrl?: string;
  @Field(() => String, { nullable: true }) acsResponse?: string;
  @Field(() => String, { nullable: true }) deviceDataCollectionRes?: string;
  @Field(() => String, { nullable: true }) dsTransactionId?: string;
}

@InputType({ description: 'A card for confirm; the number and CVC are never stored or logged' })
export class PaymentCardInput {
  @Field(() => String, { nullable: true, description: 'The card number (required; or the deprecated number)' }) cardNumber?: string;
  @Field(() => String, { nullable: true, deprecationReason: 'Use cardNumber' }) number?: string;
  @Field(() => String) expiryMonth!: string;
  @Field(() => String) expiryYear!: string;
  @Field(() => String) cvc!: string;
  @Field(() => String, { nullable: true }) cardName?: string;
  @Field(() => CardNetworkEnum, { nullable: true, description: 'Checked against the card number' }) network?: string;
  @Field(() => PaymentBillingInput, { nullable: true }) billing?: PaymentBillingInput;
  @Field(() => Boolean, { nullable: true, description: 'false: stop in REQUIRES_CAPTURE; default true (false for a pre_authorization)' }) autoCapture?: boolean;
  @Field(() => AuthorizationTypeEnum, { nullable: true, description: 'Default authorization' }) authorizationType?: string;
  @Field(() => ThreeDsActionEnum, { nullable: true, description: 'Default: the test card decides' }) threeDsAction?: string;
  @Field(() => PaymentThreeDsInput, { nullable: true }) threeDs?: PaymentThreeDsInput;
}

@InputType()
export class PaymentMethodInput {
  @Field(() => PaymentMethodTypeEnum) type!: string;
  @Field(() => PaymentCardInput) card!: PaymentCardInput;
}

@InputType()
export class BrowserInput {
  @Field(() => Boolean, { nullable: true }) javaEnabled?: boolean;
  @Field(() => Boolean, { nullable: true }) javascriptEnabled?: boolean;
  @Field(() => String, { nullable: true }) userAgent?: string;
}

@InputType()
export class BrowserLocationInput {
  @Field(() => String, { nullable: true }) lat?: string;
  @Field(() => String, { nullable: true }) lon?: string;
}

@InputType()
export class BrowserMobileInput {
  @Field(() => String, { nullable: true }) deviceModel?: string;
  @Field(() => MobileOsEnum, { nullable: true }) osType?: string;
  @Field(() => String, { nullable: true }) osVersion?: string;
}

@InputType({ description: "The customer's browser, for 3-D Secure (the official Python client's browser_info)" })
export class BrowserInfoInput {
  @Field(() => String, { nullable: true }) acceptHeader?: string;
  @Field(() => BrowserInput, { nullable: true }) browser?: BrowserInput;
  @Field(() => String, { nullable: true }) deviceId?: string;
  @Field(() => String, { nullable: true }) language?: string;
  @Field(() => BrowserLocationInput, { nullable: true }) location?: BrowserLocationInput;
  @Field(() => BrowserMobileInput, { nullable: true }) mobile?: BrowserMobileInput;
  @Field(() => Int, { nullable: true }) screenColorDepth?: number;
  @Field(() => Int, { nullable: true }) screenHeight?: number;
  @Field(() => Int, { nullable: true }) screenWidth?: number;
  @Field(() => String, { nullable: true }) timezone?: string;
}

@InputType({ description: 'PA1; the rules and messages of POST /v2/payment_intents/create' })
export class CreatePaymentIntentInput {
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => CurrencyCodeScalar) currency!: string;
  @Field(() => String, { description: 'At most 36' }) merchantOrderId!: string;
  @Field(() => String, { description: 'At most 32' }) description!: string;
  @Field(() => String, { description: 'At most 1024' }) returnUrl!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'At most 512 bytes as JSON' }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) customerId?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) customer?: Record<string, unknown>;
  @Field(() => PaymentOrdersInput, { nullable: true }) paymentOrders?: PaymentOrdersInput;
  @Field(() => String, { nullable: true }) ipAddress?: string;
  @Field(() => BrowserInfoInput, { nullable: true }) browserInfo?: BrowserInfoInput;
  @Field(() => PaymentMethodInput, { nullable: true, description: 'Confirms the intent at once (as confirmPaymentIntent would)' }) paymentMethod?: PaymentMethodInput;
}

@InputType({ description: 'PA3 (spec 4.1): every field optional' })
export class UpdatePaymentIntentInput {
  @Field(() => ID) id!: string;
  @Field(() => DecimalScalar, { nullable: true }) amount?: string;
  @Field(() => CurrencyCodeScalar, { nullable: true }) currency?: string;
  @Field(() => String, { nullable: true }) merchantOrderId?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) returnUrl?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) customerId?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) customer?: Record<string, unknown>;
  @Field(() => PaymentOrdersInput, { nullable: true }) paymentOrders?: PaymentOrdersInput;
}

@InputType({ description: 'PA4' })
export class ConfirmPaymentIntentInput {
  @Field(() => ID) id!: string;
  @Field(() => PaymentMethodInput) paymentMethod!: PaymentMethodInput;
  @Field(() => String, { nullable: true }) returnUrl?: string;
  @Field(() => String, { nullable: true }) ipAddress?: string;
  @Field(() => BrowserInfoInput, { nullable: true }) browserInfo?: BrowserInfoInput;
  @Field(() => String, { nullable: true }) clientSecret?: string;
}

@InputType({ description: 'PA5 (spec 4.2)' })
export class CapturePaymentIntentInput {
  @Field(() => ID) id!: string;
  @Field(() => DecimalScalar, { nullable: true, description: 'At most the authorized amount; default all of it' }) amountToCapture?: string;
}

@InputType({ description: 'PA6' })
export class CancelPaymentIntentInput {
  @Field(() => ID) id!: string;
  @Field(() => CancellationReasonEnum, { nullable: true }) cancellationReason?: string;
}

@InputType()
export class PaymentIntentFilter {
  @Field(() => IntentStatusEnum, { nullable: true }) status?: string;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or after' }) createStartTime?: Date;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or before' }) createEndTime?: Date;
  @Field(() => String, { nullable: true }) merchantOrderId?: string;
}

/** PaymentIntent as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const paymentIntentNode = rowNode({ kind: 'payment_intent', type: PaymentIntent, find: intentsByIds, map: (intent, deps) => toGraphQLPaymentIntent(deps.origin)({ intent }) });

/** PaymentAttempt as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const paymentAttemptNode = rowNode({ kind: 'payment_attempt', type: PaymentAttempt, find: attemptsByIds, map: toGraphQLPaymentAttempt });

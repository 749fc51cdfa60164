import type { z } from 'zod';
import type { IntentWithAttempt } from '../../../domain/acquiring/payments/queries';
import type { BillingView, PaymentAttemptView } from '../../../domain/acquiring/payments/view';
import { iso, isoOrNull } from '../../shared/wire';
import type { restPaymentAttempt, restPaymentIntent } from './schemas';

const toRestBilling = (b: BillingView | null) =>
  b && {
    first_name: b.firstName,
    last_name: b.lastName,
    email: b.email,
    phone_number: b.phoneNumber,
    address: b.address && { country_code: b.address.countryCode, city: b.address.city, street: b.address.street, postcode: b.address.postcode, state: b.address.state },
  };

export const toRestPaymentAttempt = (a: PaymentAttemptView): z.input<typeof restPaymentAttempt> => ({
  attempt_id: a.id,
  payment_intent_id: a.paymentIntentId,
  attempt_status: a.status,
  amount: a.amount,
  currency: a.currency,
  captured_amount: a.capturedAmount,
  refunded_amount: a.refundedAmount,
  create_time: iso(a.createdAt),
  update_time: iso(a.updatedAt),
  complete_time: isoOrNull(a.completedAt),
  cancellation_reason: a.cancellationReason,
  failure_code: a.failureCode,
  auth_code: a.authCode,
  arn: a.arn,
  rrn: a.rrn,
  advice_code: a.adviceCode,
  authentication_data: a.authenticationData && {
    cvv_result: a.authenticationData.cvvResult,
    avs_result: a.authenticationData.avsResult,
    three_ds: a.authenticationData.threeDs && {
      three_ds_version: a.authenticationData.threeDs.threeDsVersion,
      eci: a.authenticationData.threeDs.eci,
      cavv: a.authenticationData.threeDs.cavv,
      three_ds_authentication_status: a.authenticationData.threeDs.threeDsAuthenticationStatus,
      three_ds_cancellation_reason: a.authenticationData.threeDs.threeDsCancellationReason,
    },
  },
  payment_method: {
    type: a.paymentMethod.type,
    card: a.paymentMethod.card && {
      card_name: a.paymentMethod.card.cardName,
      card_number: a.paymentMethod.card.cardNumber,
      network: a.paymentMethod.card.network,
      authorization_type: a.paymentMethod.card.authorizationType,
      brand: a.paymentMethod.card.brand,
      bin: a.paymentMethod.card.bin,
      last4: a.paymentMethod.card.last4,
      card_type: a.paymentMethod.card.cardType,
      expiry_month: a.paymentMethod.card.expiryMonth,
      expiry_year: a.paymentMethod.card.expiryYear,
      billing: toRestBilling(a.paymentMethod.card.billing),
      auto_capture: a.paymentMethod.card.autoCapture,
    },
  },
});

/**
 * PaymentIntent, field by field. `origin` is where this request reached payrail: the 3-D Secure
 * page is served there, so next_action's url is absolute on the same origin.
 */
export const toRestPaymentIntent = ({ intent: p, latestAttempt }: IntentWithAttempt, origin: string): z.input<typeof restPaymentIntent> => ({
  payment_intent_id: p.id,
  amount: p.amount,
  currency: p.currency,
  intent_status: p.status,
  description: p.description,
  available_payment_method_types: p.availablePaymentMethodTypes,
  captured_amount: p.capturedAmount,
  ...(p.cancelTime ? { cancel_time: iso(p.cancelTime) } : {}),
  cancellation_reason: p.cancellationReason,
  ...(p.clientSecret ? { client_secret: p.clientSecret } : {}),
  merchant_order_id: p.merchantOrderId,
  customer_id: p.customerId,
  metadata: p.metadata,
  next_action: p.nextAction && {
    type: p.nextAction.type,
    redirect_to_url: { url: `${origin}${p.nextAction.redirectToUrl.path}`, return_url: p.nextAction.redirectToUrl.returnUrl },
  },
  return_url: p.returnUrl,
  create_time: iso(p.createdAt),
  update_time: iso(p.updatedAt),
  complete_time: isoOrNull(p.completeTime),
  latest_payment_attempt: latestAttempt && toRestPaymentAttempt(latestAttempt),
});

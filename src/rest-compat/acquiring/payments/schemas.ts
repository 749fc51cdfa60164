import { z } from 'zod';
import { ATTEMPT_STATUSES, INTENT_STATUSES } from '../../../domain/acquiring/payments/rules';
import { currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';
import { maskedAnswer } from '../../../platform/validation/sensitive';

const address = z.object({
  country_code: z.string(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
});

const billing = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  address: address.nullable(),
});

/** payment_method.card (spec 2.3): never the full number or the CVC. */
const card = z.object({
  card_name: z.string().nullable(),
  card_number: maskedAnswer(z.string()).describe('masked: first 6 and last 4 digits'),
  network: z.string(),
  authorization_type: z.string(),
  brand: z.string(),
  bin: z.string(),
  last4: z.string(),
  card_type: z.string(),
  expiry_month: z.string(),
  expiry_year: z.string(),
  billing: billing.nullable(),
  auto_capture: z.boolean(),
});

const threeDs = z.object({
  three_ds_version: z.string(),
  eci: z.string(),
  cavv: z.string(),
  three_ds_authentication_status: z.string().describe('Y authenticated, C challenge pending, N failed'),
  three_ds_cancellation_reason: z.string(),
});

/** PaymentAttempt (spec 2.3; catalogue PA12, PA13). */
export const restPaymentAttempt = z
  .object({
    attempt_id: uuid,
    payment_intent_id: uuid,
    attempt_status: oneOf(ATTEMPT_STATUSES),
    amount: decimalString,
    currency,
    captured_amount: decimalString,
    refunded_amount: decimalString,
    create_time: dateTime,
    update_time: dateTime,
    complete_time: dateTime.nullable(),
    cancellation_reason: z.string().nullable(),
    failure_code: z.string().describe('empty unless the attempt failed'),
    auth_code: z.string().nullable(),
    arn: z.string().nullable(),
    rrn: z.string().nullable(),
    advice_code: z.string().nullable(),
    authentication_data: z.object({ cvv_result: z.string(), avs_result: z.string(), three_ds: threeDs.nullable() }).nullable(),
    payment_method: z.object({ type: z.string(), card: card.nullable() }),
  })
  .meta({ id: 'PaymentAttempt' });

const nextAction = z.object({
  type: z.literal('redirect_to_url'),
  redirect_to_url: z.object({ url: z.string().describe("payrail's own 3-D Secure page"), return_url: z.string() }),
});

/** PaymentIntent (spec 2.1; catalogue PA1-PA7). */
export const restPaymentIntent = z
  .object({
    payment_intent_id: uuid,
    amount: decimalString,
    currency,
    intent_status: oneOf(INTENT_STATUSES),
    description: z.string().nullable(),
    available_payment_method_types: z.array(z.string()).nullable(),
    captured_amount: decimalString,
    cancel_time: dateTime.optional().describe('present only when intent_status is CANCELLED'),
    cancellation_reason: z.string().nullable(),
    client_secret: z.string().optional().describe('create and retrieve only; valid 60 minutes'),
    merchant_order_id: z.string(),
    customer_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    next_action: nextAction.nullable(),
    return_url: z.string().nullable(),
    create_time: dateTime,
    update_time: dateTime,
    complete_time: dateTime.nullable(),
    latest_payment_attempt: restPaymentAttempt.nullable(),
  })
  .meta({ id: 'PaymentIntent' });

import { z } from 'zod';

/**
 * The answer types the official clients declare for the payment resources, as zod schemas (the
 * Node client's src/resources/payment/types.ts; the Python client declares `dict[str, Any]` for
 * every answer, so the Node types serve both). Required members required with their JSON type,
 * optional ones optional; extra members are allowed.
 *
 * An optional member (`x?: T`) also accepts null: payrail writes null for a member that has no
 * value (its existing answers, which do not change), and a client reading `x?: T` takes null as
 * it takes absence (docs/decisions/acquiring/payments.md, "The official clients as callers (issue 25): payment").
 */
const opt = <S extends z.ZodType>(s: S) => s.nullish();

export const INTENT_STATUSES = ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_CUSTOMER_ACTION', 'REQUIRES_CAPTURE', 'PENDING', 'SUCCEEDED', 'CANCELLED', 'FAILED'] as const;
export const ATTEMPT_STATUSES = [
  'INITIATED', 'AUTHENTICATION_REDIRECTED', 'PENDING_AUTHORIZATION', 'AUTHORIZED', 'CAPTURE_REQUESTED', 'SETTLED', 'SUCCEEDED', 'CANCELLED', 'EXPIRED', 'FAILED',
] as const;

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total_pages: z.number(), total_items: z.number() });

/** PaymentAttempt */
export const paymentAttempt = z.object({
  attempt_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  captured_amount: opt(z.string()),
  refunded_amount: opt(z.string()),
  create_time: opt(z.string()),
  update_time: opt(z.string()),
  complete_time: opt(z.string()),
  cancellation_reason: opt(z.string()),
  auth_code: opt(z.string()),
  arn: opt(z.string()),
  rrn: opt(z.string()),
  advice_code: opt(z.enum(['01', '02', '03', '21', '85'])),
  authentication_data: opt(
    z.object({
      cvv_result: opt(z.enum(['M', 'N', 'P', 'U'])),
      avs_result: opt(z.string()),
      three_ds: opt(z.record(z.string(), z.unknown())),
    }),
  ),
  payment_method: opt(z.record(z.string(), z.unknown())),
  failure_code: opt(z.string()),
  attempt_status: z.enum(ATTEMPT_STATUSES),
});

/** PaymentIntent */
export const paymentIntent = z.object({
  payment_intent_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  intent_status: z.enum(INTENT_STATUSES),
  description: opt(z.string()),
  available_payment_method_types: opt(z.array(z.string())),
  captured_amount: opt(z.string()),
  cancel_time: opt(z.string()),
  cancellation_reason: opt(z.string()),
  client_secret: opt(z.string()),
  merchant_order_id: opt(z.string()),
  metadata: opt(z.record(z.string(), z.string())),
  next_action: opt(z.record(z.string(), z.unknown())),
  return_url: opt(z.string()),
  create_time: opt(z.string()),
  complete_time: opt(z.string()),
  update_time: opt(z.string()),
  latest_payment_attempt: opt(paymentAttempt),
});

/** Refund */
export const refund = z.object({
  payment_refund_id: z.string(),
  payment_attempt_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  refund_status: z.enum(['INITIATED', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REVERSAL_INITIATED', 'REVERSAL_PROCESSING', 'REVERSAL_SUCCEEDED']),
});

/** Settlement: `{ [key: string]: unknown }` */
export const settlement = z.record(z.string(), z.unknown());

/** PaymentPayout */
export const paymentPayout = z.object({
  payout_id: z.string(),
  payout_currency: z.string(),
  payout_amount: z.string(),
  statement_descriptor: z.string(),
  payout_status: z.enum(['INITIATED', 'PROCESSING', 'SUCCEEDED', 'FAILED']),
  create_time: opt(z.string()),
  completed_time: opt(z.string()),
  internal_note: opt(z.string()),
});

/** BankAccount (with its index signature: any further member) */
export const bankAccount = z.looseObject({
  id: z.string(),
  account_name: opt(z.string()),
  currency: z.string(),
  account_status: opt(z.string()),
  account_number: z.string(),
  bank_name: z.string(),
  swift_code: z.string(),
  bank_country_code: z.string(),
  bank_address: opt(z.string()),
});

/** PaymentBalance */
export const paymentBalance = z.object({ currency: z.string(), available_balance: z.string(), pending_balance: z.string() });

/** RegisterTerminalResponse */
export const registerTerminalResponse = z.object({ create_time: opt(z.string()), firm_sn: opt(z.string()), terminal_id: opt(z.string()) });

/** GetPinKeyResponse */
export const getPinKeyResponse = z.object({ encrypt_pin_key: z.string(), pin_key_expire: z.string(), terminal_id: z.string() });

/** The Python client's card (ConfirmPaymentIntentParamsPaymentMethodCard), every required member. */
export const pythonCard = (card: Record<string, unknown> = {}) => ({
  type: 'card',
  card: {
    card_name: 'Ada Lovelace',
    card_number: '4242424242424242',
    expiry_month: '12',
    expiry_year: '2030',
    cvc: '123',
    network: 'visa',
    billing: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: '+65 6123 4567',
      address: { country_code: 'SG', state: 'Singapore', city: 'Singapore', street: '444 Orchard Rd', postcode: '238879' },
    },
    auto_capture: true,
    authorization_type: 'authorization',
    three_ds_action: 'skip_3ds',
    ...card,
  },
});

/** The Python client's browser_info (ConfirmPaymentIntentParamsBrowserInfo), every required member. */
export const pythonBrowserInfo = {
  accept_header: 'text/html,application/xhtml+xml',
  browser: { java_enabled: false, javascript_enabled: true, user_agent: 'Mozilla/5.0 (X11; Linux x86_64)' },
  language: 'en-SG',
  screen_color_depth: 24,
  screen_height: 1080,
  screen_width: 1920,
  timezone: '-480',
};

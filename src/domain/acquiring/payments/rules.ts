import type Decimal from 'decimal.js';
import { z } from 'zod';
import { amountField, checkPrecision, currencyCode } from '../../../platform/money/amount';
import { sensitiveInput } from '../../../platform/validation/sensitive';
import { exactMessage } from '../../../platform/validation/validate';
import { RETURN_URL_RULE, returnUrlKind } from './return-url';
import { quotedField } from '../../../platform/errors/field-names';
import { storedJson } from './stored';

/** Spec 3.1 and the catalogue's attempt statuses (ref). */
export const INTENT_STATUSES = [
  'REQUIRES_PAYMENT_METHOD', 'REQUIRES_CUSTOMER_ACTION', 'REQUIRES_CAPTURE', 'PENDING', 'SUCCEEDED', 'CANCELLED', 'FAILED',
] as const;
export const ATTEMPT_STATUSES = [
  'INITIATED', 'AUTHENTICATION_REDIRECTED', 'PENDING_AUTHORIZATION', 'AUTHORIZED', 'CAPTURE_REQUESTED', 'SETTLED', 'SUCCEEDED',
  'CANCELLED', 'EXPIRED', 'FAILED',
] as const;
/** PA6 (ref); `abandoned` is also what the release of an authorization left uncaptured records. */
export const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

export type IntentStatus = (typeof INTENT_STATUSES)[number];
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const FINAL_INTENT_STATUSES: readonly IntentStatus[] = ['SUCCEEDED', 'CANCELLED', 'FAILED'];

/** Spec 2.1, 4.1 and 8. */
export const LIMITS = { merchantOrderId: 36, description: 32, metadataBytes: 512, returnUrl: 1024, ipAddress: 64, browserInfoBytes: 8192 } as const;

/** client_secret validity (spec 2.1, 5.8) and the life of an uncaptured authorization (Stripe's rule). */
export const CLIENT_SECRET_TTL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long an uncaptured authorization holds: 7 days for a final authorization (Stripe's rule), 30
 * for a pre-authorization (the card networks' longest pre-authorization validity).
 */
export const AUTHORIZATION_TTL_MS = { FINAL_AUTH: 7 * DAY_MS, PRE_AUTH: 30 * DAY_MS } as const;
/** authorization_type as the attempt stores and answers it. */
export type StoredAuthorizationType = keyof typeof AUTHORIZATION_TTL_MS;
export const STORED_AUTHORIZATION_TYPES = Object.keys(AUTHORIZATION_TTL_MS) as StoredAuthorizationType[];
export const storedAuthorizationType = (t: AuthorizationType | undefined): StoredAuthorizationType => (t === 'pre_authorization' ? 'PRE_AUTH' : 'FINAL_AUTH');

// The length aborts: a rule chained after it (returnUrl's pattern) never reads a value already too long.
const maxText = (max: number) => z.string().max(max, { message: `must be at most ${max} characters`, abort: true });

const requiredText = (field: string, max: number) =>
  z
    .string()
    .refine((v) => v.trim().length > 0, { message: exactMessage(`Field ${quotedField(field)} is required`) })
    .refine((v) => v.length <= max, { message: `must be at most ${max} characters` });

const metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m), 'utf8') <= LIMITS.metadataBytes, {
    message: `must be at most ${LIMITS.metadataBytes} bytes as JSON`,
  });

/**
 * return_url: where the customer's browser is sent back (return-url.ts). Spec 2.1 also allows an app
 * scheme; payrail redirects browsers there itself, so only https (and, for sandbox accounts, http to
 * a loopback address: the account's half is checked by the services) is taken.
 */
const returnUrl = maxText(LIMITS.returnUrl).refine((v) => returnUrlKind(v, LIMITS.returnUrl) !== 'refused', { message: RETURN_URL_RULE });

const product = z.object({
  name: z.string().max(255).optional(),
  price: amountField('string').optional(),
  quantity: z.number().int().min(1).optional(),
  imageUrl: z.string().max(1024).optional(),
});
const paymentOrders = z.object({ type: z.string().max(64).optional(), products: z.array(product).max(100).optional() });

const digits = (field: string, lengths: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
    z.string().regex(/^\d+$/, { message: `must be ${lengths} digits` }),
  ).describe(field);

/**
 * An address with a dot inside its domain (`[^\s@]+@[^\s@]+\.[^\s@]+`), written so that each
 * character can be read only one way: the domain's first dot after its first character is the one.
 */
export const BILLING_EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

const billing = z.object({
  firstName: maxText(100).optional(),
  lastName: maxText(100).optional(),
  // The length aborts: no pattern runs over a value already too long.
  email: z.string().max(254, { abort: true }).regex(BILLING_EMAIL, { message: 'must be an email address' }).optional(),
  phoneNumber: z.string().max(32, { abort: true }).regex(/^\+?[0-9 ()-]{4,}$/, { message: 'must be a phone number' }).optional(),
  address: z
    .object({
      countryCode: z.string().regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code' }),
      city: maxText(100).optional(),
      street: maxText(200).optional(),
      postcode: maxText(20).optional(),
      state: maxText(100).optional(),
    })
    .optional(),
});
export type Billing = z.output<typeof billing>;

/** The networks the official clients name (`payment_method.card.network`). */
export const CARD_NETWORKS = ['visa', 'mastercard', 'unionpay'] as const;
/**
 * `authorization_type` (the clients' values): a final authorization, captured at once unless
 * auto_capture is false, or a pre-authorization, always left for a capture and held longer
 * (docs/decisions/acquiring/payments.md).
 */
export const AUTHORIZATION_TYPES = ['authorization', 'pre_authorization'] as const;
/** `three_ds_action`: force 3-D Secure on the card, or go without it (docs/decisions/acquiring/payments.md). */
export const THREE_DS_ACTIONS = ['enforce_3ds', 'skip_3ds'] as const;
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number];
export type ThreeDsAction = (typeof THREE_DS_ACTIONS)[number];

const valueOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));

/**
 * `payment_method.card.three_ds`: what a caller that ran 3-D Secure itself passes on. The sandbox
 * is its own access control server (the challenge page), so only `return_url` is used: where that
 * page sends the customer back.
 */
const threeDs = z.object({
  returnUrl: returnUrl.optional(),
  acsResponse: maxText(8192).optional(),
  deviceDataCollectionRes: maxText(8192).optional(),
  dsTransactionId: maxText(64).optional(),
});

/**
 * payment_method.card of PA1 and PA4, in the official clients' names (the Python client's
 * TypedDict; the REST door also takes the provider's `number`/`exp_month`/`exp_year`). The number
 * and the CVC live only in this request.
 */
export const cardCommand = z
  .object({
    cardNumber: sensitiveInput(z.preprocess((v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v), z.string().regex(/^\d{12,19}$/, { message: 'must be 12 to 19 digits' }))),
    expiryMonth: digits('expiry_month', '1 or 2').pipe(z.string().refine((m) => Number(m) >= 1 && Number(m) <= 12 && m.length <= 2, { message: 'must be a month, 01 to 12' })),
    expiryYear: digits('expiry_year', '4').pipe(z.string().length(4, { message: 'must be a four-digit year' })),
    cvc: sensitiveInput(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().regex(/^\d{3,4}$/, { message: 'must be 3 or 4 digits' }))),
    cardName: maxText(100).optional(),
    network: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), valueOf(CARD_NETWORKS)).optional(),
    billing: billing.optional(),
    autoCapture: z.boolean().optional(),
    authorizationType: valueOf(AUTHORIZATION_TYPES).optional(),
    threeDsAction: valueOf(THREE_DS_ACTIONS).optional(),
    threeDs: threeDs.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.authorizationType === 'pre_authorization' && v.autoCapture === true) {
      ctx.addIssue({ code: 'custom', path: ['autoCapture'], message: 'must be false when authorization_type is pre_authorization' });
    }
  });
export type CardCommand = z.output<typeof cardCommand>;

/** payment_method.type: a card is the only method payrail accepts. */
export const PAYMENT_METHOD_TYPES = ['card'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** next_action.type (spec 2.2): payrail's own 3-D Secure page is the only action it asks for. */
export const NEXT_ACTION_TYPES = ['redirect_to_url'] as const;

export const paymentMethodCommand = z.object({
  type: z.string().pipe(z.enum(PAYMENT_METHOD_TYPES, { error: 'must be card' })),
  card: cardCommand,
});
export type PaymentMethodCommand = z.output<typeof paymentMethodCommand>;

const screenSize = z.number().int().min(0).max(100_000);

/**
 * browser_info of PA1 and PA4, as the Python client types it (every member optional here: the Node
 * client sends a free record). Members it does not name are kept as sent, within the size bound.
 */
export const browserInfoCommand = z
  .looseObject({
    acceptHeader: maxText(1024).optional(),
    browser: z
      .looseObject({
        javaEnabled: z.boolean().optional(),
        javascriptEnabled: z.boolean().optional(),
        userAgent: maxText(2048).optional(),
      })
      .optional(),
    deviceId: maxText(256).optional(),
    language: maxText(35).optional(),
    location: z.looseObject({ lat: maxText(32).optional(), lon: maxText(32).optional() }).optional(),
    mobile: z
      .looseObject({
        deviceModel: maxText(100).optional(),
        osType: valueOf(['IOS', 'ANDROID']).optional(),
        osVersion: maxText(50).optional(),
      })
      .optional(),
    screenColorDepth: z.number().int().min(0).max(64).optional(),
    screenHeight: screenSize.optional(),
    screenWidth: screenSize.optional(),
    timezone: maxText(64).optional(),
  })
  // The bound is on what is stored: browser_info in its wire names (stored.ts).
  .refine((b) => Buffer.byteLength(JSON.stringify(storedJson(b)), 'utf8') <= LIMITS.browserInfoBytes, {
    message: `must be at most ${LIMITS.browserInfoBytes} bytes as JSON`,
  });

/** The fields create (PA1) and update (PA3) share. */
const intentFields = {
  customer: z.record(z.string(), z.unknown()).optional(),
  customerId: z.string().max(64).optional(),
  paymentOrders: paymentOrders.optional(),
  metadata: metadata.optional(),
};

function checkCustomer(ctx: z.RefinementCtx, v: { customer?: unknown; customerId?: string }) {
  if (v.customer !== undefined && v.customerId !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['customer'], message: 'leave it out when customer_id is given' });
  }
}

/** PA1 (fields from ref; limits of spec 2.1 and 8). */
export const createIntentCommand = z
  .object({
    amount: amountField('string'),
    currency: currencyCode,
    merchantOrderId: requiredText('merchantOrderId', LIMITS.merchantOrderId),
    description: requiredText('description', LIMITS.description),
    returnUrl,
    ipAddress: maxText(LIMITS.ipAddress).optional(),
    browserInfo: browserInfoCommand.optional(),
    // The provider's documented rule: with a payment method the intent is confirmed at once.
    paymentMethod: paymentMethodCommand.optional(),
    ...intentFields,
  })
  .superRefine((v, ctx) => {
    checkPrecision(ctx, v.amount, v.currency, 'amount');
    checkCustomer(ctx, v);
  });
export type CreateIntentCommand = z.output<typeof createIntentCommand>;

/** PA3 (spec 4.1): every field optional. */
export const updateIntentCommand = z
  .object({
    amount: amountField('string').optional(),
    currency: currencyCode.optional(),
    merchantOrderId: requiredText('merchantOrderId', LIMITS.merchantOrderId).optional(),
    description: maxText(LIMITS.description).optional(),
    returnUrl: returnUrl.optional(),
    ...intentFields,
  })
  .superRefine((v, ctx) => checkCustomer(ctx, v));
export type UpdateIntentCommand = z.output<typeof updateIntentCommand>;

/** PA4 (ref's fields) and payrail's client_secret check for browser-side calls. */
export const confirmIntentCommand = z.object({
  paymentMethod: paymentMethodCommand,
  ipAddress: maxText(LIMITS.ipAddress).optional(),
  browserInfo: browserInfoCommand.optional(),
  returnUrl: returnUrl.optional(),
  clientSecret: z.string().max(200).optional(),
});
export type ConfirmIntentCommand = z.output<typeof confirmIntentCommand>;

/**
 * PA5 (spec 4.2): a decimal string, as the spec and the Node client send it, or a JSON number, as
 * the Python client types it (`amount_to_capture: float`).
 */
export const captureIntentCommand = z.object({ amountToCapture: amountField('either').optional() });
export type CaptureIntentCommand = { amountToCapture?: Decimal };

/** PA6 (ref). */
export const cancelIntentCommand = z.object({
  cancellationReason: z.string().pipe(z.enum(CANCELLATION_REASONS, { error: `must be one of ${CANCELLATION_REASONS.join(', ')}` })).optional(),
});

/** Which operations each state allows (spec 3.1; the transitions are payrail's, docs/decisions/acquiring/payments.md). */
export type IntentOperation = 'update' | 'confirm' | 'capture' | 'cancel';
const ALLOWED: Record<IntentOperation, readonly IntentStatus[]> = {
  update: ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_CUSTOMER_ACTION', 'REQUIRES_CAPTURE'],
  confirm: ['REQUIRES_PAYMENT_METHOD'],
  capture: ['REQUIRES_CAPTURE'],
  cancel: ['REQUIRES_PAYMENT_METHOD', 'REQUIRES_CUSTOMER_ACTION', 'REQUIRES_CAPTURE'],
};
export const allows = (status: IntentStatus, op: IntentOperation): boolean => ALLOWED[op].includes(status);

/** Once a card is confirmed, the amount and currency are what the card network was asked for. */
export const MONEY_FIXED_FROM: readonly IntentStatus[] = ['REQUIRES_CUSTOMER_ACTION', 'REQUIRES_CAPTURE'];

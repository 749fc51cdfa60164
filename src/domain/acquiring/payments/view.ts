import { Prisma, type PaymentAttempt, type PaymentIntent } from '../../../generated/prisma/client';
import { formatStoredAmount } from '../../../platform/money/amount';
import type { AttemptStatus, IntentStatus } from './rules';

/** next_action (spec 2.2). The page's path is payrail's own; each door puts its origin in front. */
export interface NextActionView {
  type: 'redirect_to_url';
  redirectToUrl: { path: string; returnUrl: string };
}

export interface CardView {
  cardName: string | null;
  cardNumber: string;
  network: string;
  brand: string;
  bin: string;
  last4: string;
  cardType: string;
  expiryMonth: string;
  expiryYear: string;
  authorizationType: string;
  autoCapture: boolean;
  billing: BillingView | null;
}

export interface BillingView {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  address: { countryCode: string; city: string | null; street: string | null; postcode: string | null; state: string | null } | null;
}

export interface ThreeDsView {
  threeDsVersion: string;
  eci: string;
  cavv: string;
  threeDsAuthenticationStatus: string;
  threeDsCancellationReason: string;
}

export interface PaymentAttemptView {
  id: string;
  paymentIntentId: string;
  status: AttemptStatus;
  amount: string;
  currency: string;
  capturedAmount: string;
  refundedAmount: string;
  paymentMethod: { type: string; card: CardView | null };
  authenticationData: { cvvResult: string; avsResult: string; threeDs: ThreeDsView | null } | null;
  failureCode: string;
  cancellationReason: string | null;
  authCode: string | null;
  arn: string | null;
  rrn: string | null;
  adviceCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** A PaymentIntent as both doors present it (spec 2.1); amounts in the currency's precision. */
export interface PaymentIntentView {
  id: string;
  status: IntentStatus;
  amount: string;
  currency: string;
  capturedAmount: string;
  description: string | null;
  merchantOrderId: string;
  metadata: Record<string, unknown> | null;
  returnUrl: string | null;
  availablePaymentMethodTypes: string[] | null;
  customerId: string | null;
  /** Only create and retrieve carry it (spec 2.1); every other answer has null. */
  clientSecret: string | null;
  clientSecretExpiresAt: Date;
  nextAction: NextActionView | null;
  latestAttemptId: string | null;
  cancellationReason: string | null;
  /** Present only when CANCELLED (spec 2.1). */
  cancelTime: Date | null;
  /** When a final state was reached. */
  completeTime: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function toBillingView(b: unknown): BillingView | null {
  if (b === null || typeof b !== 'object') return null;
  const x = b as Json;
  const a = x.address as Json | undefined;
  return {
    firstName: str(x.first_name),
    lastName: str(x.last_name),
    email: str(x.email),
    phoneNumber: str(x.phone_number),
    address: a ? { countryCode: String(a.country_code), city: str(a.city), street: str(a.street), postcode: str(a.postcode), state: str(a.state) } : null,
  };
}

/** The attempt's card column holds the wire names it was stored with (service.ts). */
function toCardView(c: unknown): CardView | null {
  if (c === null || typeof c !== 'object') return null;
  const x = c as Json;
  return {
    cardName: str(x.card_name),
    cardNumber: String(x.card_number),
    network: String(x.network),
    brand: String(x.brand),
    bin: String(x.bin),
    last4: String(x.last4),
    cardType: String(x.card_type),
    expiryMonth: String(x.expiry_month),
    expiryYear: String(x.expiry_year),
    authorizationType: String(x.authorization_type),
    autoCapture: x.auto_capture === true,
    billing: toBillingView(x.billing),
  };
}

function toAuthenticationView(a: unknown): PaymentAttemptView['authenticationData'] {
  if (a === null || typeof a !== 'object') return null;
  const x = a as Json;
  const t = x.three_ds as Json | null | undefined;
  return {
    cvvResult: String(x.cvv_result),
    avsResult: String(x.avs_result),
    threeDs: t
      ? {
          threeDsVersion: String(t.three_ds_version),
          eci: String(t.eci),
          cavv: String(t.cavv),
          threeDsAuthenticationStatus: String(t.three_ds_authentication_status),
          threeDsCancellationReason: String(t.three_ds_cancellation_reason),
        }
      : null,
  };
}

export function toPaymentAttemptView(a: PaymentAttempt): PaymentAttemptView {
  return {
    id: a.id,
    paymentIntentId: a.paymentIntentId,
    status: a.status as AttemptStatus,
    amount: formatStoredAmount(a.amount, a.currency),
    currency: a.currency,
    capturedAmount: formatStoredAmount(a.capturedAmount, a.currency),
    refundedAmount: formatStoredAmount(a.refundedAmount, a.currency),
    paymentMethod: { type: a.paymentMethodType, card: toCardView(a.card) },
    authenticationData: toAuthenticationView(a.authenticationData),
    failureCode: a.failureCode ?? '',
    cancellationReason: a.cancellationReason,
    authCode: a.authCode,
    arn: a.arn,
    rrn: a.rrn,
    adviceCode: a.adviceCode,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    completedAt: a.completedAt,
  };
}

function toNextActionView(n: unknown): NextActionView | null {
  if (n === null || typeof n !== 'object') return null;
  const r = (n as Json).redirect_to_url as Json | undefined;
  if (!r) return null;
  return { type: 'redirect_to_url', redirectToUrl: { path: String(r.url), returnUrl: String(r.return_url) } };
}

/** A payment_intents row from Prisma or from a named `pg` statement (store.ts): numerics may be text. */
export type PaymentIntentRow = Omit<PaymentIntent, 'amount' | 'capturedAmount'> & {
  amount: string | { toString(): string };
  capturedAmount: string | { toString(): string };
};

/** A numeric as either read path answers it (src/platform/db/reads.ts): `pg` text or Prisma's Decimal. */
type Numeric = string | { toString(): string };
const decimal = (v: Numeric) => new Prisma.Decimal(v.toString());

/** An intent row read by a named statement (store.ts), in Prisma's shape. */
export const intentOfRow = (r: PaymentIntentRow): PaymentIntent => ({ ...r, amount: decimal(r.amount), capturedAmount: decimal(r.capturedAmount) });

/** A payment_attempts row as a named statement answers it (store.ts). */
export type PaymentAttemptRow = Omit<PaymentAttempt, 'amount' | 'capturedAmount' | 'refundedAmount'> &
  Record<'amount' | 'capturedAmount' | 'refundedAmount', Numeric>;

/** An attempt row read by a named statement (store.ts), in Prisma's shape. */
export const attemptOfRow = (r: PaymentAttemptRow): PaymentAttempt => ({
  ...r,
  amount: decimal(r.amount),
  capturedAmount: decimal(r.capturedAmount),
  refundedAmount: decimal(r.refundedAmount),
});

export function toPaymentIntentView(p: PaymentIntentRow, clientSecret: string | null = null): PaymentIntentView {
  return {
    id: p.id,
    status: p.status as IntentStatus,
    amount: formatStoredAmount(p.amount, p.currency),
    currency: p.currency,
    capturedAmount: formatStoredAmount(p.capturedAmount, p.currency),
    description: p.description,
    merchantOrderId: p.merchantOrderId,
    metadata: (p.metadata as Record<string, unknown> | null) ?? null,
    returnUrl: p.returnUrl,
    availablePaymentMethodTypes: p.availablePaymentMethodTypes.length ? p.availablePaymentMethodTypes : null,
    customerId: p.customerId,
    clientSecret,
    clientSecretExpiresAt: p.clientSecretExpiresAt,
    nextAction: toNextActionView(p.nextAction),
    latestAttemptId: p.latestAttemptId,
    cancellationReason: p.cancellationReason,
    cancelTime: p.status === 'CANCELLED' ? p.cancelledAt : null,
    completeTime: p.completedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

import { z } from 'zod';
import { currencyCode } from '../../../platform/money/amount';

/** payment_method of BT14: the local clearing system of the currency's home country, or SWIFT. */
export const VIRTUAL_ACCOUNT_PAYMENT_METHODS = ['LOCAL', 'SWIFT'] as const;
export type VirtualAccountPaymentMethod = (typeof VIRTUAL_ACCOUNT_PAYMENT_METHODS)[number];

/**
 * PENDING while the account is being opened (the answer of BT14 says so), ACTIVE once it receives
 * money, CLOSED with a close_reason. Opening completes through a scheduled transition: at once on
 * the real clock, at the next advance of a frozen test clock.
 */
export const VIRTUAL_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED'] as const;
export type VirtualAccountStatus = (typeof VIRTUAL_ACCOUNT_STATUSES)[number];

/** Statuses that hold the account's (currency, payment_method) slot. */
export const OPEN_STATUSES: VirtualAccountStatus[] = ['PENDING', 'ACTIVE'];

/** The answer of BT14, which returns only {message} (catalogue); the details are listed by BT15. */
export const OPENING_MESSAGE = 'Virtual account is being opened';

// A string first, so that a number is an "invalid type".
const paymentMethod = z
  .string()
  .pipe(z.enum(VIRTUAL_ACCOUNT_PAYMENT_METHODS, { error: 'must be one of LOCAL, SWIFT' }))
  .optional()
  .transform((v): VirtualAccountPaymentMethod => v ?? 'LOCAL');

/** BT14: currency required (a supported ISO 4217 code), the payment method optional, LOCAL by default. */
export const openVirtualAccountCommand = z.object({
  currency: currencyCode,
  paymentMethod,
});
export type OpenVirtualAccountCommand = z.output<typeof openVirtualAccountCommand>;

/**
 * The official clients' BT14 body is an application: it names the `country` the account is held
 * in (CreateVirtualAccountParams: country and currency required). The specification's body has
 * no country. A body with a non-empty country is read as an application.
 */
export const isApplicationRequest = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && 'country' in raw && (raw as { country: unknown }).country !== '' && (raw as { country: unknown }).country != null;

/** BT15 filters (page_number / page_size are read by the list helper). */
export const virtualAccountFilter = z.object({
  currency: z.string().trim().toUpperCase().pipe(currencyCode).optional(),
});

/** payrail's close extension: which account (its id), and why (kept as its close reason). */
export const closeVirtualAccountCommand = z.object({
  id: z.string(),
  reason: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
});

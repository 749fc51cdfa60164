import { z } from 'zod';

/**
 * The answers of the clients' issuing money and simulator methods as the clients declare them, in
 * zod (sdk.ts `call` parses each answer with one): the Node client's interfaces in
 * src/resources/issuing/types.ts and src/resources/simulator/types.ts, required fields required,
 * optional ones optional, extra fields allowed. The Python client answers `dict[str, Any]` for every
 * one of these methods, so the Node client's declaration is the one both are held to.
 */

/**
 * An optional member: absent, or null where payrail writes an absent value as null (its presenters
 * do so throughout: a simulated deposit's sender fields not given). A required member must be present
 * with its JSON type.
 */
const opt = <S extends z.ZodType>(schema: S) => schema.nullish();

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total_pages: z.number(), total_items: z.number() });

/**
 * An issuing amount of a card transaction. The Node client types these as `string`; the
 * specification's conventions and 2.13 make them JSON numbers, which payrail sends, and the Node
 * client's own test fixtures answer numbers too (billing_amount: 100): its callers read either.
 * docs/decisions/issuing/issuing-balances.md, "The official clients as callers: issuing money".
 */
const issuingAmount = z.union([z.string(), z.number()]);

/** IssuingBalance. */
export const issuingBalance = z.object({
  balance_id: z.string(),
  currency: z.string(),
  available_balance: z.string(),
  margin_balance: z.string(),
  frozen_balance: z.string(),
  create_time: z.string(),
  last_trade_time: z.string(),
  balance_status: z.enum(['ACTIVE', 'PENDING', 'PROCESSING', 'CLOSED']),
});

/** IssuingBalanceTransaction. */
export const issuingBalanceTransaction = z.object({
  transaction_id: z.string(),
  short_transaction_id: z.string(),
  account_id: z.string(),
  balance_id: z.string(),
  transaction_type: z.string(),
  currency: z.string(),
  amount: z.number(),
  create_time: z.string(),
  complete_time: opt(z.string()),
  transaction_status: z.string(),
  ending_balance: z.number(),
  description: opt(z.string()),
});

const merchantData = z.object({ category_code: z.string(), city: z.string(), country: z.string(), name: z.string() });

/** CardTransaction. */
export const cardTransaction = z.object({
  card_id: z.string(),
  card_number: z.string(),
  cardholder_id: z.string(),
  transaction_id: z.string(),
  short_transaction_id: z.string(),
  original_transaction_id: opt(z.string()),
  transaction_type: z.string(),
  transaction_fee: issuingAmount,
  transaction_fee_currency: z.string(),
  fee_pass_through: z.enum(['Y', 'N']),
  card_available_balance: issuingAmount,
  authorization_code: opt(z.string()),
  billing_amount: issuingAmount,
  billing_currency: z.string(),
  transaction_amount: issuingAmount,
  transaction_currency: z.string(),
  transaction_time: z.string(),
  posted_time: opt(z.string()),
  merchant_data: opt(merchantData),
  description: opt(z.string()),
  transaction_status: z.enum(['APPROVED', 'DECLINED', 'PENDING']),
  wallet_type: opt(z.string()),
});

/**
 * ClaimUnsolicitedRefundResponse. The Node client imports it from issuing/types.ts, in a version of
 * that file the stored sources do not hold; the provider's Java client (CardCapabilityModels)
 * declares the same response as one string, requestStatus: request_status on the wire.
 */
export const claimUnsolicitedRefundResponse = z.object({ request_status: z.string() });

/** CreateIssuingTransferResponse. */
export const createIssuingTransferResponse = z.object({ transfer_id: z.string(), short_transaction_id: opt(z.string()) });

/** IssuingTransfer. */
export const issuingTransfer = z.object({
  transfer_id: z.string(),
  short_transaction_id: opt(z.string()),
  reference_id: opt(z.string()),
  source_account_id: z.string(),
  destination_account_id: z.string(),
  amount: z.string(),
  fee_amount: opt(z.string()),
  currency: z.string(),
  transfer_status: z.enum(['PENDING', 'FAILED', 'COMPLETED']),
  create_time: z.string(),
  complete_time: opt(z.string()),
  creator_id: opt(z.string()),
  remark: opt(z.string()),
});

/** SimulateAuthorizationResponse (also the answer of reverse). */
export const simulateAuthorizationResponse = z.object({
  card_id: z.string(),
  card_number: z.string(),
  cardholder_id: z.string(),
  transaction_id: z.string(),
  transaction_type: z.string(),
  card_available_balance: issuingAmount,
  authorization_code: opt(z.string()),
  billing_amount: issuingAmount,
  billing_currency: z.string(),
  transaction_amount: issuingAmount,
  transaction_currency: z.string(),
  transaction_time: z.string(),
  posted_time: opt(z.string()),
  merchant_data: opt(z.record(z.string(), z.unknown())),
  failure_reason: opt(z.string()),
  transaction_status: z.string(),
});

/** SimulateDepositResponse. */
export const simulateDepositResponse = z.object({
  deposit_id: z.string(),
  short_reference_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  deposit_status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  create_time: z.string(),
  complete_time: opt(z.string()),
  receiver_account_number: opt(z.string()),
  sender: opt(
    z.object({
      sender_name: opt(z.string()),
      sender_country: opt(z.string()),
      sender_account_number: opt(z.string()),
      sender_swift_code: opt(z.string()),
    }),
  ),
});

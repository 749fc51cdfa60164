import { z } from 'zod';
import { DECIDERS, RESPONSE_CODE } from '../../../domain/issuing/auth-decisions/rules';
import { FAILURE_REASONS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../domain/issuing/transactions/rules';
import { dateTime, uuid } from '../../shared/wire';
import { maskedAnswer } from '../../../platform/validation/sensitive';

const amount = z.number().describe('issuing amounts are JSON numbers with at most two decimals');

const merchantData = z.object({ category_code: z.string(), city: z.string(), country: z.string(), name: z.string() }).meta({ id: 'CardMerchantData' });

const common = {
  card_id: uuid,
  card_number: maskedAnswer(z.string()).describe('masked: first 6 and last 4 digits'),
  cardholder_id: uuid,
  transaction_id: uuid,
  original_transaction_id: uuid.optional().describe('reversals, clearings and refunds: the authorization they follow (absent on an unsolicited refund)'),
  transaction_type: z.enum(TRANSACTION_TYPES),
  card_available_balance: amount,
  billing_amount: amount,
  billing_currency: z.string(),
  transaction_amount: amount,
  transaction_currency: z.string(),
  transaction_time: dateTime,
  posted_time: dateTime.optional(),
  merchant_data: merchantData,
  authorization_code: z.string().optional(),
  failure_reason: z
    .union([z.enum(FAILURE_REASONS), z.string().regex(RESPONSE_CODE)])
    .optional()
    .describe('DECLINED authorizations: why (README "Card authorizations"), or the response code the account\'s decision endpoint declined with'),
  transaction_status: z.enum(TRANSACTION_STATUSES),
  decided_by: z
    .enum(DECIDERS)
    .optional()
    .describe("authorizations a decision endpoint took part in: PARTNER (its answer) or TIMEOUT_STRATEGY (no valid answer); absent when payrail's rules decided alone (docs/auth-decision.md)"),
  partner_reference_id: z.string().optional().describe("the decision endpoint's partner_reference_id, when it gave one"),
};

/** SimTxn (spec 2.13): the answer of SI2, SI3, clearing and refund. */
export const restSimulatedTransaction = z.object(common).meta({ id: 'SimulatedIssuingTransaction' });

/** CardTransaction (CI22, CI23). */
export const restCardTransaction = z
  .object({
    ...common,
    short_transaction_id: z.string(),
    transaction_fee: amount,
    transaction_fee_currency: z.string(),
    fee_pass_through: z.enum(['Y', 'N']),
    description: z.string().optional(),
  })
  .meta({ id: 'CardTransaction' });

/** The official clients' ClaimUnsolicitedRefundResponse. */
export const restClaimResult = z.object({ request_status: z.enum(['SUCCESS']) }).meta({ id: 'ClaimUnsolicitedRefundResult' });

import { z } from 'zod';
import { AUTO_CANCEL_TRIGGERS, CARD_STATUSES, ORDER_STATUSES, SPENDING_INTERVALS, USAGE_TYPES } from '../../../domain/issuing/cards/rules';
import { maskedAnswer, secretAnswer } from '../../../platform/validation/sensitive';
import { dateTime, uuid } from '../../shared/wire';

const createTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe('YYYY-MM-DD HH:MM:SS (UTC)');
const amount = z.number().describe('issuing amounts are JSON numbers with at most two decimals');

export const restRiskControls = z
  .object({
    enable_3ds: z.enum(['Y', 'N']).optional(),
    allow_3ds_transactions: z.enum(['Y', 'N']).optional(),
    allowed_mcc: z.array(z.string()).nullable().optional(),
    blocked_mcc: z.array(z.string()).optional(),
  })
  .meta({ id: 'CardRiskControls' });

/** CardCreateResult (spec 2.7), traditional mode. */
export const restCardCreateResult = z
  .object({
    card_id: uuid,
    card_order_id: uuid,
    create_time: createTime,
    card_status: z.enum(CARD_STATUSES),
    order_status: z.enum(ORDER_STATUSES),
    risk_controls: restRiskControls,
    cardholder_id: uuid,
    cardholder_status: z.enum(['FAILED', 'PENDING', 'SUCCESS', 'INCOMPLETE']),
    cardholder_created: z.literal(true).optional().describe('present, true, when CI1 created the holder inline (one-step mode)'),
    kyc_method: z.enum(['THIRD_PARTY', 'IDVPROVIDER_REDIRECT']),
    verification_status: z.enum(['VERIFIED', 'UNDER_REVIEW', 'ACTION_REQUIRED']),
    idv_verification_url: z.string().optional(),
    idv_url_expires_at: dateTime.optional(),
    message: z.string().optional().describe("why the holder's identity check blocks or delays the card"),
    activation_code: secretAnswer(z.string())
      .optional()
      .describe('CI11 only: the physical card activation code (sandbox: handed over with the plastic); shown once, absent from idempotent replays'),
  })
  .meta({ id: 'CardCreateResult' });

/** ActivateResult (CI10). */
export const restActivateResult = z.object({ request_status: z.enum(['SUCCESS']) }).meta({ id: 'ActivateResult' });

/** Card (CI2, CI3): the masked number only. */
export const restCard = z
  .object({
    card_id: uuid,
    card_status: z.enum(CARD_STATUSES),
    card_bin: z.string(),
    card_scheme: z.string(),
    card_number: maskedAnswer(z.string()).describe('masked: first 6 and last 4 digits'),
    card_name: z.string(),
    card_currency: z.string(),
    card_product_id: z.string(),
    form_factor: z.string(),
    mode_type: z.string(),
    card_limit: amount,
    available_balance: amount,
    consumed_amount: amount,
    cardholder: z.object({ cardholder_id: uuid }),
    spending_controls: z.array(z.object({ amount, interval: z.enum(SPENDING_INTERVALS) })),
    risk_controls: restRiskControls,
    metadata: z.record(z.string(), z.unknown()).nullable(),
    usage_type: z.enum(USAGE_TYPES),
    auto_cancel_trigger: z.enum(AUTO_CANCEL_TRIGGERS).optional(),
    expiry_at: dateTime.optional(),
    card_order_id: uuid,
    order_status: z.enum(ORDER_STATUSES),
    update_reason: z.string().optional(),
    create_time: createTime,
    card_art_id: uuid.optional().describe("the card's art (GET /v1/issuing/cards/arts)"),
  })
  .meta({ id: 'Card' });

/** CardStatusResult (CI5). */
export const restCardStatusResult = z
  .object({ card_id: uuid, card_order_id: uuid, order_status: z.enum(ORDER_STATUSES), update_reason: z.string().optional() })
  .meta({ id: 'CardStatusResult' });

/** NetworkProtectionResponse of the official clients (enroll and remove). */
export const restNetworkProtection = z
  .object({
    card_id: uuid,
    card_number: maskedAnswer(z.string()).describe('masked: first 6 and last 4 digits'),
    cardholder_id: uuid,
    card_scheme: z.string(),
    enabled: z.boolean(),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    action_code: z.string().optional().describe('the ISO 8583 action code the network answers with; absent when not enrolled'),
    definition: z.string().optional().describe("the action code's meaning; absent when not enrolled"),
    update_time: dateTime.nullable(),
  })
  .meta({ id: 'NetworkProtection' });

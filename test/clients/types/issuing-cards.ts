import { z } from 'zod';

/**
 * The answers of the clients' card issuing methods as the Node client declares them
 * (src/resources/issuing/types.ts, 0.3.x): required members required with their JSON type, optional
 * ones optional, others allowed. The Python client declares `dict[str, Any]` for every one of them,
 * so its replays are held to the same, stricter, shapes.
 */
const CARD_STATUS = z.enum(['PENDING', 'ACTIVE', 'FROZEN', 'BLOCKED', 'CANCELLED', 'LOST', 'STOLEN', 'FAILED']);
const ORDER_STATUS = z.enum(['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED']);
const CARDHOLDER_STATUS = z.enum(['FAILED', 'PENDING', 'SUCCESS', 'INCOMPLETE']);
const amountLike = z.union([z.string(), z.number()]);

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total_pages: z.number(), total_items: z.number() });

export const createCardResponse = z.object({
  card_id: z.string(),
  card_order_id: z.string(),
  create_time: z.string(),
  card_status: CARD_STATUS,
  order_status: ORDER_STATUS,
  cardholder_status: CARDHOLDER_STATUS.optional(),
  message: z.string().optional(),
});

const spendingControl = z.object({ interval: z.string(), categories: z.array(z.string()).optional(), amount: z.number().optional() });
const riskControls = z.object({ allow_contactless: z.boolean().optional(), allow_atm: z.boolean().optional(), allow_online: z.boolean().optional() });

export const card = z.object({
  card_id: z.string(),
  card_bin: z.string().optional(),
  card_scheme: z.string().optional(),
  card_number: z.string().optional(),
  card_name: z.string().optional(),
  card_currency: z.string().optional(),
  card_product_id: z.string().optional(),
  form_factor: z.string().optional(),
  mode_type: z.string().optional(),
  card_limit: amountLike.optional(),
  available_balance: amountLike.optional(),
  cardholder: z.record(z.string(), z.unknown()).optional(),
  spending_controls: z.array(spendingControl).optional(),
  risk_controls: riskControls.optional(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]).optional(),
  card_status: CARD_STATUS,
  consumed_amount: amountLike.optional(),
  update_reason: z.string().optional(),
  create_time: z.string().optional(),
});

export const secureCardDetails = z.object({ cvv: z.string(), expire_date: z.string(), card_number: z.string() });

export const updateCardStatusResponse = z.object({ card_id: z.string(), card_order_id: z.string(), order_status: ORDER_STATUS, update_reason: z.string().optional() });

export const activateCardResponse = z.object({ request_status: z.string() });

export const panTokenResponse = z.object({ token: z.string(), expires_in: z.number(), expires_at: z.string() });

export const cardRechargeWithdrawResponse = z.object({
  card_id: z.string(),
  card_order_id: z.string(),
  order_type: z.string(),
  amount: z.number(),
  card_currency: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  complete_time: z.string().optional(),
  order_status: ORDER_STATUS,
});

export const cardOrderResponse = z.object({
  card_id: z.string().optional(),
  card_order_id: z.string().optional(),
  order_type: z.string().optional(),
  order_status: ORDER_STATUS.optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});

export const elevateLimitResponse = z.object({ card_id: z.string(), card_order_id: z.string(), order_status: z.literal('PENDING') });

export const networkProtectionResponse = z.object({
  card_id: z.string().optional(),
  card_number: z.string().optional(),
  cardholder_id: z.string().optional(),
  card_scheme: z.string().optional(),
  enabled: z.boolean().optional(),
  status: z.string().optional(),
  action_code: z.enum(['04', '41', '43', '46', '54']).optional(),
  definition: z.string().optional(),
  update_time: z.string().nullable().optional(),
});
/** The Python client types action_code as a plain string (its own test enrolls with `01`). */
export const networkProtectionResponsePython = networkProtectionResponse.extend({ action_code: z.string().optional() });

export const resetPinResponse = z.object({ request_status: z.literal('SUCCESS') });

export const manageCardPinResponse = z.object({ card_id: z.string(), card_order_id: z.string(), create_time: z.string() });

export const cardArtListResponse = z.object({
  default_card_art_id: z.string(),
  card_arts: z.array(z.object({ card_art_id: z.string(), description: z.string(), is_default: z.boolean(), is_system_config: z.boolean() })),
});

export const setDefaultCardArtResponse = z.object({ default_card_art_id: z.string(), updated_at: z.string() });

export const merchantBrand = z.object({ merchant_code: z.string().optional(), display_name: z.string().optional() });

export const createCardholderResponse = z.object({
  cardholder_id: z.string(),
  cardholder_status: CARDHOLDER_STATUS,
  idv_verification_url: z.string().optional(),
  idv_url_expires_at: z.string().optional(),
});

const address = z.object({ country: z.string(), city: z.string(), line1: z.string(), state: z.string().optional(), line2: z.string().optional(), postal_code: z.string().optional() });

export const cardholder = z.object({
  cardholder_id: z.string(),
  email: z.string(),
  number_of_cards: z.number().optional(),
  first_name: z.string(),
  last_name: z.string(),
  create_time: z.string().optional(),
  cardholder_status: CARDHOLDER_STATUS,
  date_of_birth: z.string().optional(),
  country_code: z.string(),
  phone_number: z.string(),
  delivery_address: z.object({ city: z.string(), country: z.string(), line1: z.string(), postal_code: z.string(), state: z.string().optional(), line2: z.string().optional() }).optional(),
  residential_address: address.optional(),
  review_status: z.string().optional(),
  gender: z.enum(['MALE', 'FEMALE', 'OTHER']).optional(),
  nationality: z.string().optional(),
  identity: z.object({ type: z.string(), number: z.string() }).optional(),
  idv_status: z.enum(['PENDING', 'PASSED', 'FAILED']).optional(),
  idv_verification_url: z.string().optional(),
  idv_url_expires_at: z.string().optional(),
});

type RequiredField = { name: string; type: 'string' | 'object'; required: boolean; description?: string; fields?: RequiredField[] };
const requiredField: z.ZodType<RequiredField> = z.lazy(() =>
  z.object({ name: z.string(), type: z.enum(['string', 'object']), required: z.boolean(), description: z.string().optional(), fields: z.array(requiredField).optional() }),
);

export const cardProduct = z.object({
  product_id: z.string(),
  mode_type: z.enum(['SHARE', 'SINGLE']),
  card_bin: z.string(),
  card_form: z.array(z.enum(['VIR', 'PHY'])),
  max_card_quota: z.number().optional(),
  card_scheme: z.string().optional(),
  // The Node client types the amount as a number; spec 2.9 (and the Python client's fixtures) send a
  // decimal string, which payrail keeps (docs/decisions/issuing/cards.md, "The official clients as callers").
  no_pin_payment_amount: z.array(z.object({ amount: amountLike, currency: z.string() })).optional(),
  card_currency: z.array(z.string()).optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
  product_status: z.enum(['ENABLED', 'DISABLED']),
  kyc_level: z.enum(['SIMPLIFIED', 'STANDARD', 'ENHANCED']).optional(),
  required_fields: z.array(requiredField).optional(),
});

export const createReportResponse = z.object({ report_id: z.string() });

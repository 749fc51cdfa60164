import type { z } from 'zod';
import type { CardView } from '../../domain/cards/view';
import { iso } from '../shared/wire';
import type { restCard, restCardCreateResult, restCardStatusResult } from './schemas';

// Issuing amounts are JSON numbers on the wire (issue 9); the domain keeps them as decimal strings.
const num = (s: string): number => Number(s);

export const toRestCardCreateResult = (c: CardView): z.input<typeof restCardCreateResult> => ({
  card_id: c.id,
  card_order_id: c.cardOrderId,
  create_time: c.createTime,
  card_status: c.status,
  order_status: c.orderStatus,
  risk_controls: c.riskControls,
  cardholder_id: c.cardholderId,
  // Traditional mode uses an existing holder; no identity check is started by the card.
  cardholder_status: 'SUCCESS',
});

export const toRestCard = (c: CardView): z.input<typeof restCard> => ({
  card_id: c.id,
  card_status: c.status,
  card_bin: c.cardBin,
  card_scheme: c.cardScheme,
  card_number: c.cardNumber,
  card_name: c.nameOnCard,
  card_currency: c.cardCurrency,
  card_product_id: c.cardProductId,
  form_factor: c.formFactor,
  mode_type: c.modeType,
  card_limit: num(c.cardLimit),
  available_balance: num(c.availableBalance),
  consumed_amount: num(c.consumedAmount),
  cardholder: { cardholder_id: c.cardholderId },
  spending_controls: c.spendingControls,
  risk_controls: c.riskControls,
  metadata: c.metadata,
  usage_type: c.usageType as 'NORMAL' | 'ONE_TIME',
  ...(c.autoCancelTrigger ? { auto_cancel_trigger: c.autoCancelTrigger as 'ON_AUTH' | 'ON_CAPTURE' } : {}),
  ...(c.expiryAt ? { expiry_at: iso(c.expiryAt) } : {}),
  card_order_id: c.cardOrderId,
  order_status: c.orderStatus,
  ...(c.updateReason !== null ? { update_reason: c.updateReason } : {}),
  create_time: c.createTime,
});

export const toRestCardStatusResult = (c: CardView): z.input<typeof restCardStatusResult> => ({
  card_id: c.id,
  card_order_id: c.cardOrderId,
  order_status: c.orderStatus,
  ...(c.updateReason !== null ? { update_reason: c.updateReason } : {}),
});

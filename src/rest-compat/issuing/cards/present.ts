import type { z } from 'zod';
import type { CardCreation, CardView } from '../../../domain/issuing/cards/view';
import type { NetworkProtectionView } from '../../../domain/issuing/cards/network-protection-rules';
import { iso, isoOrNull } from '../../shared/wire';
import type { restCard, restCardCreateResult, restCardStatusResult, restNetworkProtection } from './schemas';

// Issuing amounts are JSON numbers on the wire; the domain keeps them as decimal strings.
const num = (s: string): number => Number(s);

export const toRestCardCreateResult = (r: CardCreation, origin: string): z.input<typeof restCardCreateResult> => ({
  card_id: r.card.id,
  card_order_id: r.card.cardOrderId,
  create_time: r.card.createTime,
  card_status: r.card.status,
  order_status: r.card.orderStatus,
  risk_controls: r.card.riskControls,
  cardholder_id: r.card.cardholderId,
  cardholder_status: r.cardholderStatus,
  ...(r.cardholderCreated ? { cardholder_created: true as const } : {}),
  kyc_method: r.kycMethod,
  verification_status: r.verificationStatus,
  ...(r.idvUrlPath && r.idvUrlExpiresAt ? { idv_verification_url: `${origin}${r.idvUrlPath}`, idv_url_expires_at: iso(r.idvUrlExpiresAt) } : {}),
  ...(r.verificationStatus !== 'VERIFIED' ? { message: HOLDER_MESSAGE[r.verificationStatus] } : {}),
  ...(r.activationCode !== undefined ? { activation_code: r.activationCode } : {}),
});

const HOLDER_MESSAGE = {
  UNDER_REVIEW: "The cardholder's identity check is under review.",
  ACTION_REQUIRED: 'The cardholder must complete the identity check.',
} as const;

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
  ...(c.cardArtId !== null ? { card_art_id: c.cardArtId } : {}),
});

export const toRestCardStatusResult = (c: CardView): z.input<typeof restCardStatusResult> => ({
  card_id: c.id,
  card_order_id: c.cardOrderId,
  order_status: c.orderStatus,
  ...(c.updateReason !== null ? { update_reason: c.updateReason } : {}),
});

export const toRestNetworkProtection = (p: NetworkProtectionView): z.input<typeof restNetworkProtection> => ({
  card_id: p.cardId,
  card_number: p.cardNumber,
  cardholder_id: p.cardholderId,
  card_scheme: p.cardScheme,
  enabled: p.enabled,
  status: p.status,
  // The clients type both as optional strings: absent, not null, when the card is not enrolled.
  ...(p.actionCode !== null ? { action_code: p.actionCode } : {}),
  ...(p.definition !== null ? { definition: p.definition } : {}),
  update_time: isoOrNull(p.updatedAt),
});

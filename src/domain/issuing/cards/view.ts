import type Decimal from 'decimal.js';
import type { Card } from '../../../generated/prisma/client';
import type { HolderCheck } from '../cardholders/contract';
import type { CardholderStatus } from '../cardholders/rules';
import { cardholderTime } from '../cardholders/view';
import { ZERO } from '../../../platform/money/amount';
import type { CardStatus, OrderStatus, RiskControls, SpendingControl } from './rules';
import { toNetworkProtectionView, type NetworkProtectionView } from './network-protection-rules';

/** A card as both doors present it: only the masked number, never the PAN (spec 4.4, PCI DSS 3.4). */
export interface CardView {
  id: string;
  cardholderId: string;
  cardProductId: string;
  cardBin: string;
  cardScheme: string;
  formFactor: string;
  modeType: string;
  cardNumber: string;
  nameOnCard: string;
  cardCurrency: string;
  cardLimit: string;
  consumedAmount: string;
  availableBalance: string;
  spendingControls: SpendingControl[];
  riskControls: RiskControls;
  metadata: Record<string, unknown> | null;
  usageType: string;
  autoCancelTrigger: string | null;
  expiryAt: Date | null;
  status: CardStatus;
  updateReason: string | null;
  cardOrderId: string;
  orderStatus: OrderStatus;
  createdAt: Date;
  /** `YYYY-MM-DD HH:MM:SS`, as cardholders carry it (spec 2). */
  createTime: string;
  /** null for a card made before card arts existed. */
  cardArtId: string | null;
  networkProtection: NetworkProtectionView;
  /** While an elevated card_limit is in force (elevateLimit): when it ends. */
  limitElevatedUntil: Date | null;
}

/**
 * What a card may still spend (docs/decisions/issuing/card-orders.md "Card orders"): a SINGLE card its prepaid
 * balance; a SHARE card the issuing balance of its currency, capped by its own room under a
 * card_limit above 0 (limit - consumed - authorized). Without the issuing balance (an event's
 * payload) a SHARE card with no limit shows 0.
 */
export function spendable(c: Card, issuingAvailable: Decimal | undefined): Decimal {
  if (c.modeType === 'SINGLE') return c.availableBalance;
  const balance = issuingAvailable ?? ZERO;
  if (c.cardLimit.isZero()) return balance;
  const room = c.cardLimit.minus(c.consumedAmount).minus(c.authHeld);
  const capped = issuingAvailable === undefined || room.lt(balance) ? room : balance;
  return capped.isNegative() ? ZERO : capped;
}

/** `issuingAvailable`: the account's issuing balance in the card's currency (cards/queries.ts issuingFunds). */
export const toCardView = (c: Card, issuingAvailable?: Decimal): CardView => ({
  id: c.id,
  cardholderId: c.cardholderId,
  cardProductId: c.cardProductId,
  cardBin: c.cardBin,
  cardScheme: c.cardScheme,
  formFactor: c.formFactor,
  modeType: c.modeType,
  cardNumber: c.maskedPan,
  nameOnCard: c.nameOnCard,
  cardCurrency: c.cardCurrency,
  cardLimit: c.cardLimit.toFixed(2),
  consumedAmount: c.consumedAmount.toFixed(2),
  availableBalance: spendable(c, issuingAvailable).toFixed(2),
  spendingControls: c.spendingControls as unknown as SpendingControl[],
  riskControls: c.riskControls as RiskControls,
  metadata: (c.metadata as Record<string, unknown> | null) ?? null,
  usageType: c.usageType,
  autoCancelTrigger: c.autoCancelTrigger,
  expiryAt: c.expiryAt,
  status: c.status as CardStatus,
  updateReason: c.updateReason,
  cardOrderId: c.cardOrderId,
  orderStatus: c.orderStatus as OrderStatus,
  createdAt: c.createdAt,
  createTime: cardholderTime(c.createdAt),
  cardArtId: c.cardArtId,
  networkProtection: toNetworkProtectionView(c),
  limitElevatedUntil: c.limitElevatedUntil,
});

/** CardCreateResult (spec 2.7): the card, and the holder as CI1 (or CI11) found or created it. */
export interface CardCreation {
  card: CardView;
  cardholderCreated: boolean;
  cardholderStatus: CardholderStatus;
  kycMethod: HolderCheck['kycMethod'];
  verificationStatus: HolderCheck['verificationStatus'];
  /** The holder's live IDV page path (redirect mode); each door puts its origin in front. */
  idvUrlPath: string | null;
  idvUrlExpiresAt: Date | null;
  /** CI11 only: the physical card's activation code, which the sandbox hands over with the plastic. */
  activationCode?: string;
}

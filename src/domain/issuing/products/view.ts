import { NO_PIN_PAYMENT_AMOUNT, productIdOf, CARD_CURRENCIES, type KycLevel, type ProductTemplate, type RequiredField } from './catalogue';

/** Every product payrail offers is ENABLED; DISABLED is the value the specified API also names. */
export const PRODUCT_STATUSES = ['ENABLED', 'DISABLED'] as const;

/** A card product as both doors present it (spec 2.9, CI18). */
export interface CardProductView {
  id: string;
  cardBin: string;
  cardScheme: string;
  modeType: string;
  cardForm: string[];
  maxCardQuota: number;
  cardCurrency: string[];
  noPinPaymentAmount: { currency: string; amount: string }[];
  status: (typeof PRODUCT_STATUSES)[number];
  kycLevel: KycLevel;
  requiredFields: RequiredField[];
  /** The lowest card_limit a card of this product takes (decimal string); the cards slice checks it. */
  minCardLimit: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The template as seen in one tree: its id derives from the root, its times are the root's creation. */
export const toCardProductView = (t: ProductTemplate, rootAccountId: string, rootCreatedAt: Date): CardProductView => ({
  id: productIdOf(rootAccountId, t.key),
  cardBin: t.cardBin,
  cardScheme: t.cardScheme,
  modeType: t.modeType,
  cardForm: [...t.cardForm],
  maxCardQuota: t.maxCardQuota,
  cardCurrency: [...CARD_CURRENCIES],
  noPinPaymentAmount: NO_PIN_PAYMENT_AMOUNT.map((n) => ({ ...n })),
  status: 'ENABLED',
  kycLevel: t.kycLevel,
  requiredFields: t.requiredFields,
  minCardLimit: t.minCardLimit,
  createdAt: rootCreatedAt,
  updatedAt: rootCreatedAt,
});

import { uuidOfName } from '../../../platform/ids/ids';

/**
 * The card products seeded in every account tree (spec 2.9, CI18). They are configuration, not
 * data a caller creates, so they live here rather than in a table: each tree sees the same
 * products under ids derived from the tree's root account, so a product id never names another
 * tree's product and needs no seeding step when an account is made.
 */

export const CARD_CURRENCIES = ['SGD', 'USD', 'XUSD'] as const;
export type CardCurrency = (typeof CARD_CURRENCIES)[number];

export const KYC_LEVELS = ['SIMPLIFIED', 'STANDARD', 'ENHANCED'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const CARD_SCHEMES = ['VISA', 'MASTERCARD'] as const;
/** SINGLE: each card holds its own money; SHARE: the cards spend the issuing balance itself. */
export const MODE_TYPES = ['SINGLE', 'SHARE'] as const;
export type ModeType = (typeof MODE_TYPES)[number];
/** VIR: a virtual card; PHY: a physical one. */
export const CARD_FORMS = ['VIR', 'PHY'] as const;
/** The shape of a field a product asks of its cardholders. */
export const REQUIRED_FIELD_TYPES = ['string', 'object'] as const;

export interface RequiredField {
  name: string;
  type: (typeof REQUIRED_FIELD_TYPES)[number];
  required: boolean;
  fields?: RequiredField[];
}

export interface ProductTemplate {
  /** Stable key inside the catalogue; the product id derives from it and the tree's root. */
  key: string;
  cardBin: string;
  cardScheme: (typeof CARD_SCHEMES)[number];
  modeType: ModeType;
  cardForm: (typeof CARD_FORMS)[number][];
  maxCardQuota: number;
  kycLevel: KycLevel;
  /**
   * The lowest card_limit a card of this product may be created with (spec 8: >= 0 with two
   * decimals; >= 0.01 for BINs 527735, 555071, 555243). The cards slice enforces it (CI1).
   */
  minCardLimit: string;
  requiredFields: RequiredField[];
}

const str = (name: string, required = true): RequiredField => ({ name, type: 'string', required });

const IDENTITY: RequiredField = {
  name: 'identity',
  type: 'object',
  required: true,
  fields: [str('type'), str('number'), str('front_file'), str('back_file', false), str('hand_file', false)],
};

const RESIDENTIAL_ADDRESS: RequiredField = {
  name: 'residential_address',
  type: 'object',
  required: true,
  fields: [str('country'), str('state', false), str('city'), str('district', false), str('line1'), str('line2', false), str('line_en', false), str('postal_code', false)],
};

const SIMPLIFIED_FIELDS = [str('first_name'), str('last_name'), str('email'), str('country_code'), str('phone_number')];
const STANDARD_FIELDS = [...SIMPLIFIED_FIELDS, str('date_of_birth'), str('gender', false), str('nationality'), RESIDENTIAL_ADDRESS];
const ENHANCED_FIELDS = [...STANDARD_FIELDS, IDENTITY];

/**
 * In this order in the product list (CI18). The first is the one a newcomer picks: the official
 * clients' READMEs create a card with only card_currency, cardholder_id and card_product_id, then
 * recharge and withdraw it, which only a SINGLE card whose BIN asks no card_limit can take (a SHARE
 * card's money is the issuing balance itself). So a SINGLE product without a minimum comes first.
 */
export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  { key: 'visa-single-491090', cardBin: '491090', cardScheme: 'VISA', modeType: 'SINGLE', cardForm: ['VIR', 'PHY'], maxCardQuota: 500, kycLevel: 'STANDARD', minCardLimit: '0', requiredFields: STANDARD_FIELDS },
  { key: 'visa-share-428852', cardBin: '428852', cardScheme: 'VISA', modeType: 'SHARE', cardForm: ['VIR'], maxCardQuota: 1000, kycLevel: 'SIMPLIFIED', minCardLimit: '0', requiredFields: SIMPLIFIED_FIELDS },
  { key: 'mastercard-share-527735', cardBin: '527735', cardScheme: 'MASTERCARD', modeType: 'SHARE', cardForm: ['VIR'], maxCardQuota: 1000, kycLevel: 'SIMPLIFIED', minCardLimit: '0.01', requiredFields: SIMPLIFIED_FIELDS },
  { key: 'mastercard-share-555071', cardBin: '555071', cardScheme: 'MASTERCARD', modeType: 'SHARE', cardForm: ['VIR'], maxCardQuota: 1000, kycLevel: 'STANDARD', minCardLimit: '0.01', requiredFields: STANDARD_FIELDS },
  { key: 'mastercard-single-555243', cardBin: '555243', cardScheme: 'MASTERCARD', modeType: 'SINGLE', cardForm: ['VIR', 'PHY'], maxCardQuota: 200, kycLevel: 'ENHANCED', minCardLimit: '0.01', requiredFields: ENHANCED_FIELDS },
];

/** No-PIN payment amounts per currency (spec 2.9): the same for every product. */
export const NO_PIN_PAYMENT_AMOUNT: readonly { currency: CardCurrency; amount: string }[] = [
  { currency: 'SGD', amount: '200.00' },
  { currency: 'USD', amount: '150.00' },
  { currency: 'XUSD', amount: '150.00' },
];

/** A UUID (version 5 layout: SHA-1 of a name) for a template in one tree: stable, and distinct per tree. */
export const productIdOf = (rootAccountId: string, key: string): string => uuidOfName(`payrail-card-product\u0000${rootAccountId}\u0000${key}`);

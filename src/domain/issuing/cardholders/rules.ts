import { z } from 'zod';
import { exactMessage, requiredField } from '../../../platform/validation/validate';
import { cardholderErrors } from './errors';
import { quotedField } from '../../../platform/errors/field-names';

/** Spec 3.1 value sets. */
export const CARDHOLDER_STATUSES = ['FAILED', 'PENDING', 'SUCCESS', 'INCOMPLETE'] as const;
export type CardholderStatus = (typeof CARDHOLDER_STATUSES)[number];
export const REVIEW_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const IDV_STATUSES = ['PENDING', 'PASSED', 'FAILED'] as const;
export type IdvStatus = (typeof IDV_STATUSES)[number];
/** Spec 2.8 gives MALE and FEMALE; the official client adds OTHER. */
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
/**
 * kyc_verification.method: THIRD_PARTY (identity data given directly) or a redirect to an identity
 * provider, which the official client calls SUMSUB_REDIRECT and spec 7.2 IDVPROVIDER_REDIRECT.
 */
export const KYC_METHODS = ['THIRD_PARTY', 'SUMSUB_REDIRECT', 'IDVPROVIDER_REDIRECT'] as const;
export type KycMethod = 'THIRD_PARTY' | 'REDIRECT';
export const kycMethodOf = (method: (typeof KYC_METHODS)[number]): KycMethod => (method === 'THIRD_PARTY' ? 'THIRD_PARTY' : 'REDIRECT');

const alpha2 = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const residentialAddress = z.object({
  country: alpha2,
  city: text(100),
  line1: text(200),
  state: text(100).optional(),
  district: text(100).optional(),
  line2: text(200).optional(),
  lineEn: text(200).optional(),
  postalCode: text(20).optional(),
});
export type ResidentialAddressCommand = z.output<typeof residentialAddress>;

/** Deprecated by ref; its completeness is the invalid_delivery_address rule, checked below. */
export const deliveryAddress = z.object({
  country: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  line1: z.string().optional(),
  line2: z.string().optional(),
});
export type DeliveryAddressCommand = z.output<typeof deliveryAddress>;

/**
 * The addresses as the cardholders table keeps them (JSON columns written in the REST wire's names,
 * which the REST answers and the webhook bodies show as stored).
 */
export type ResidentialAddress = {
  country: string;
  city: string;
  line1: string;
  state?: string;
  district?: string;
  line2?: string;
  line_en?: string;
  postal_code?: string;
};
export type DeliveryAddress = {
  country?: string;
  state?: string;
  city?: string;
  postal_code?: string;
  line1?: string;
  line2?: string;
};

/** The stored form of a residential address (jsonb: the members' order is the database's). */
export function storedResidentialAddress(a: ResidentialAddressCommand): ResidentialAddress {
  const { lineEn, postalCode, ...rest } = a;
  return { ...rest, ...(lineEn !== undefined ? { line_en: lineEn } : {}), ...(postalCode !== undefined ? { postal_code: postalCode } : {}) };
}

export function storedDeliveryAddress(a: DeliveryAddressCommand): DeliveryAddress {
  const { postalCode, ...rest } = a;
  return { ...rest, ...(postalCode !== undefined ? { postal_code: postalCode } : {}) };
}

/** The identity documents a cardholder may show. */
export const IDENTITY_TYPES = ['ID_CARD', 'PASSPORT', 'DRIVING_LICENSE'] as const;
/** The formats of a cardholder's `document`. */
export const DOCUMENT_TYPES = ['pdf', 'png', 'jpg', 'jpeg'] as const;

/** identity (ref): each image is base64 or an uploaded file's id (identity-files.ts); checked, never stored. */
export const identity = z.object({
  type: z.enum(IDENTITY_TYPES, 'must be one of ID_CARD, PASSPORT, DRIVING_LICENSE'),
  number: text(50),
  frontFile: z.string().optional(),
  backFile: z.string().optional(),
  handFile: z.string().optional(),
});

const optionalFields = {
  dateOfBirth: z.string().optional(),
  gender: z.enum(GENDERS, 'must be one of MALE, FEMALE, OTHER').optional(),
  nationality: alpha2.optional(),
  residentialAddress: residentialAddress.optional(),
  deliveryAddress: deliveryAddress.optional(),
  identity: identity.optional(),
  documentType: z.enum(DOCUMENT_TYPES, 'must be one of pdf, png, jpg, jpeg').optional(),
  document: z.string().optional(),
  kycVerification: z.object({ method: z.enum(KYC_METHODS, 'must be one of THIRD_PARTY, SUMSUB_REDIRECT, IDVPROVIDER_REDIRECT') }).optional(),
};

const email = z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email({ message: 'must be an email address' }));

/** A new cardholder. countryCode is checked after parsing: it is required unless... see checkCardholderFields. */
export const createCardholderCommand = z.object({
  email,
  firstName: z.string(),
  lastName: z.string(),
  countryCode: z.string().optional(),
  phoneNumber: z.string(),
  ...optionalFields,
});
export type CreateCardholderCommand = z.output<typeof createCardholderCommand>;

/** Changes to a cardholder: every field optional (ref's list, plus the names, which 2.8 requires before activation). */
export const updateCardholderCommand = z.object({
  email: email.optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  countryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
  ...optionalFields,
});
export type UpdateCardholderCommand = z.output<typeof updateCardholderCommand>;

/** The cardholders list's filter: a status, any case. */
export const cardholderFilter = z.object({
  status: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(CARDHOLDER_STATUSES, { message: exactMessage(`Invalid value for field ${quotedField('status')}: must be one of PENDING, SUCCESS, INCOMPLETE, FAILED`) }))
    .optional(),
});

/**
 * Spec 2.8: Latin letters; no digits; the only other characters are period, comma, hyphen,
 * apostrophe and space; it starts with a letter and does not end with a space. At most 50.
 */
const NAME = /^[A-Za-z](?:[A-Za-z .,'-]*[A-Za-z.,'-])?$/;
export const isValidName = (name: string): boolean => name.length <= 50 && NAME.test(name);

/** E.164-like: an optional +, then 6 to 15 digits (ref's fixture: +6512345678). */
export const isValidPhoneNumber = (phone: string): boolean => /^\+?\d{6,15}$/.test(phone);
export const isValidCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code);

/** yyyy-mm-dd, a real calendar day, and 18 years or more before `today` (UTC, the platform clock). */
export function isAdultDateOfBirth(dob: string, today: Date): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  const eighteenth = new Date(Date.UTC(y + 18, mo - 1, d));
  // Born on 29 February: the eighteenth birthday is 1 March in a common year (Date.UTC rolls over).
  return eighteenth.getTime() <= today.getTime();
}

/** The merged fields of a cardholder a rule looks at (create input, or the stored row with an update applied). */
export interface CardholderFields {
  firstName: string;
  lastName: string;
  countryCode: string | undefined;
  phoneNumber: string;
  dateOfBirth: string | undefined;
}

/** The rules of spec 2.8 and 7.2 that need no database, in the order a caller reads its body. */
export function checkCardholderFields(
  f: CardholderFields,
  given: { names: boolean; dob: boolean; phone: boolean; country: boolean; identityOrDocument: boolean; delivery?: DeliveryAddressCommand; redirect: boolean; identity?: z.output<typeof identity> },
  today: Date,
): void {
  if (given.names && !isValidName(f.firstName)) throw cardholderErrors.invalidFirstName();
  if (given.names && !isValidName(f.lastName)) throw cardholderErrors.invalidLastName();
  if (f.countryCode === undefined) {
    if (given.redirect) throw cardholderErrors.missingCountryCode();
    throw requiredField('countryCode');
  }
  if (given.country && !isValidCountryCode(f.countryCode)) throw cardholderErrors.invalidPhoneNumber('countryCode');
  if (given.phone && !isValidPhoneNumber(f.phoneNumber)) throw cardholderErrors.invalidPhoneNumber('phoneNumber');
  if (given.dob && f.dateOfBirth !== undefined && !isAdultDateOfBirth(f.dateOfBirth, today)) throw cardholderErrors.invalidDateOfBirth();
  if (given.identityOrDocument && f.dateOfBirth === undefined) throw cardholderErrors.missingDateOfBirth();
  if (given.identity?.type === 'ID_CARD' && !given.identity.backFile) throw requiredField('identity.backFile');
  if (given.identity?.type === 'PASSPORT' && !given.identity.handFile) throw requiredField('identity.handFile');
  const d = given.delivery;
  if (d && [d.country, d.state, d.city, d.postalCode, d.line1].some((v) => v === undefined || v.trim() === '')) {
    throw cardholderErrors.invalidDeliveryAddress();
  }
}

/**
 * Sandbox test values of the simulated identity check: an email whose local part contains
 * `kyc_fail` (jane+kyc_fail@example.com) fails the check; any other passes.
 */
export const kycCheckFails = (email: string): boolean => /kyc_fail/i.test(email.split('@')[0] ?? '');

/** How long after it starts the simulated THIRD_PARTY check completes (on the tree's clock). */
export const KYC_REVIEW_SECONDS = 5;
/** How long an IDV verification link lives. */
export const IDV_LINK_SECONDS = 24 * 60 * 60;

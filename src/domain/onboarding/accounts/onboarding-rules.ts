import { z } from 'zod';
import { isCountryCode } from '../../wallet/beneficiaries/countries';
import { currencyCode } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';

/**
 * AF1 create account (spec 4.14) in the domain's names; the REST door renames the wire's snake_case
 * at every depth. INDIVIDUAL is the spec's body, field by field;
 * COMPANY follows the provider's reference body (catalogue 3.7, docs/decisions/onboarding/accounts.md "Accounts").
 * Where spec 7.1 gives a message its text is used exactly; every other rule reads
 * "Field 'x' is required" / "Invalid value for field 'x': rule", naming the field.
 */

/** Spec 7.1 messages, exact. */
export const ONBOARDING_MESSAGES = {
  entityType: 'Entity type is required and must be one of COMPANY, INDIVIDUAL',
  under18: 'Individual must be over 18 years old',
  phone: 'Invalid phone number format',
  country: 'Country or territory is required',
  legalNameEnglish: 'Legal business name in English is required',
  documents: 'check that you have submitted the necessary documents',
  representativesEmpty: 'representatives is empty',
  representativeDocs: 'representative identification documents are empty',
  oneApplicant: 'one representative must be an applicant',
  jobTitle: 'Job title is required and must be one of director, beneficial_owner, beneficial_owner_and_director, authorized_representative',
} as const;

/** payrail's choice (docs/decisions/onboarding/accounts.md): onboarding refuses these jurisdictions. */
export const SANCTIONED_COUNTRIES = ['CU', 'IR', 'KP', 'SY'] as const;
export const UNSUPPORTED_ONBOARDING_COUNTRIES = ['AF', 'MM', 'SS', 'YE'] as const;

/** An enum field: absent reads "Field 'x' is required" (zod alone reports it as an invalid option). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.string().pipe(z.enum(values));

const text = (max = 120) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const optionalText = (max = 120) => z.string().trim().max(max, `must be at most ${max} characters`).optional();

/** Required country: absent or empty is the spec's own text; a code that is not ISO 3166-1 alpha-2 names the field. */
const country = z
  .string({ error: (i) => (i.input === undefined ? exactMessage(ONBOARDING_MESSAGES.country) : undefined) })
  .refine((v) => v.trim() !== '', exactMessage(ONBOARDING_MESSAGES.country))
  .refine((v) => v.trim() === '' || isCountryCode(v), 'must be an ISO 3166-1 alpha-2 country code');

export const email = z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email({ message: 'must be an email address' }));
/** E.164-like: an optional +, then 6-15 digits (the same rule as cardholders). */
export const phone = z.string().refine((v) => /^\+?\d{6,15}$/.test(v), exactMessage(ONBOARDING_MESSAGES.phone));
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date');

/** A document file id: its format here; that it names an uploaded file of the caller, document-files.ts. */
const fileId = z.string().trim().min(1).max(64);
/** Base64 data URI of an image or PDF (spec 4.14 "front and back are base64 data URIs"). */
const dataUri = z.string().max(10_000_000, 'must be at most 10000000 characters')
  .regex(/^data:(image\/(jpeg|jpg|png)|application\/pdf);base64,[A-Za-z0-9+/=]+$/, 'must be a base64 data URI of a jpeg, png or pdf');

const contactDetails = z.object({ email, phone });

const identificationDocuments = z.object({ front: dataUri.optional(), frontFileId: fileId.optional(), back: dataUri.optional(), backFileId: fileId.optional() });

export const IDENTIFICATION_TYPES = ['PASSPORT', 'NATIONAL_ID', 'DRIVERS_LICENSE'] as const;
const identification = z.object({
  type: oneOf(IDENTIFICATION_TYPES),
  idNumber: text(64),
  documents: identificationDocuments,
  remark: optionalText(255),
  citizenshipStatus: oneOf(['non_resident', 'singapore_citizen', 'permanent_resident']).optional(),
});

export const INDIVIDUAL_PURPOSES = ['PURCHASE', 'BILL_PAYMENT', 'EDUCATIONAL_EXPENSES', 'PERSONAL_REMITTANCE', 'LOAN_REPAYMENT', 'INVESTMENT', 'CHARITABLE_DONATION', 'OTHERS'] as const;
export const REVENUE_RANGES = ['TM001', 'TM002', 'TM003', 'TM004', 'TM005'] as const;
const monthlyRevenue = z.object({ amount: oneOf(REVENUE_RANGES), currency: currencyCode });

const personDetails = z.object({
  firstNameEnglish: text(),
  lastNameEnglish: text(),
  firstName: optionalText(),
  lastName: optionalText(),
  localName: optionalText(),
  nationality: country,
  dateOfBirth: dateOnly,
  taxNumber: optionalText(64),
  internationally: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (domestic) or 1 (international)' }),
  bankingCurrencies: z.array(currencyCode).min(1, 'must name at least one currency'),
  bankingCountries: z.array(country).min(1, 'must name at least one country'),
  monthlyEstimatedRevenue: monthlyRevenue,
  accountPurpose: z.array(z.enum(INDIVIDUAL_PURPOSES)).min(1, 'must name at least one purpose'),
  otherPurpose: optionalText(255),
  identification,
});

const address = z.object({
  line1: text(255),
  line2: optionalText(255),
  city: text(),
  state: optionalText(64),
  postalCode: text(16),
  country,
});

const document = z.object({
  type: text(64),
  front: dataUri.optional(),
  back: dataUri.optional(),
  frontFileId: fileId.optional(),
  backFileId: fileId.optional(),
});
/** AF1 `documents`; also the body of a RETURN resubmission (resubmission.ts). */
export const documents = z.array(document).min(1, exactMessage(ONBOARDING_MESSAGES.documents));

const tosAcceptance = z.object({
  ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' }),
  date: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
  userAgent: text(512),
});

const base = {
  name: text(),
  contactDetails: contactDetails,
  documents,
  tosAcceptance: tosAcceptance,
};

export const individualAccount = z.object({ entityType: z.literal('INDIVIDUAL'), ...base, personDetails, residentialAddress: address });

export const REPRESENTATIVE_ROLES = ['DIRECTOR', 'BENEFICIAL_OWNER', 'DIRECTOR_BENEFICIAL_OWNER', 'AUTHORISED_PERSON'] as const;
export const BUSINESS_STRUCTURES = ['SOLE_PROPRIETOR', 'LIMITED_COMPANY', 'PARTNERSHIP', 'LISTED', 'OTHERS'] as const;
export const COMPANY_PURPOSES = ['COLLECTION', 'PAYOUT', 'CONVERT_FUNDS', 'CARD_ISSUING', 'PAYMENT', 'USE_API'] as const;

const representative = z.object({
  roles: oneOf(REPRESENTATIVE_ROLES),
  firstName: text(),
  lastName: text(),
  nationality: country,
  dateOfBirth: dateOnly,
  sharePercentage: z.string().regex(/^(100(\.0+)?|\d{1,2}(\.\d+)?)$/, 'must be a percentage between 0 and 100').optional(),
  identification,
  residentialAddress: address,
  asApplicant: z.boolean(),
});

const businessDetails = z.object({
  legalEntityName: optionalText(255),
  legalEntityNameEnglish: z.string({ error: exactMessage(ONBOARDING_MESSAGES.legalNameEnglish) }).trim().min(1, exactMessage(ONBOARDING_MESSAGES.legalNameEnglish)).max(255),
  incorporationDate: dateOnly,
  registrationNumber: text(64),
  businessStructure: oneOf(BUSINESS_STRUCTURES),
  productDescription: text(1000),
  merchantCategoryCode: z.string().regex(/^\d{4}$/, 'must be a four-digit merchant category code'),
  estimatedWorkerCount: oneOf(['BS001', 'BS002', 'BS003', 'BS004', 'BS005']),
  monthlyEstimatedRevenue: monthlyRevenue,
  accountPurpose: z.array(z.enum(COMPANY_PURPOSES)).min(1, 'must name at least one purpose'),
  websiteUrl: z.url({ error: 'must be a URL' }).optional(),
});

export const companyAccount = z.object({
  entityType: z.literal('COMPANY'),
  ...base,
  country,
  businessDetails: businessDetails,
  /** The registered address; its country is `country` (the reference body leaves it out). */
  registrationAddress: address.omit({ country: true }),
  businessAddress: z.array(address).optional(),
  representatives: z.array(representative).min(1, exactMessage(ONBOARDING_MESSAGES.representativesEmpty)),
});

/** The entity type decides the body (the service parses it first, then its body); an absent or unknown one is the spec's own message. */
export const entityTypeOf = z.object({
  entityType: z.enum(['COMPANY', 'INDIVIDUAL'], { error: exactMessage(ONBOARDING_MESSAGES.entityType) }),
});

export type IndividualAccountCommand = z.output<typeof individualAccount>;
export type CompanyAccountCommand = z.output<typeof companyAccount>;
export type AccountApplication = IndividualAccountCommand | CompanyAccountCommand;

/** Whole years between `dateOfBirth` (YYYY-MM-DD) and `now` (UTC calendar). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

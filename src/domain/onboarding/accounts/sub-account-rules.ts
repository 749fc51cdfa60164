import { z } from 'zod';
import { currencyCode } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';
import { BUSINESS_TYPES } from './rules';
import { email, oneOf, ONBOARDING_MESSAGES, phone, REVENUE_RANGES, INDIVIDUAL_PURPOSES } from './onboarding-rules';
import { isCountryCode } from '../../wallet/beneficiaries/countries';

/**
 * AF2 create sub-account (catalogue 3.7, the reference body) in the domain's names. Blocks that are
 * required only for one entity type, or only when inherit is -1, are optional here and required
 * by `checkSubAccountApplication` with the spec's own messages.
 */

export const INHERIT_MESSAGES = {
  detailsRequired: 'Company info, address, and ownership details are required when Inherit is false',
  inconsistent: 'Please check that you have correctly specified inherit',
} as const;
export const JOB_TITLES = ['director', 'beneficial_owner', 'beneficial_owner_and_director', 'authorized_representative'] as const;
/** payrail's choice: at most this many sub-accounts of one master share a registration number (UEN). */
export const SAME_UEN_LIMIT = 5;

const text = (max = 120) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const optionalText = (max = 120) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const country = z
  .string({ error: (i) => (i.input === undefined ? exactMessage(ONBOARDING_MESSAGES.country) : undefined) })
  .refine((v) => v.trim() !== '', exactMessage(ONBOARDING_MESSAGES.country))
  .refine((v) => v.trim() === '' || isCountryCode(v), 'must be an ISO 3166-1 alpha-2 country code');
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
/** A document: a base64 data URI, or an uploaded file's id (checked by document-files.ts). */
const doc = text(10_000_000);
const docs = z.array(doc);

const companyInfo = z.object({
  legalBusinessName: text(255),
  legalBusinessNameEnglish: z.string({ error: exactMessage(ONBOARDING_MESSAGES.legalNameEnglish) }).trim().min(1, exactMessage(ONBOARDING_MESSAGES.legalNameEnglish)).max(255),
  countryOfIncorporation: country,
  companyType: oneOf(['SOLE_PROPRIETOR', 'LIMITED_COMPANY', 'PARTNERSHIP']),
  phoneNumber: phone,
  emailAddress: email,
  companyRegistrationNumber: text(64),
  taxType: optionalText(32),
  taxNumber: optionalText(64),
  /** Spelled so on the wire. */
  incorparateDate: dateOnly,
  certificationOfIncorporation: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
});

const companyAddress = z.object({
  streetAddress: text(255),
  apartmentSuiteOrFloor: optionalText(255),
  city: text(),
  state: optionalText(64),
  postalCode: text(16),
  country: country.optional(),
});

const individualInfo = z.object({
  firstNameEnglish: text(),
  lastNameEnglish: text(),
  nameInOtherLanguage: optionalText(),
  nationality: country,
  taxNumber: optionalText(64),
  phoneNumber: phone,
  emailAddress: email,
  dateOfBirth: dateOnly,
  countryOrTerritory: country,
  streetAddress: text(255),
  apartmentSuiteOrFloor: optionalText(255),
  city: text(),
  state: text(64),
  postalCode: text(16),
});

const identityVerification = z.object({
  identificationType: oneOf(['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE']),
  identificationValue: text(64),
  identityDocs: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
  faceDocs: docs.optional(),
});

const representative = z.object({
  legalFirstNameEnglish: text(),
  legalLastNameEnglish: text(),
  nameInOtherLanguage: optionalText(),
  emailAddress: email,
  isApplicant: oneOf(['0', '1']),
  // The Python client's test sends "DIRECTOR": the titles are read in any case.
  jobTitle: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(JOB_TITLES, { error: exactMessage(ONBOARDING_MESSAGES.jobTitle) })),
  // The Node client types it as a decimal string ("0" without ownership); a number is read too.
  ownershipPercentage: z
    .preprocess((v) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v), z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100'))
    .optional(),
  nationality: country,
  taxNumber: optionalText(64),
  phoneNumber: phone,
  dateOfBirth: dateOnly,
  countryOrTerritory: country,
  streetAddress: text(255),
  city: text(),
  state: optionalText(64),
  apartmentSuiteOrFloor: optionalText(255),
  postalCode: text(16),
  identificationType: oneOf(['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE']),
  identificationValue: text(64),
  identityDocs: docs.optional(),
  otherDocuments: z.array(z.object({ type: text(64), docStr: doc })).optional(),
});

const expectedActivity = z.object({
  accountPurpose: z.array(z.enum(INDIVIDUAL_PURPOSES)).min(1, 'must name at least one purpose'),
  otherPurpose: optionalText(255),
  bankingCountries: z.array(country),
  bankingCurrencies: z.array(currencyCode),
  internationally: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (domestic) or 1 (international)' }),
  turnoverMonthly: oneOf(REVENUE_RANGES),
  turnoverMonthlyCurrency: currencyCode,
});

const proofDocuments = z.object({
  proofOfAddress: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
  sourceOfFunds: docs.optional(),
  proofOfPositionAndIncome: docs.optional(),
  otherProof: docs.optional(),
});

export const createSubAccountCommand = z.object({
  businessType: oneOf(BUSINESS_TYPES),
  entityType: z.enum(['COMPANY', 'INDIVIDUAL'], { error: exactMessage(ONBOARDING_MESSAGES.entityType) }),
  nickname: optionalText(),
  inherit: z.union([z.literal(1), z.literal(-1)], { error: exactMessage(INHERIT_MESSAGES.inconsistent) }).optional(),
  tosAcceptance: z.object({ ip: z.string(), date: z.string(), userAgent: z.string() }).partial().optional(),
  companyInfo: companyInfo.optional(),
  companyAddress: companyAddress.optional(),
  individualInfo: individualInfo.optional(),
  identityVerification: identityVerification.optional(),
  ownershipDetails: z.object({ representatives: z.array(representative), shareholderDocs: docs.optional() }).optional(),
  businessDetails: z.record(z.string(), z.unknown()).optional(),
  expectedActivity: expectedActivity.optional(),
  proofDocuments: proofDocuments.optional(),
  additionalDocuments: z.object({
    requiredDocs: z.array(z.object({ profileKey: text(64), docStr: doc })).optional(),
    optionDocs: z.array(z.object({ profileKey: text(64), docStr: doc })).optional(),
  }).optional(),
});
export type SubAccountApplication = z.output<typeof createSubAccountCommand>;

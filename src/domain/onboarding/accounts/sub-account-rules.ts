import { z } from 'zod';
import { currencyCode } from '../../../platform/money/amount';
import { exactMessage } from '../../../platform/validation/validate';
import { BUSINESS_TYPES } from './rules';
import { email, oneOf, ONBOARDING_MESSAGES, phone, REVENUE_RANGES, INDIVIDUAL_PURPOSES } from './onboarding-rules';
import { isCountryCode } from '../../wallet/beneficiaries/countries';

/**
 * AF2 create sub-account (catalogue 3.7, the reference body) in wire names. Blocks that are
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
  legal_business_name: text(255),
  legal_business_name_english: z.string({ error: exactMessage(ONBOARDING_MESSAGES.legalNameEnglish) }).trim().min(1, exactMessage(ONBOARDING_MESSAGES.legalNameEnglish)).max(255),
  country_of_incorporation: country,
  company_type: oneOf(['SOLE_PROPRIETOR', 'LIMITED_COMPANY', 'PARTNERSHIP']),
  phone_number: phone,
  email_address: email,
  company_registration_number: text(64),
  tax_type: optionalText(32),
  tax_number: optionalText(64),
  /** Spelled so on the wire. */
  incorparate_date: dateOnly,
  certification_of_incorporation: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
});

const companyAddress = z.object({
  street_address: text(255),
  apartment_suite_or_floor: optionalText(255),
  city: text(),
  state: optionalText(64),
  postal_code: text(16),
  country: country.optional(),
});

const individualInfo = z.object({
  first_name_english: text(),
  last_name_english: text(),
  name_in_other_language: optionalText(),
  nationality: country,
  tax_number: optionalText(64),
  phone_number: phone,
  email_address: email,
  date_of_birth: dateOnly,
  country_or_territory: country,
  street_address: text(255),
  apartment_suite_or_floor: optionalText(255),
  city: text(),
  state: text(64),
  postal_code: text(16),
});

const identityVerification = z.object({
  identification_type: oneOf(['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE']),
  identification_value: text(64),
  identity_docs: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
  face_docs: docs.optional(),
});

const representative = z.object({
  legal_first_name_english: text(),
  legal_last_name_english: text(),
  name_in_other_language: optionalText(),
  email_address: email,
  is_applicant: oneOf(['0', '1']),
  // The Python client's test sends "DIRECTOR": the titles are read in any case.
  job_title: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(JOB_TITLES, { error: exactMessage(ONBOARDING_MESSAGES.jobTitle) })),
  // The Node client types it as a decimal string ("0" without ownership); a number is read too.
  ownership_percentage: z
    .preprocess((v) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v), z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100'))
    .optional(),
  nationality: country,
  tax_number: optionalText(64),
  phone_number: phone,
  date_of_birth: dateOnly,
  country_or_territory: country,
  street_address: text(255),
  city: text(),
  state: optionalText(64),
  apartment_suite_or_floor: optionalText(255),
  postal_code: text(16),
  identification_type: oneOf(['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE']),
  identification_value: text(64),
  identity_docs: docs.optional(),
  other_documents: z.array(z.object({ type: text(64), doc_str: doc })).optional(),
});

const expectedActivity = z.object({
  account_purpose: z.array(z.enum(INDIVIDUAL_PURPOSES)).min(1, 'must name at least one purpose'),
  other_purpose: optionalText(255),
  banking_countries: z.array(country),
  banking_currencies: z.array(currencyCode),
  internationally: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (domestic) or 1 (international)' }),
  turnover_monthly: oneOf(REVENUE_RANGES),
  turnover_monthly_currency: currencyCode,
});

const proofDocuments = z.object({
  proof_of_address: docs.min(1, exactMessage('check that you have submitted the necessary documents')),
  source_of_funds: docs.optional(),
  proof_of_position_and_income: docs.optional(),
  other_proof: docs.optional(),
});

export const createSubAccountBody = z.object({
  business_type: oneOf(BUSINESS_TYPES),
  entity_type: z.enum(['COMPANY', 'INDIVIDUAL'], { error: exactMessage(ONBOARDING_MESSAGES.entityType) }),
  nickname: optionalText(),
  inherit: z.union([z.literal(1), z.literal(-1)], { error: exactMessage(INHERIT_MESSAGES.inconsistent) }).optional(),
  tos_acceptance: z.object({ ip: z.string(), date: z.string(), user_agent: z.string() }).partial().optional(),
  company_info: companyInfo.optional(),
  company_address: companyAddress.optional(),
  individual_info: individualInfo.optional(),
  identity_verification: identityVerification.optional(),
  ownership_details: z.object({ representatives: z.array(representative), shareholder_docs: docs.optional() }).optional(),
  business_details: z.record(z.string(), z.unknown()).optional(),
  expected_activity: expectedActivity.optional(),
  proof_documents: proofDocuments.optional(),
  additional_documents: z.object({
    required_docs: z.array(z.object({ profile_key: text(64), doc_str: doc })).optional(),
    option_docs: z.array(z.object({ profile_key: text(64), doc_str: doc })).optional(),
  }).optional(),
});
export type SubAccountApplication = z.output<typeof createSubAccountBody>;

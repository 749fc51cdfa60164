import { z } from 'zod';
import { isCountryCode } from '../../wallet/beneficiaries/countries';
import { parseInput } from '../../../platform/validation/validate';
import { accountErrors } from './errors';
import { oneOf } from './onboarding-rules';
import { BUSINESS_TYPES, ENTITY_TYPES, type BusinessType, type EntityType } from './rules';

/**
 * AF5: the additional documents an account has to provide, by country, entity type and business
 * code (the product). The spec gives only the shape and the fixture key
 * business_articles_of_association; the table is payrail's (docs/decisions/onboarding/accounts.md "Accounts").
 * profile_option 1 = required, 0 = optional.
 */
export interface AdditionalDocument {
  profileKey: string;
  profileName: string;
  profileOption: 0 | 1;
}

type Row = [key: string, name: string, option: 0 | 1];

const BY_ENTITY: Record<EntityType, Row[]> = {
  COMPANY: [
    ['business_articles_of_association', 'Articles of association', 1],
    ['business_register_of_directors', 'Register of directors', 1],
    ['business_register_of_shareholders', 'Register of shareholders', 1],
    ['business_proof_of_address', 'Proof of business address', 0],
  ],
  INDIVIDUAL: [
    ['individual_proof_of_address', 'Proof of residential address', 1],
    ['individual_source_of_funds', 'Source of funds', 0],
  ],
};

const BY_COUNTRY: Record<EntityType, Partial<Record<string, Row[]>>> = {
  COMPANY: {
    SG: [['business_acra_bizfile', 'ACRA BizFile business profile', 1]],
    HK: [['business_registration_certificate', 'Business registration certificate', 1], ['business_nar1_annual_return', 'Annual return (NAR1)', 0]],
    US: [['business_ein_letter', 'IRS EIN confirmation letter', 1]],
    GB: [['business_companies_house_extract', 'Companies House extract', 1]],
  },
  INDIVIDUAL: {
    US: [['individual_ssn_or_itin', 'SSN or ITIN', 1]],
    SG: [['individual_tax_residency', 'Tax residency certificate', 0]],
  },
};

const BY_PRODUCT: Record<EntityType, Partial<Record<BusinessType, Row[]>>> = {
  COMPANY: {
    ACQUIRING: [['business_website_terms', 'Website terms and refund policy', 1], ['business_processing_history', 'Card processing statements (last 3 months)', 0]],
    ISSUING: [['business_card_program_description', 'Card programme description', 1]],
    BANKING: [['business_source_of_funds', 'Source of funds', 0]],
  },
  INDIVIDUAL: {
    BANKING: [['individual_proof_of_income', 'Proof of position and income', 0]],
  },
};

/** What AF5 asks about: a country, a product (its business code) and an entity type. */
export const additionalDocumentsFilter = z.object({
  country: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code'),
  businessCode: oneOf(BUSINESS_TYPES),
  entityType: z.enum(ENTITY_TYPES).default('COMPANY'),
});

export function additionalDocuments(rawQuery: unknown): AdditionalDocument[] {
  const q = parseInput(additionalDocumentsFilter, rawQuery ?? {});
  if (q.entityType === 'INDIVIDUAL' && q.businessCode !== 'BANKING') {
    throw accountErrors.individualNeedsBanking('businessCode');
  }
  const rows = [...BY_ENTITY[q.entityType], ...(BY_COUNTRY[q.entityType][q.country] ?? []), ...(BY_PRODUCT[q.entityType][q.businessCode] ?? [])];
  return rows.map(([profileKey, profileName, profileOption]) => ({ profileKey, profileName, profileOption }));
}

/**
 * Valid AF2 bodies (catalogue 3.7). Documents are inline data URIs; identification numbers are
 * fresh per body, since a number may belong to one account of a tree only ("document ID already
 * exists").
 */
import { nextIds, PNG } from './onboarding-bodies';

const rep = (applicant: '0' | '1', idNumber: string) => ({
  legal_first_name_english: 'Ada', legal_last_name_english: 'Lim', email_address: 'ada@acme.example', is_applicant: applicant,
  job_title: 'director', nationality: 'SG', phone_number: '+6591234567', date_of_birth: '1980-01-01', country_or_territory: 'SG',
  street_address: '2 Orchard Road', city: 'Singapore', postal_code: '238801', identification_type: 'NATIONAL_ID',
  identification_value: idNumber, identity_docs: [PNG],
});
export const company = (uen = '201512345K', ids = nextIds()) => ({
  business_type: 'ISSUING', entity_type: 'COMPANY', nickname: 'Acme Cards', inherit: -1,
  company_info: {
    legal_business_name: 'Acme', legal_business_name_english: 'Acme Private Limited', country_of_incorporation: 'SG', company_type: 'LIMITED_COMPANY',
    phone_number: '+6560000000', email_address: 'ops@acme.example', company_registration_number: uen, incorparate_date: '2015-06-30',
    certification_of_incorporation: [PNG],
  },
  company_address: { street_address: '3 Temasek Avenue', city: 'Singapore', postal_code: '039190' },
  ownership_details: { representatives: [rep('1', ids[0]), rep('0', ids[1])] },
});
export const individual = (idNumber = nextIds()[0]) => ({
  business_type: 'BANKING', entity_type: 'INDIVIDUAL',
  individual_info: {
    first_name_english: 'Jane', last_name_english: 'Doe', nationality: 'SG', phone_number: '+6591234567', email_address: 'jane@example.com',
    date_of_birth: '1990-04-01', country_or_territory: 'SG', street_address: '1 Raffles Place', city: 'Singapore', state: 'SG', postal_code: '048616',
  },
  identity_verification: { identification_type: 'PASSPORT', identification_value: idNumber, identity_docs: [PNG], face_docs: [PNG] },
  expected_activity: { account_purpose: ['INVESTMENT'], banking_countries: ['SG'], banking_currencies: ['USD'], internationally: 0, turnover_monthly: 'TM001', turnover_monthly_currency: 'USD' },
  proof_documents: { proof_of_address: [PNG] },
});


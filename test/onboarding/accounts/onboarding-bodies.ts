/** Valid AF1 bodies (spec 4.14 INDIVIDUAL, payrail's COMPANY), for tests to break one field at a time. */

export const PNG = 'data:image/png;base64,iVBORw0KGgo=';

let counter = 0;
/** Two identification numbers no other body of this process uses: a number belongs to one account of a tree ("document ID already exists"). */
export const nextIds = (): [string, string] => {
  counter += 1;
  return [`E${process.pid}A${counter}`, `E${process.pid}B${counter}`];
};

export const individualBody = (name = 'Jane Doe', idNumber = nextIds()[0]) => ({
  entity_type: 'INDIVIDUAL',
  name,
  contact_details: { email: 'jane@example.com', phone: '+6591234567' },
  person_details: {
    first_name_english: 'Jane',
    last_name_english: 'Doe',
    nationality: 'SG',
    date_of_birth: '1990-04-01',
    internationally: 1,
    banking_currencies: ['USD', 'SGD'],
    banking_countries: ['SG', 'US'],
    monthly_estimated_revenue: { amount: 'TM002', currency: 'USD' },
    account_purpose: ['PERSONAL_REMITTANCE'],
    identification: { type: 'PASSPORT', id_number: idNumber, documents: { front: PNG, back: PNG } },
  },
  residential_address: { line1: '1 Raffles Place', city: 'Singapore', postal_code: '048616', country: 'SG' },
  documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }],
  tos_acceptance: { ip: '203.0.113.7', date: '2026-11-01T10:00:00Z', user_agent: 'Mozilla/5.0' },
});

const representative = (asApplicant: boolean, idNumber: string) => ({
  roles: 'DIRECTOR_BENEFICIAL_OWNER',
  first_name: 'Ada',
  last_name: 'Lim',
  nationality: 'SG',
  date_of_birth: '1980-02-29',
  share_percentage: '60',
  identification: { type: 'NATIONAL_ID', id_number: idNumber, documents: { front: PNG } },
  residential_address: { line1: '2 Orchard Road', city: 'Singapore', postal_code: '238801', country: 'SG' },
  as_applicant: asApplicant,
});

export const companyBody = (name = 'Acme Pte Ltd', ids = nextIds()) => ({
  entity_type: 'COMPANY',
  name,
  country: 'SG',
  contact_details: { email: 'ops@acme.example', phone: '+6560000000' },
  business_details: {
    legal_entity_name_english: 'Acme Private Limited',
    incorporation_date: '2015-06-30',
    registration_number: '201512345K',
    business_structure: 'LIMITED_COMPANY',
    product_description: 'Industrial widgets',
    merchant_category_code: '5065',
    estimated_worker_count: 'BS002',
    monthly_estimated_revenue: { amount: 'TM003', currency: 'SGD' },
    account_purpose: ['PAYOUT', 'CARD_ISSUING'],
  },
  registration_address: { line1: '3 Temasek Avenue', city: 'Singapore', postal_code: '039190' },
  representatives: [representative(true, ids[0]), representative(false, ids[1])],
  documents: [{ type: 'CERTIFICATE_OF_INCORPORATION', front: PNG }],
  tos_acceptance: { ip: '203.0.113.7', date: '2026-11-01T10:00:00Z', user_agent: 'Mozilla/5.0' },
});

/** A copy of `body` with the value at `path` (dot/bracket-free segments) replaced, or removed with `undefined`. */
export function withField<T extends object>(body: T, path: Array<string | number>, value: unknown): T {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as T;
}

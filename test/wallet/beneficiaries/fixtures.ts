import type { Client } from '../../support/client';

/** A complete COMPANY beneficiary paid by SWIFT to Hong Kong in USD: every rule satisfied. */
export const swiftCompany = () => ({
  entity_type: 'COMPANY',
  company_name: "Acme Trading (HK) Ltd.",
  payment_method: 'SWIFT',
  email: 'payables@acme.example',
  nickname: 'Acme HK',
  bank_details: {
    bank_name: 'HSBC Hong Kong',
    bank_address: '1 Queen\'s Road Central, Hong Kong',
    bank_country_code: 'HK',
    account_holder: 'Acme Trading (HK) Ltd.',
    account_currency_code: 'USD',
    swift_code: 'HSBCHKHHHKH',
    account_number: '004123456789',
  },
  address: { country: 'HK', city: 'Hong Kong', street_address: '18 Harbour Road', postal_code: '999077', state: 'Wan Chai' },
});

/** A COMPANY paid on the local rail in Singapore dollars to Singapore: the 2.12 exemption. */
export const sgLocal = () => ({
  entity_type: 'COMPANY',
  payment_method: 'LOCAL',
  bank_details: {
    bank_name: 'DBS Bank',
    bank_address: '12 Marina Boulevard, Singapore',
    bank_country_code: 'SG',
    account_holder: 'Lion City Pte Ltd',
    account_currency_code: 'SGD',
    account_number: '0721234567',
  },
});

/** A COMPANY in mainland China paid locally in CNH, named in Chinese with Chinese parentheses. */
export const cnLocal = () => ({
  entity_type: 'COMPANY',
  company_name: '上海星辰贸易（集团）有限公司',
  payment_method: 'LOCAL',
  bank_details: {
    bank_name: '中国工商银行上海分行',
    bank_address: '上海市浦东新区银城中路8号',
    bank_country_code: 'CN',
    account_holder: '上海星辰贸易（集团）有限公司',
    account_currency_code: 'CNH',
    clearing_system: 'CNAPS',
    account_number: '6222021001234567890',
  },
  address: { country: 'CN', city: '上海', street_address: '浦东新区世纪大道100号', postal_code: '200120', state: '上海市' },
});

export const individual = () => ({
  entity_type: 'INDIVIDUAL',
  first_name: 'Mei',
  last_name: 'Tan',
  id_number: 'S1234567D',
  payment_method: 'SWIFT',
  bank_details: {
    bank_name: 'Barclays',
    bank_address: '1 Churchill Place, London',
    bank_country_code: 'GB',
    account_holder: 'Mei Tan',
    account_currency_code: 'GBP',
    swift_code: 'BARCGB22',
    iban: 'GB82 WEST 1234 5698 7654 32',
  },
  address: { country: 'GB', city: 'London', street_address: '10 Downing Street', postal_code: 'SW1A 2AA', state: 'England', nationality: 'SG' },
});

/** Deep-ish override: `with(swiftCompany(), { bank_details: { swift_code: undefined } })`. */
export function withFields(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const current = out[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && current && typeof current === 'object') {
      out[k] = { ...(current as Record<string, unknown>), ...(v as Record<string, unknown>) };
    } else {
      out[k] = v;
    }
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

/** BeneficiaryRef: what PO4 and PO7 answer. */
export interface Ref {
  beneficiary_id: string;
  short_reference_id: string;
}

/** A beneficiary through PO4; fails the test when refused. */
export async function createBeneficiary(c: Client, body: unknown): Promise<Ref> {
  const res = await c.post<Ref>('/v1/beneficiaries', body);
  if (res.status !== 200) throw new Error(`beneficiary failed: ${res.status} ${res.raw}`);
  return res.body;
}

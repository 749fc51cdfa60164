import type { TestApp } from '../../support/app';
import { Client, clientOf } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';

/** A tenant with a client that sends its own x-client-id, as the official client does on every /v2 call. */
export interface V2Tenant {
  id: string;
  tenant: Tenant;
  c: Client;
}

export async function v2Tenant(t: TestApp, name: string): Promise<V2Tenant> {
  const tenant = await makeMaster(t.services, { name });
  const c = (await clientOf(t, tenant)).withHeaders({ 'x-client-id': tenant.clientId });
  return { id: tenant.account.id, tenant, c };
}

/** One valid BA1 body per bank_code_type rule of spec 4.3, and one that needs none. */
export const BANKS = {
  USD_US: { currency: 'USD', bank_country_code: 'US', swift_code: 'CHASUS33', bank_code_type: 'aba', bank_code_value: '021000021' },
  CAD: { currency: 'CAD', bank_country_code: 'CA', swift_code: 'ROYCCAT2', bank_code_type: 'bank_code', bank_code_value: '003', bank_branch_code: '12345' },
  HKD: { currency: 'HKD', bank_country_code: 'HK', swift_code: 'HSBCHKHH', bank_code_type: 'bank_code', bank_code_value: '004' },
  GBP: { currency: 'GBP', bank_country_code: 'GB', swift_code: 'HBUKGB4B', bank_code_type: 'sort_code', bank_code_value: '401276' },
  AUD: { currency: 'AUD', bank_country_code: 'AU', swift_code: 'CTBAAU2S', bank_code_type: 'bsb_code', bank_code_value: '062000' },
  INR: { currency: 'INR', bank_country_code: 'IN', swift_code: 'HDFCINBB', bank_code_type: 'ifsc', bank_code_value: 'HDFC0000001' },
  CNH_CN: { currency: 'CNH', bank_country_code: 'CN', swift_code: 'ICBKCNBJ', bank_code_type: 'cnaps_number', bank_code_value: '102100099996' },
  EUR_DE: { currency: 'EUR', bank_country_code: 'DE', swift_code: 'DEUTDEFFXXX' },
} as const;
export type BankKind = keyof typeof BANKS;

export const bankAccountBody = (kind: BankKind = 'USD_US', extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  account_number: '123456789012',
  bank_name: 'Settlement Bank',
  bank_address: '1 Bank Street',
  ...BANKS[kind],
  ...extra,
});

/** A bank account through BA1; fails the test when refused. */
export async function createBankAccount(c: Client, kind: BankKind = 'USD_US', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.post<{ id: string }>('/v2/payment/bankaccount/create', bankAccountBody(kind, extra));
  if (res.status !== 200) throw new Error(`bank account failed: ${res.status} ${res.raw}`);
  return res.body.id;
}

import type { TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { fundWallet } from '../../support/ledger';
import { makeMaster } from '../../support/tenants';
import type { CreatePayoutInput } from '../../support/graphql.generated';

/** The process clock's date in every payout test file (test/support/app.ts starts it there). */
export const TODAY = '2026-11-21';

/** A GraphQL createPayout input to `beneficiaryId`: 100.00 USD of wages paid TODAY, with `extra` over it. */
export const payoutInput = (beneficiaryId: string, extra: Partial<CreatePayoutInput> = {}): CreatePayoutInput => ({
  currency: 'USD',
  amount: '100.00',
  purposeCode: 'WAGES_SALARY',
  payoutReference: 'Invoice 42',
  payoutDate: TODAY,
  beneficiaryId,
  ...extra,
});

const BANKS: Record<string, Record<string, unknown>> = {
  USD_LOCAL: {
    payment_method: 'LOCAL',
    bank_details: {
      bank_name: 'First Bank', bank_address: '1 Wall St', bank_country_code: 'US', account_holder: 'Acme Supplies Inc',
      account_currency_code: 'USD', account_number: '12345678', routing_code_type1: 'aba', routing_code_value1: '021000021',
    },
  },
  EUR_SWIFT: {
    payment_method: 'SWIFT',
    bank_details: {
      bank_name: 'Deutsche Bank', bank_address: 'Taunusanlage 12, Frankfurt', bank_country_code: 'DE', account_holder: 'Acme GmbH',
      account_currency_code: 'EUR', swift_code: 'DEUTDEFFXXX', iban: 'DE89370400440532013000',
    },
  },
  INR_IFSC: {
    payment_method: 'LOCAL',
    bank_details: {
      bank_name: 'HDFC Bank', bank_address: 'Mumbai', bank_country_code: 'IN', account_holder: 'Acme India Pvt Ltd',
      account_currency_code: 'INR', account_number: '50100123456789', clearing_system: 'IFSC',
      routing_code_type1: 'ifsc', routing_code_value1: 'HDFC0000001',
    },
  },
  SGD_LOCAL: {
    payment_method: 'LOCAL',
    bank_details: {
      bank_name: 'DBS Bank', bank_address: '12 Marina Blvd', bank_country_code: 'SG', account_holder: 'Acme Pte Ltd',
      account_currency_code: 'SGD', account_number: '0123456789',
    },
  },
};
export type BankKind = keyof typeof BANKS;

/** A COMPANY beneficiary in the PO4 shape. */
export const beneficiaryBody = (kind: BankKind = 'USD_LOCAL', extra: Record<string, unknown> = {}) => ({
  entity_type: 'COMPANY',
  company_name: 'Acme Supplies',
  address: { country: 'US', city: 'New York', street_address: '1 Main St', postal_code: '10001', state: 'NY' },
  ...BANKS[kind],
  ...extra,
});

export const payoutBody = (beneficiaryId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  currency: 'USD',
  amount: '100.00',
  purpose_code: 'WAGES_SALARY',
  payout_reference: 'Invoice 42',
  payout_date: TODAY,
  beneficiary_id: beneficiaryId,
  ...extra,
});

/** A beneficiary through PO4; fails the test when refused. */
export async function createBeneficiary(c: Client, kind: BankKind = 'USD_LOCAL'): Promise<string> {
  const res = await c.post<{ beneficiary_id: string }>('/v1/beneficiaries', beneficiaryBody(kind));
  if (res.status !== 200) throw new Error(`beneficiary failed: ${res.status} ${res.raw}`);
  return res.body.beneficiary_id;
}

/** A payout through PO1; fails the test when refused. */
export async function createPayout(c: Client, body: Record<string, unknown>): Promise<string> {
  const res = await c.post<{ payout_id: string }>('/v1/payouts', body);
  if (res.status !== 200) throw new Error(`payout failed: ${res.status} ${res.raw}`);
  return res.body.payout_id;
}

/** A quote through PO11, selling `sell` of one currency for another. */
export async function createQuote(c: Client, sell: { currency: string; amount: string }, buyCurrency: string) {
  const res = await c.post<{ quote_id: string; buy_amount: number; sell_amount: number; buy_currency: string }>('/v1/conversion/quote', {
    sell_currency: sell.currency,
    sell_amount: sell.amount,
    buy_currency: buyCurrency,
    conversion_date: TODAY,
  });
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${res.raw}`);
  return res.body;
}

export interface Payer {
  id: string;
  c: Client;
  beneficiary: string;
}

/** A fresh master with a client, a USD LOCAL beneficiary and funded wallets ({USD: '1000.00'}). */
export async function payer(t: TestApp, name: string, funds: Record<string, string> = { USD: '1000.00' }): Promise<Payer> {
  const master = await makeMaster(t.services, { name });
  const c = await clientOf(t, master);
  const beneficiary = await createBeneficiary(c);
  for (const [currency, amount] of Object.entries(funds)) await fundWallet(t.services, master.account.id, currency, amount);
  return { id: master.account.id, c, beneficiary };
}

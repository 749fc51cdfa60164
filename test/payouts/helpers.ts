import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';
import { auth } from '../support/tenants';

/** The process clock's date in every payout test file (test/support/app.ts starts it there). */
export const TODAY = '2026-11-21';

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

export async function createBeneficiary(t: TestApp, token: string, kind: BankKind = 'USD_LOCAL', headers: Record<string, string> = {}): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/beneficiaries',
    headers: { ...auth(token, headers), 'x-idempotency-key': randomUUID() },
    payload: beneficiaryBody(kind),
  });
  if (res.statusCode !== 200) throw new Error(`beneficiary failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { beneficiary_id: string }).beneficiary_id;
}

export const payoutBody = (beneficiaryId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  currency: 'USD',
  amount: '100.00',
  purpose_code: 'WAGES_SALARY',
  payout_reference: 'Invoice 42',
  payout_date: TODAY,
  beneficiary_id: beneficiaryId,
  ...extra,
});

export const postPayout = (t: TestApp, token: string, body: unknown, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/payouts',
    headers: { ...auth(token, opts.headers), 'x-idempotency-key': opts.key ?? randomUUID() },
    payload: body as Record<string, unknown>,
  });

export const getJson = async (t: TestApp, token: string, url: string, headers: Record<string, string> = {}) => {
  const res = await t.inject({ method: 'GET', url, headers: auth(token, headers) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: Record<string, unknown>[] } };
};

/** Moves the acting tree's test clock forward; what falls due runs before it answers. */
export async function advance(t: TestApp, token: string, seconds: number): Promise<void> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/simulation/clock/advance',
    headers: { ...auth(token), 'x-idempotency-key': randomUUID() },
    payload: { seconds },
  });
  if (res.statusCode !== 200) throw new Error(`advance failed: ${res.statusCode} ${res.body}`);
}

/** A quote through PO11, selling `sell` of one currency for another. */
export async function createQuote(t: TestApp, token: string, sell: { currency: string; amount: string }, buyCurrency: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/conversion/quote',
    headers: { ...auth(token), 'x-idempotency-key': randomUUID() },
    payload: { sell_currency: sell.currency, sell_amount: sell.amount, buy_currency: buyCurrency, conversion_date: TODAY },
  });
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json() as { quote_id: string; buy_amount: number; sell_amount: number; buy_currency: string };
}

/** A ledger account's balance as a decimal string ("0" when it does not exist yet). */
export async function ledgerBalance(t: TestApp, accountId: string, currency: string, purpose: string): Promise<string> {
  const row = await t.db.prisma.ledgerAccount.findUnique({ where: { accountId_currency_purpose: { accountId, currency, purpose } } });
  return row ? row.balance.toFixed() : '0';
}

/** WALLET, PAYOUT_IN_FLIGHT, FEES, BANK_CLEARING and FX_CLEARING of one currency, in that order. */
export const balancesOf = async (t: TestApp, accountId: string, currency: string) =>
  Promise.all(['WALLET', 'PAYOUT_IN_FLIGHT', 'FEES', 'BANK_CLEARING', 'FX_CLEARING'].map((p) => ledgerBalance(t, accountId, currency, p)));

import type { z } from 'zod';
import type { restQuote } from '../../../src/rest-compat/wallet/fx/schemas';
import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Received } from '../../support/client';
import { fundWallet } from '../../support/ledger';
import { makeMaster } from '../../support/tenants';

/** The test clock's date (ManualClock starts at 2026-11-21T10:00:00Z). */
export const TODAY = '2026-11-21';

export type RestQuote = Received<z.output<typeof restQuote>>;

/** A PO11 body: sells 100.00 USD for SGD today unless told otherwise (undefined drops a field). */
export const quoteBody = (over: Record<string, unknown> = {}) => ({
  sell_currency: 'USD',
  buy_currency: 'SGD',
  sell_amount: '100.00',
  conversion_date: TODAY,
  ...over,
});

/** A quote through PO11; fails the test when refused. */
export async function quote(c: Client, over: Record<string, unknown> = {}): Promise<RestQuote> {
  const res = await c.post<RestQuote>('/v1/conversion/quote', quoteBody(over));
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${res.raw}`);
  return res.body;
}

/** The BT9 body that executes a quote as it was given. */
export const conversionBody = (q: RestQuote, over: Record<string, unknown> = {}) => ({
  quote_id: q.quote_id,
  sell_currency: q.sell_currency,
  buy_currency: q.buy_currency,
  conversion_date: q.conversion_date,
  sell_amount: q.sell_amount,
  buy_amount: q.buy_amount,
  ...over,
});

export interface Treasury {
  id: string;
  c: Client;
}

/** A fresh master with a client and funded wallets (`{USD: '10.00'}`); nothing funded when `funds` is empty. */
export async function treasury(t: TestApp, name: string, funds: Record<string, string> = {}): Promise<Treasury> {
  const master = await makeMaster(t.services, { name });
  for (const [currency, amount] of Object.entries(funds)) await fundWallet(t.services, master.account.id, currency, amount);
  return { id: master.account.id, c: await clientOf(t, master) };
}

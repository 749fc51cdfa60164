import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { fundWallet } from '../../support/ledger';
import { makeMaster, type Tenant } from '../../support/tenants';

/** A master with a client, its account id and `wallet` of money in each of USD and SGD (nothing on the issuing balance yet). */
export async function issuingTenant(t: TestApp, wallet = '1000.00', name = 'Issuer'): Promise<{ c: Client; tenant: Tenant; id: string }> {
  const tenant = await makeMaster(t.services, { name });
  for (const currency of ['USD', 'SGD']) await fundWallet(t.services, tenant.account.id, currency, wallet);
  return { c: await clientOf(t, tenant), tenant, id: tenant.account.id };
}

/** Moves `amount` from the acting account's wallet to its issuing balance (the funding extension). */
export async function fundIssuing(c: Client, amount: number, currency = 'USD'): Promise<Json> {
  const res = await c.post('/v1/issuing/balances/transfer_in', { currency, amount });
  if (res.status !== 200) throw new Error(`transfer_in failed: ${res.status} ${res.raw}`);
  return res.body;
}

export async function issuingBalance(c: Client, currency = 'USD'): Promise<Json> {
  const res = await c.post('/v1/issuing/balances', { currency });
  if (res.status !== 200) throw new Error(`balance failed: ${res.status} ${res.raw}`);
  return res.body;
}

import type { z } from 'zod';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import type { restVirtualAccount } from '../../../src/rest-compat/wallet/virtual-accounts/schemas';
import type { TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster } from '../../support/tenants';

export type RestVirtualAccount = z.output<typeof restVirtualAccount>;

export interface Owner {
  c: Client;
  accountId: string;
  name: string;
}

/** A fresh sandbox master of its own, so its lists start empty. */
export async function freshOwner(t: TestApp, name = 'Receiver Co'): Promise<Owner> {
  const master = await makeMaster(t.services, { name });
  return { c: await clientOf(t, master), accountId: master.account.id, name };
}

/** BT14, failing the test when refused. */
export async function openVirtualAccount(c: Client, body: Record<string, unknown>): Promise<void> {
  const res = await c.post('/v1/virtual/accounts', body);
  if (res.status !== 200) throw new Error(`open failed: ${res.status} ${res.raw}`);
}

/** Every virtual account of the caller, as BT15 lists them. */
export async function listed(c: Client, query: Record<string, string | number> = { page_size: 100 }): Promise<RestVirtualAccount[]> {
  const res = await c.get<{ data: RestVirtualAccount[] }>('/v1/virtual/accounts', query);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${res.raw}`);
  return res.body.data;
}

/** Opens an account and lets the real-clock worker activate it; answers the listed account. */
export async function openActive(t: TestApp, c: Client, body: { currency: string; payment_method?: string }): Promise<RestVirtualAccount> {
  await openVirtualAccount(c, body);
  await runDueTransitions(t.services, { realClock: true });
  const method = body.payment_method ?? 'LOCAL';
  const found = (await listed(c)).find((va) => va.currency === body.currency && va.payment_method === method && va.status === 'ACTIVE');
  if (!found) throw new Error('no active virtual account');
  return found;
}

export { depositBody } from '../deposits/fixtures';

/** ISO 13616: an IBAN is valid when its rearranged digits leave 1 modulo 97. */
export function ibanIsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  return BigInt(digits) % 97n === 1n;
}

import { runDueTransitions } from '../../src/domain/scheduler/run';
import type { TestApp } from '../support/app';
import { makeMaster, tokenFor } from '../support/tenants';
import { get, post, type Caller, type Json } from '../deposits/helpers';

export { advance, get, gql, post, type Caller, type Json } from '../deposits/helpers';

export type Owner = Caller & { accountId: string; name: string };

/** A fresh sandbox master of its own, so its lists start empty. */
export async function freshOwner(t: TestApp, name = 'Receiver Co'): Promise<Owner> {
  const master = await makeMaster(t.services, { name });
  return { t, token: await tokenFor(t, master), accountId: master.account.id, name };
}

/** BT14, failing the test when refused. */
export async function openVirtualAccount(c: Caller, body: Json): Promise<void> {
  const res = await post(c, '/v1/virtual/accounts', body);
  if (res.status !== 200) throw new Error(`open failed: ${res.status} ${res.raw}`);
}

/** Every virtual account of the caller, as BT15 lists them. */
export async function listed(c: Caller, query = 'page_size=100'): Promise<Json[]> {
  const res = await get(c, `/v1/virtual/accounts?${query}`);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${res.raw}`);
  return res.body.data as Json[];
}

/** Opens an account and lets the real-clock worker activate it; answers the listed account. */
export async function openActive(c: Caller, body: Json): Promise<Json> {
  await openVirtualAccount(c, body);
  await runDueTransitions(c.t.services, { realClock: true });
  const method = (body.payment_method as string | undefined) ?? 'LOCAL';
  const found = (await listed(c)).find((va) => va.currency === body.currency && va.payment_method === method && va.status === 'ACTIVE');
  if (!found) throw new Error('no active virtual account');
  return found;
}

/** ISO 13616: an IBAN is valid when its rearranged digits leave 1 modulo 97. */
export function ibanIsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  return BigInt(digits) % 97n === 1n;
}

import type { z } from 'zod';
import type { restApplication } from '../../../src/rest-compat/onboarding/virtual-account-applications/schemas';
import type { Client } from '../../support/client';

export type RestApplication = z.output<typeof restApplication>;

/** The official clients' application body (CreateVirtualAccountParams). */
export const applicationBody = (over: Record<string, unknown> = {}) => ({ country: 'SG', currency: 'SGD', payment_method: 'LOCAL', nickname: 'Collections', ...over });

/** BT14 with the clients' body, failing the test when refused. */
export async function apply(c: Client, body: Record<string, unknown>, key?: string): Promise<RestApplication> {
  const res = await c.post<{ data: RestApplication }>('/v1/virtual/accounts', body, key ? { key } : {});
  if (res.status !== 200) throw new Error(`apply failed: ${res.status} ${res.raw}`);
  return res.body.data;
}

export async function retrieve(c: Client, id: string): Promise<RestApplication> {
  const res = await c.get<{ data: RestApplication }>(`/v1/virtual/applications/${id}`);
  if (res.status !== 200) throw new Error(`retrieve failed: ${res.status} ${res.raw}`);
  return res.body.data;
}

/** Moves the caller's tree clock: the bank acts on what was submitted. */
export async function bankActs(c: Client): Promise<void> {
  const res = await c.post('/v1/simulation/clock/advance', { seconds: 1 }, { key: null });
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${res.raw}`);
}

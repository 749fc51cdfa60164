import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { makeMaster } from '../../support/tenants';

let seq = 0;
/** A unique phone number per call, so cardholders of one tree do not collide. */
export const freshPhone = (): string => `+65${String(80000000 + ++seq * 7 + Math.floor(Math.random() * 1000) * 1000).slice(0, 8)}`;

/** A CI14 body with the required fields and a unique email and phone; `over` replaces or (undefined) drops fields. */
export const holderBody = (over: Json = {}): Json => {
  const body: Json = {
    email: `jane.${randomUUID().slice(0, 8)}@example.com`,
    first_name: 'Jane',
    last_name: "O'Neil-Smith",
    country_code: 'SG',
    phone_number: freshPhone(),
    date_of_birth: '1990-05-17',
    ...over,
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
};

/** A fresh master of its own, so lists and uniqueness start empty. */
export async function issuer(t: TestApp, name = 'Issuer'): Promise<Client> {
  return clientOf(t, await makeMaster(t.services, { name }));
}

export async function createHolder(c: Client, over: Json = {}): Promise<Json> {
  const res = await c.post('/v1/issuing/cardholders', holderBody(over));
  if (res.status !== 200) throw new Error(`cardholder failed: ${res.status} ${res.raw}`);
  return res.body;
}

import type { z } from 'zod';
import type { restDeposit } from '../../../src/rest-compat/wallet/deposits/schemas';
import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import type { SimulateDepositInput } from '../../support/graphql.generated';
import { makeMaster } from '../../support/tenants';

export type RestDeposit = z.output<typeof restDeposit>;

/** An SI1 body (spec 4.5) with every field given; `over` replaces or (with undefined) drops fields. */
export const depositBody = (over: Json = {}): Json => ({
  amount: 100,
  currency: 'USD',
  sender_swift_code: 'HSBCHKHH',
  receiver_account_number: 'ACC123456',
  sender_account_number: '123456789',
  sender_name: 'Acme Ltd',
  sender_country: 'HK',
  ...over,
});

/** The same deposit as GraphQL simulateDeposit takes it: the amount a Decimal string. */
export const depositInput = (over: Partial<SimulateDepositInput> = {}): SimulateDepositInput => ({
  amount: '100.00',
  currency: 'USD',
  senderSwiftCode: 'HSBCHKHH',
  receiverAccountNumber: 'ACC123456',
  senderAccountNumber: '123456789',
  senderName: 'Acme Ltd',
  senderCountry: 'HK',
  ...over,
});

/** A simulated deposit through SI1; fails the test when refused. */
export async function simulateDeposit(c: Client, over: Json = {}): Promise<RestDeposit> {
  const res = await c.post<RestDeposit>('/v1/simulation/deposit', depositBody(over));
  if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${res.raw}`);
  return res.body;
}

export interface Depositor {
  c: Client;
  accountId: string;
}

/** A fresh sandbox master of its own, so its balances and lists start empty. */
export async function depositor(t: TestApp, name = 'Depositor'): Promise<Depositor> {
  const master = await makeMaster(t.services, { name });
  return { c: await clientOf(t, master), accountId: master.account.id };
}

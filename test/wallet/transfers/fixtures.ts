import type { z } from 'zod';
import { createApiKey } from '../../../src/domain/developers/keys/api-keys';
import type { Account } from '../../../src/domain/onboarding/accounts/service';
import type { restTransfer } from '../../../src/rest-compat/wallet/transfers/schemas';
import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import type { CreateTransferInput } from '../../support/graphql.generated';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';

export type RestTransfer = z.output<typeof restTransfer>;

/** A BT6 body from one account of a tree to another; `over` replaces or (with undefined) drops fields. */
export const transferBody = (source: string, target: string, over: Json = {}): Json => ({
  source_account_id: source,
  target_account_id: target,
  currency: 'USD',
  amount: '25.50',
  reason: 'Monthly allocation',
  ...over,
});

/** The same transfer as GraphQL createTransfer takes it. */
export const transferInput = (source: string, target: string, over: Partial<CreateTransferInput> = {}): CreateTransferInput => ({
  sourceAccountId: source,
  targetAccountId: target,
  currency: 'USD',
  amount: '25.50',
  reason: 'Monthly allocation',
  ...over,
});

export interface Tree {
  master: Tenant;
  subA: Account;
  subB: Account;
  /** The master's key, acting as itself; `.as(sub.id)` acts for a sub-account. */
  asMaster: Client;
}

/** A master with two sub-accounts, each tree of its own. */
export async function tree(t: TestApp, name = 'Group'): Promise<Tree> {
  const master = await makeMaster(t.services, { name });
  const subA = await makeSub(t.services, master, `${name} A`);
  const subB = await makeSub(t.services, master, `${name} B`);
  return { master, subA, subB, asMaster: await clientOf(t, master) };
}

/** A client with a key of the sub-account's own (no x-on-behalf-of). */
export async function ownKeyOf(t: TestApp, sub: Account): Promise<Client> {
  return clientOf(t, await createApiKey(t.services, { accountId: sub.id }));
}

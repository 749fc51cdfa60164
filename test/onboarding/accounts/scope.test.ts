import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { AccountPayoutsDocument, ViewerSubAccountPayoutsDocument } from '../../support/graphql.generated';
import { fundWallet } from '../../support/ledger';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { outboxSettled } from '../../support/outbox-horizon';
import { createBeneficiary, createPayout, payoutBody } from '../../wallet/payouts/fixtures';

/**
 * Scope in the graph: account(id) and the lists that hang off an Account read as that account, as
 * x-on-behalf-of would, whatever header the request carries; a foreign id answers null.
 */
let t: TestApp;
let master: Tenant;
let sub: { id: string };
let c: Client;
let masterPayout: string;
let subPayout: string;
let subBeneficiary: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Scope Master' });
  sub = await makeSub(t.services, master, 'Scope Sub');
  c = await clientOf(t, master);
  await fundWallet(t.services, master.account.id, 'USD', '1000.00');
  await fundWallet(t.services, sub.id, 'USD', '1000.00');
  masterPayout = await createPayout(c, payoutBody(await createBeneficiary(c)));
  subBeneficiary = await createBeneficiary(c.as(sub.id));
  subPayout = await createPayout(c.as(sub.id), payoutBody(subBeneficiary, { amount: '7.00' }));
});
afterAll(() => t.close());

describe('account(id)', () => {
  it("a master reads a sub-account's payouts, balances and events through account(id), nested objects read as the sub-account", async () => {
    await outboxSettled(t);
    const { data, errors } = await c.gql(AccountPayoutsDocument, { id: sub.id });
    expect(errors).toBeUndefined();
    const account = data!.account!;
    expect(account).toMatchObject({ id: sub.id, name: 'Scope Sub' });
    expect(account.payouts!.nodes.map((p) => [p.id, p.beneficiary?.id])).toEqual([[subPayout, subBeneficiary]]);
    expect(account.payouts!.totalCount).toBe(1);
    expect(account.balances!.nodes.map((b) => b.currency)).toContain('USD');
    expect(account.events!.nodes.every((e) => e.accountId === sub.id)).toBe(true);
    expect(account.events!.nodes.map((e) => e.objectId)).toContain(subPayout);
  });

  it('answers the same whatever x-on-behalf-of says: two accounts never share a path', async () => {
    const [plain, onBehalf] = await Promise.all([
      c.gql(AccountPayoutsDocument, { id: master.account.id }),
      c.as(sub.id).gql(AccountPayoutsDocument, { id: master.account.id }),
    ]);
    expect(plain.errors).toBeUndefined();
    expect(plain.data!.account!.payouts!.nodes.map((p) => p.id)).toEqual([masterPayout]);
    expect(onBehalf.data).toEqual(plain.data);
    const subAsItself = await c.as(sub.id).gql(AccountPayoutsDocument, { id: sub.id });
    expect(subAsItself.data!.account!.payouts!.nodes.map((p) => p.id)).toEqual([subPayout]);
  });

  it('answers null for an id that is neither the caller nor one of its sub-accounts', async () => {
    const stranger = await makeMaster(t.services, { name: 'Stranger' });
    const strangerSub = await makeSub(t.services, stranger, 'Stranger Sub');
    for (const id of [stranger.account.id, strangerSub.id, randomUUID(), 'not-an-id']) {
      const { data, errors } = await c.gql(AccountPayoutsDocument, { id });
      expect({ id, errors, account: data?.account }).toEqual({ id, errors: undefined, account: null });
    }
  });

  it("each sub-account's lists hang off it under viewer.subAccounts, read as that sub-account", async () => {
    const { data, errors } = await c.gql(ViewerSubAccountPayoutsDocument, {});
    expect(errors).toBeUndefined();
    const subs = data!.viewer.subAccounts.nodes;
    expect(subs.find((s) => s.id === sub.id)!.payouts!.nodes.map((p) => [p.id, p.beneficiary?.id])).toEqual([[subPayout, subBeneficiary]]);
  });
});

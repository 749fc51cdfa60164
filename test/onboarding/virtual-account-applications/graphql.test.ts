import { startTestApp, type TestApp } from '../../support/app';
import {
  ApplyForVirtualAccountsDocument,
  VirtualAccountApplicationDocument,
  VirtualAccountApplicationsDocument,
} from '../../support/graphql.generated';
import { freshOwner } from '../../wallet/virtual-accounts/fixtures';
import { bankActs, retrieve } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('virtual account applications over GraphQL', () => {
  it('applyForVirtualAccounts is the REST application: the same rules, the same application', async () => {
    const { c, accountId } = await freshOwner(t, 'Graph Co');
    const res = await c.gql(ApplyForVirtualAccountsDocument, { input: { country: 'US', currency: 'USD', nickname: 'Ops' } });
    expect(res.errors).toBeUndefined();
    const app = res.data!.applyForVirtualAccounts.virtualAccountApplication!;
    expect(app).toMatchObject({
      publicVersion: 1,
      accountId,
      directId: '0',
      country: 'US',
      currency: 'USD',
      paymentMethod: null,
      nickname: 'Ops',
      status: 'SUBMITTED',
      results: [
        { paymentMethod: 'LOCAL', status: 'SUBMITTED', virtualAccounts: [], error: null },
        { paymentMethod: 'SWIFT', status: 'SUBMITTED', virtualAccounts: [], error: null },
      ],
    });
    await bankActs(c);
    const one = await c.gql(VirtualAccountApplicationDocument, { id: app.id });
    const rest = await retrieve(c, app.id);
    expect(one.data!.virtualAccountApplication).toMatchObject({ status: rest.status, publicVersion: rest.public_version });
    expect(one.data!.virtualAccountApplication!.results.map((r) => r.virtualAccounts.map((va) => va.accountNumber))).toEqual(
      rest.results.map((r) => r.virtual_accounts.map((va) => va.account_number)),
    );
    const list = await c.gql(VirtualAccountApplicationsDocument, { filter: { status: 'COMPLETED', currency: 'USD' } });
    expect(list.data!.virtualAccountApplications.edges.map((e) => e.node.id)).toEqual([app.id]);
  });

  it('names GraphQL fields in errors, and answers an unknown id as null', async () => {
    const { c } = await freshOwner(t);
    const bad = await c.gql(ApplyForVirtualAccountsDocument, { input: { country: 'BH', currency: 'USD', paymentMethod: 'LOCAL' } });
    expect(bad.data!.applyForVirtualAccounts.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'paymentMethod': LOCAL is not available for USD in BH; use SWIFT",
      field: ['input', 'paymentMethod'],
    });
    const missing = await c.gql(VirtualAccountApplicationDocument, { id: '6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f' });
    expect(missing.errors).toBeUndefined();
    expect(missing.data!.virtualAccountApplication).toBeNull();
  });
});

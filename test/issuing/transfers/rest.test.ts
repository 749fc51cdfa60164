import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { fundWallet, ledgerBalance } from '../../support/ledger';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { fundIssuing } from '../balances/fixtures';
import { eventData } from '../../support/events';

let t: TestApp;
let master: Tenant;
let m: Client;
let subA: string;
let subB: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Tree' });
  m = await clientOf(t, master);
  subA = (await makeSub(t.services, master, 'A')).id;
  subB = (await makeSub(t.services, master, 'B')).id;
  for (const id of [master.account.id, subA, subB]) await fundWallet(t.services, id, 'USD', '1000');
  await fundIssuing(m, 500);
  await fundIssuing(m.as(subA), 100);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const B = (message: string) => ({ code: 400, message });
const issuing = (id: string) => ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE');

describe('POST /v1/issuing/transfers (CI24) and GET /v1/issuing/transfers/{id} (CI25)', () => {
  it('moves money from the master to a sub-account and answers {transfer_id, short_transaction_id}', async () => {
    const before = [await issuing(master.account.id), await issuing(subB)];
    const res = await m.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: subB, currency: 'USD', amount: 25.5, remark: 'float' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transfer_id: expect.stringMatching(UUID), short_transaction_id: expect.stringMatching(/^IT[A-Z0-9]{6}$/) });
    expect([await issuing(master.account.id), await issuing(subB)]).toEqual([String(Number(before[0]) - 25.5), String(Number(before[1]) + 25.5)]);
    const got = await m.get(`/v1/issuing/transfers/${res.body.transfer_id}`);
    expect(got.body).toEqual({
      transfer_id: res.body.transfer_id,
      short_transaction_id: res.body.short_transaction_id,
      transfer_type: 'ACCOUNT',
      source_account_id: master.account.id,
      destination_account_id: subB,
      currency: 'USD',
      amount: '25.50',
      fee_amount: '0.00',
      transfer_status: 'COMPLETED',
      create_time: '2026-11-21T10:00:00.000Z',
      complete_time: '2026-11-21T10:00:00.000Z',
      creator_id: master.account.id,
      remark: 'float',
    });
    // Both parties see it; the destination's issuing balance shows the movement.
    expect((await m.as(subB).get(`/v1/issuing/transfers/${res.body.transfer_id}`)).status).toBe(200);
    const txns = await m.as(subB).get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10, transaction_type: 'ISSUING_TRANSFER' });
    expect(txns.body.data[0]).toMatchObject({ amount: 25.5, description: 'float' });
  });

  it('lets a master move a sub-account money (as itself or on behalf of it), and a sub-account move its own', async () => {
    const asMaster = await m.post('/v1/issuing/transfers', { source_account_id: subA, destination_account_id: master.account.id, currency: 'USD', amount: 1 });
    expect(asMaster.status).toBe(200);
    const onBehalf = await m.as(subA).post('/v1/issuing/transfers', { source_account_id: subA, destination_account_id: subB, currency: 'USD', amount: 1 });
    expect(onBehalf.status).toBe(200);
  });

  it('refuses a sub-account moving its master or sibling money, and accounts outside the tree, with `Account does not exist.`', async () => {
    const a = m.as(subA);
    expect((await a.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: subA, currency: 'USD', amount: 1 })).body).toEqual(
      B('Account does not exist.'),
    );
    expect((await a.post('/v1/issuing/transfers', { source_account_id: subB, destination_account_id: subA, currency: 'USD', amount: 1 })).body).toEqual(B('Account does not exist.'));
    const stranger = await makeMaster(t.services, { name: 'Stranger' });
    expect((await m.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: stranger.account.id, currency: 'USD', amount: 1 })).body).toEqual(
      B('Account does not exist.'),
    );
    expect((await m.post('/v1/issuing/transfers', { source_account_id: 'nope', destination_account_id: subA, currency: 'USD', amount: 1 })).body).toEqual(B('Account does not exist.'));
  });

  it('refuses more than the source issuing balance holds (`Insufficient balance`), a currency without one, bad amounts, the same account twice', async () => {
    const before = await issuing(subB);
    expect((await m.post('/v1/issuing/transfers', { source_account_id: subB, destination_account_id: subA, currency: 'USD', amount: Number(before) + 0.01 })).body).toEqual(
      B('Insufficient balance'),
    );
    expect(await issuing(subB)).toBe(before);
    expect((await m.post('/v1/issuing/transfers', { source_account_id: subB, destination_account_id: subA, currency: 'EUR', amount: 1 })).body).toEqual(B('Account balance not exists'));
    for (const body of [
      { source_account_id: subB, destination_account_id: subA, currency: 'USD', amount: 0.001 },
      { source_account_id: subB, destination_account_id: subA, currency: 'USD' },
      { source_account_id: subB, destination_account_id: subB, currency: 'USD', amount: 1 },
    ]) {
      const res = await m.post('/v1/issuing/transfers', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request_error' });
    }
  });

  it('answers `Transfer does not exists` for an unknown id or one the caller is no party to', async () => {
    const res = await m.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: subB, currency: 'USD', amount: 1 });
    expect((await m.as(subA).get(`/v1/issuing/transfers/${res.body.transfer_id}`)).body).toEqual(B('Transfer does not exists'));
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Stranger2' }));
    for (const id of [res.body.transfer_id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await stranger.get(`/v1/issuing/transfers/${id}`)).body).toEqual(B('Transfer does not exists'));
    }
  });
});

describe('event payloads are the REST object (issue 11)', () => {
  it('issuing_transfer.create.succeeded carries the transfer as GET /v1/issuing/transfers/{id} answers it', async () => {
    const res = await m.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: subA, currency: 'USD', amount: 3, remark: 'event' });
    const got = await m.get(`/v1/issuing/transfers/${res.body.transfer_id}`);
    expect(await eventData(t, res.body.transfer_id, 'issuing_transfer.create.succeeded')).toEqual(got.body);
  });

  it('issuing_balance.transfer_in/out.succeeded carry the transfer as GET /v1/issuing/transfers/{id} answers it', async () => {
    for (const direction of ['in', 'out'] as const) {
      const res = await m.post(`/v1/issuing/balances/transfer_${direction}`, { currency: 'USD', amount: 2 });
      expect(res.status).toBe(200);
      const got = await m.get(`/v1/issuing/transfers/${res.body.transfer_id}`);
      expect(got.status).toBe(200);
      expect(await eventData(t, res.body.transfer_id, `issuing_balance.transfer_${direction}.succeeded`)).toEqual(got.body);
    }
  });
});

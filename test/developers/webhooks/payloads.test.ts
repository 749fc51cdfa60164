import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { eventData } from '../../support/events';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { depositBody } from '../../wallet/deposits/fixtures';
import { beneficiaryBody } from '../../wallet/payouts/fixtures';
import { transferBody } from '../../wallet/transfers/fixtures';
import { conversionBody, quote } from '../../wallet/fx/fixtures';
import { fundWallet } from '../../support/ledger';

/**
 * Issue 11: a webhook's `data` is the same object the REST door returns for that resource. Each
 * event's data is compared with the REST answer for the resource read right after the change (the
 * test app runs no worker, so nothing moves between the two).
 */
let t: TestApp;
let master: Tenant;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Payloads' });
  c = await clientOf(t, master);
  await fundWallet(t.services, master.account.id, 'USD', '1000.00');
});
afterAll(() => t.close());

test('beneficiary events carry the beneficiary as GET /v1/beneficiaries/{id} answers it', async () => {
  const created = await c.post('/v1/beneficiaries', beneficiaryBody('USD_LOCAL'));
  const id = created.body.beneficiary_id as string;
  expect(await eventData(t, id, 'beneficiary.create.succeeded')).toEqual((await c.get(`/v1/beneficiaries/${id}`)).body);

  await c.post(`/v1/beneficiaries/${id}`, { nickname: 'Renamed' });
  const after = (await c.get(`/v1/beneficiaries/${id}`)).body;
  expect(after.nickname).toBe('Renamed');
  expect(await eventData(t, id, 'beneficiary.update.succeeded')).toEqual(after);

  await c.post(`/v1/beneficiaries/${id}/delete`, {});
  const deleted = (await eventData(t, id, 'beneficiary.delete.succeeded')) as Record<string, unknown>;
  // Gone from GET once deleted: the event is the last state, with the same members as the GET answer.
  expect(Object.keys(deleted).sort()).toEqual(Object.keys(after).sort());
  expect(deleted.beneficiary_id).toBe(id);
});

test('deposit events carry the deposit as GET /v1/deposit/{id} answers it', async () => {
  const res = await c.post('/v1/simulation/deposit', depositBody());
  const id = res.body.deposit_id as string;
  const got = (await c.get(`/v1/deposit/${id}`)).body;
  expect(await eventData(t, id, 'deposit.complete.succeeded')).toEqual(got);
  const created = (await eventData(t, id, 'deposit.create.succeeded')) as Record<string, unknown>;
  expect(Object.keys(created).sort()).toEqual(Object.keys(got).sort());
  expect(created.deposit_id).toBe(id);
});

test('transfer.create.succeeded carries the transfer as GET /v1/transfer/{id} answers it', async () => {
  const sub = await makeSub(t.services, master, 'Payload sub');
  const res = await c.post('/v1/transfer', transferBody(master.account.id, sub.id));
  expect(res.status).toBe(200);
  const id = res.body.transfer_id as string;
  expect(await eventData(t, id, 'transfer.create.succeeded')).toEqual((await c.get(`/v1/transfer/${id}`)).body);
});

test('conversion.create.succeeded carries the conversion as GET /v1/conversion/{id} answers it', async () => {
  const res = await c.post('/v1/conversion', conversionBody(await quote(c)));
  expect(res.status).toBe(200);
  const id = res.body.conversion_id as string;
  expect(await eventData(t, id, 'conversion.create.succeeded')).toEqual((await c.get(`/v1/conversion/${id}`)).body);
});

test('virtual account events carry the account as the BT15 list shows it', async () => {
  const owner = await makeMaster(t.services, { name: 'Payload VA' });
  const oc = await clientOf(t, owner);
  expect((await oc.post('/v1/virtual/accounts', { currency: 'USD' })).status).toBe(200);
  const listed = async () => ((await oc.get('/v1/virtual/accounts', { page_size: 10 })).body.data as Record<string, unknown>[])[0]!;
  const opened = await listed();
  const id = opened.account_bank_id as string;
  expect(await eventData(t, id, 'virtual.account.create')).toEqual(opened);
  await runDueTransitions(t.services, { realClock: true });
  const active = await listed();
  expect(active.status).toBe('ACTIVE');
  expect(await eventData(t, id, 'virtual.account.update')).toEqual(active);
});

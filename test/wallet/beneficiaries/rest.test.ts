import { randomUUID } from 'node:crypto';
import type { Account } from '../../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type RestReply } from '../../support/client';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { cnLocal, createBeneficiary, individual, sgLocal, swiftCompany, withFields, type Ref } from './fixtures';
import { deliveredData } from '../../support/events';

/** PO5-PO10 and tenancy over REST. */

let t: TestApp;
let alpha: Tenant;
let alphaSub: Account;
let a: Client;
let b: Client;

beforeAll(async () => {
  t = await startTestApp();
  alpha = await makeMaster(t.services, { name: 'Alpha' });
  alphaSub = await makeSub(t.services, alpha, 'Alpha Shop');
  a = await clientOf(t, alpha);
  b = await clientOf(t, await makeMaster(t.services, { name: 'Beta' }));
});
afterAll(() => t.close());

const NOT_FOUND = [400, { code: 400, message: 'beneficiary not found' }];

const create = (body: unknown, c = a): Promise<Ref> => createBeneficiary(c, body);

const outcome = (res: RestReply) => [res.status, res.body];

describe('PO6 retrieve', () => {
  it('answers the catalogue record with every field', async () => {
    const ref = await create(withFields(swiftCompany(), { additional_info: { tax_id: 'HK-123' } }));
    const res = await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      beneficiary_id: ref.beneficiary_id,
      short_reference_id: ref.short_reference_id,
      entity_type: 'COMPANY',
      payment_method: 'SWIFT',
      email: 'payables@acme.example',
      nickname: 'Acme HK',
      beneficiary_status: 'ACTIVE',
      first_name: null,
      last_name: null,
      company_name: 'Acme Trading (HK) Ltd.',
      id_number: null,
      summary: 'Acme Trading (HK) Ltd., HSBC Hong Kong, USD account ending 6789',
      bank_details: {
        bank_name: 'HSBC Hong Kong',
        bank_address: "1 Queen's Road Central, Hong Kong",
        bank_country_code: 'HK',
        account_holder: 'Acme Trading (HK) Ltd.',
        account_currency_code: 'USD',
        swift_code: 'HSBCHKHHHKH',
        clearing_system: null,
        account_number: '004123456789',
        iban: null,
        routing_code_type1: null,
        routing_code_value1: null,
        routing_code_type2: null,
        routing_code_value2: null,
      },
      address: { country: 'HK', city: 'Hong Kong', street_address: '18 Harbour Road', postal_code: '999077', state: 'Wan Chai', nationality: null },
      additional_info: { organization_code: null, proxy_id: null, id_type: null, id_number: null, tax_id: 'HK-123', msisdn: null },
      create_time: '2026-11-21T10:00:00.000Z',
      update_time: '2026-11-21T10:00:00.000Z',
    });
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a malformed id', () => "1' OR '1'='1"],
  ])('answers %s as not found', async (_label, id) => {
    expect(outcome(await a.get(`/v1/beneficiaries/${encodeURIComponent(id())}`))).toEqual(NOT_FOUND);
  });
});

describe('PO5 list', () => {
  let c: Client;
  const refs: Record<string, Ref> = {};

  beforeAll(async () => {
    c = await clientOf(t, await makeMaster(t.services, { name: 'Lister' }));
    refs.acme = await create(swiftCompany(), c);
    t.clock.advance(1);
    refs.lion = await create(withFields(sgLocal(), { company_name: 'Lion City Pte Ltd', nickname: 'lion' }), c);
    t.clock.advance(1);
    refs.star = await create(cnLocal(), c);
    t.clock.advance(1);
    refs.mei = await create(withFields(individual(), { nickname: 'Mei in London' }), c);
  });

  const list = async (query: string) => {
    const res = await c.get(`/v1/beneficiaries?${query}`);
    expect(res.status).toBe(200);
    return res.body as { total_pages: number; total_items: number; data: { beneficiary_id: string }[] };
  };
  const ids = (page: { data: { beneficiary_id: string }[] }) => page.data.map((b) => b.beneficiary_id);

  it('lists newest first with {total_pages, total_items, data}', async () => {
    const page = await list('page_size=10&page_number=1');
    expect(page).toMatchObject({ total_pages: 1, total_items: 4 });
    expect(ids(page)).toEqual([refs.mei, refs.star, refs.lion, refs.acme].map((r) => r!.beneficiary_id));
  });

  it('pages with page_size and page_number', async () => {
    const second = await list('page_size=3&page_number=2');
    expect(second).toMatchObject({ total_pages: 2, total_items: 4 });
    expect(ids(second)).toEqual([refs.acme!.beneficiary_id]);
    expect((await list('page_size=3&page_number=3')).data).toEqual([]);
  });

  it('defaults to page 1 of 10 when the page parameters are absent', async () => {
    expect(await list('')).toMatchObject({ total_pages: 1, total_items: 4 });
  });

  it.each([
    ['page_size=0', "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['page_size=101', "Invalid value for field 'page_size': must be an integer from 1 to 100"],
    ['page_number=0', `Invalid value for field 'page_number': must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`],
    ['entity_type=TRUST', "Invalid value for field 'entity_type': must be one of COMPANY, INDIVIDUAL"],
    ['currency=usd', "Invalid value for field 'currency': must be a three-letter ISO 4217 code"],
  ])('refuses %s', async (query, message) => {
    expect(outcome(await c.get(`/v1/beneficiaries?${query}`))).toEqual([400, { code: 400, message }]);
  });

  it('filters by entity_type', async () => {
    expect(ids(await list('entity_type=INDIVIDUAL'))).toEqual([refs.mei!.beneficiary_id]);
  });

  it('filters by nickname, a part of it, ignoring case', async () => {
    expect(ids(await list('nickname=LION'))).toEqual([refs.lion!.beneficiary_id]);
    expect(ids(await list('nickname=london'))).toEqual([refs.mei!.beneficiary_id]);
  });

  it("filters by the bank account's currency", async () => {
    expect(ids(await list('currency=CNH'))).toEqual([refs.star!.beneficiary_id]);
    expect(await list('currency=JPY')).toEqual({ total_pages: 0, total_items: 0, data: [] });
  });

  it('filters by company_name, a part of it, ignoring case, Chinese included', async () => {
    expect(ids(await list('company_name=acme%20trading'))).toEqual([refs.acme!.beneficiary_id]);
    expect(ids(await list(`company_name=${encodeURIComponent('（集团）')}`))).toEqual([refs.star!.beneficiary_id]);
  });

  it('combines filters', async () => {
    expect(ids(await list('entity_type=COMPANY&currency=SGD&company_name=lion'))).toEqual([refs.lion!.beneficiary_id]);
    expect((await list('entity_type=INDIVIDUAL&currency=SGD')).total_items).toBe(0);
  });
});

describe('PO7 update', () => {
  it('changes only the fields sent and answers the BeneficiaryRef', async () => {
    const ref = await create(swiftCompany());
    const res = await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { nickname: 'Acme (main)', email: 'ap@acme.example' });
    expect(outcome(res)).toEqual([200, ref]);
    const stored = (await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body;
    expect(stored).toMatchObject({ nickname: 'Acme (main)', email: 'ap@acme.example', company_name: 'Acme Trading (HK) Ltd.' });
  });

  it('merges nested objects field by field', async () => {
    const ref = await create(swiftCompany());
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { bank_details: { account_number: '004999999999' }, address: { city: 'Kowloon' } });
    const stored = (await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body;
    expect(stored).toMatchObject({
      bank_details: { account_number: '004999999999', swift_code: 'HSBCHKHHHKH', bank_name: 'HSBC Hong Kong' },
      address: { city: 'Kowloon', street_address: '18 Harbour Road' },
      summary: 'Acme Trading (HK) Ltd., HSBC Hong Kong, USD account ending 9999',
    });
  });

  it('clears an optional field sent as null', async () => {
    const ref = await create(swiftCompany());
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { nickname: null });
    expect((await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body).toMatchObject({ nickname: null });
  });

  it('re-validates the merged beneficiary as a whole', async () => {
    const ref = await create(sgLocal());
    // SWIFT now applies to a beneficiary stored without a swift_code.
    expect(outcome(await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { payment_method: 'SWIFT' }))).toEqual([
      400,
      { code: 400, message: "Field 'bank_details.swift_code' is required" },
    ]);
    // Leaving SG/SGD ends the exemption.
    const moved = { payment_method: 'SWIFT', bank_details: { bank_country_code: 'MY', swift_code: 'DBSSSGSG' } };
    expect(outcome(await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, moved))).toEqual([
      400,
      { code: 400, message: "Field 'company_name' is required" },
    ]);
    const stored = (await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body;
    expect(stored).toMatchObject({ payment_method: 'LOCAL', bank_details: { bank_country_code: 'SG' } });
  });

  it('applies the field rules to the fields sent', async () => {
    const ref = await create(swiftCompany());
    expect(outcome(await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { company_name: '星辰' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'company_name': with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed" },
    ]);
  });

  it('switches entity_type when the new variant is complete', async () => {
    const ref = await create(swiftCompany());
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { entity_type: 'INDIVIDUAL', first_name: 'Ann', last_name: 'Lee' });
    const stored = (await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body;
    expect(stored).toMatchObject({ entity_type: 'INDIVIDUAL', first_name: 'Ann', last_name: 'Lee', company_name: null });
  });

  it('refuses a body that is not an object', async () => {
    const ref = await create(swiftCompany());
    expect(outcome(await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, ['x']))).toEqual([
      400,
      { code: 400, message: "Invalid type for field 'body'" },
    ]);
  });

  it('answers an unknown id as not found', async () => {
    expect(outcome(await a.post(`/v1/beneficiaries/${randomUUID()}`, { nickname: 'x' }))).toEqual(NOT_FOUND);
  });
});

describe('PO8 delete', () => {
  it('answers {} and the beneficiary is then not retrievable, not listed, not updatable, not deletable', async () => {
    const c = await clientOf(t, await makeMaster(t.services, { name: 'Deleter' }));
    const kept = await create(swiftCompany(), c);
    const gone = await create(individual(), c);
    expect(outcome(await c.post(`/v1/beneficiaries/${gone.beneficiary_id}/delete`, {}))).toEqual([200, {}]);
    expect(outcome(await c.get(`/v1/beneficiaries/${gone.beneficiary_id}`))).toEqual(NOT_FOUND);
    const page = (await c.get('/v1/beneficiaries?page_size=10&page_number=1')).body as { total_items: number; data: { beneficiary_id: string }[] };
    expect([page.total_items, page.data.map((d) => d.beneficiary_id)]).toEqual([1, [kept.beneficiary_id]]);
    expect(outcome(await c.post(`/v1/beneficiaries/${gone.beneficiary_id}`, { nickname: 'back' }))).toEqual(NOT_FOUND);
    expect(outcome(await c.post(`/v1/beneficiaries/${gone.beneficiary_id}/delete`, {}))).toEqual(NOT_FOUND);
  });

  it('keeps the row as DELETED (payouts made to it keep their beneficiary)', async () => {
    const ref = await create(swiftCompany());
    t.clock.advance(5);
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}/delete`, {});
    const row = await t.db.prisma.beneficiary.findUnique({ where: { id: ref.beneficiary_id } });
    expect(row).toMatchObject({ status: 'DELETED', deletedAt: t.clock.now() });
  });

  it('answers a malformed id as not found', async () => {
    expect(outcome(await a.post('/v1/beneficiaries/not-a-uuid/delete', {}))).toEqual(NOT_FOUND);
  });
});

describe('tenancy', () => {
  it("answers another tenant's beneficiary exactly as an unknown one", async () => {
    const ref = await create(swiftCompany());
    const unknown = randomUUID();
    for (const id of [ref.beneficiary_id, unknown]) {
      expect(outcome(await b.get(`/v1/beneficiaries/${id}`))).toEqual(NOT_FOUND);
      expect(outcome(await b.post(`/v1/beneficiaries/${id}`, { nickname: 'mine' }))).toEqual(NOT_FOUND);
      expect(outcome(await b.post(`/v1/beneficiaries/${id}/delete`, {}))).toEqual(NOT_FOUND);
    }
    expect((await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body).toMatchObject({ nickname: 'Acme HK' });
  });

  it("keeps another tenant's beneficiaries out of lists and checks", async () => {
    const beta = (await b.get('/v1/beneficiaries?company_name=acme')).body as { total_items: number };
    expect(beta.total_items).toBe(0);
  });

  it('creates in the sub-account named by x-on-behalf-of, visible only with that header', async () => {
    const onBehalf = a.as(alphaSub.id);
    const ref = await create(withFields(swiftCompany(), { nickname: 'for the shop' }), onBehalf);
    expect((await onBehalf.get(`/v1/beneficiaries/${ref.beneficiary_id}`)).body).toMatchObject({ nickname: 'for the shop' });
    expect(outcome(await a.get(`/v1/beneficiaries/${ref.beneficiary_id}`))).toEqual(NOT_FOUND);
    const masterList = (await a.get('/v1/beneficiaries?nickname=for%20the%20shop')).body as { total_items: number };
    const subList = (await onBehalf.get('/v1/beneficiaries?nickname=for%20the%20shop')).body as { total_items: number };
    expect([masterList.total_items, subList.total_items]).toEqual([0, 1]);
    const row = await t.db.prisma.beneficiary.findUnique({ where: { id: ref.beneficiary_id } });
    expect(row?.accountId).toBe(alphaSub.id);
  });
});

describe('idempotency and events', () => {
  it('replays a create retried with its key: one beneficiary', async () => {
    const key = randomUUID();
    const send = () => a.post('/v1/beneficiaries', cnLocal(), { key });
    const before = await t.db.prisma.beneficiary.count({ where: { accountId: alpha.account.id } });
    const first = await send();
    const again = await send();
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.db.prisma.beneficiary.count({ where: { accountId: alpha.account.id } })).toBe(before + 1);
  });

  it('writes a BENEFICIARY event for create, update and delete', async () => {
    const ref = await create(swiftCompany());
    t.clock.advance(1);
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}`, { nickname: 'renamed' });
    t.clock.advance(1);
    await a.post(`/v1/beneficiaries/${ref.beneficiary_id}/delete`, {});
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: ref.beneficiary_id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => [e.eventType, e.eventName, e.accountId, (deliveredData(e) as { beneficiary_status: string }).beneficiary_status])).toEqual([
      ['BENEFICIARY', 'beneficiary.create.succeeded', alpha.account.id, 'ACTIVE'],
      ['BENEFICIARY', 'beneficiary.update.succeeded', alpha.account.id, 'ACTIVE'],
      ['BENEFICIARY', 'beneficiary.delete.succeeded', alpha.account.id, 'DELETED'],
    ]);
  });

  it('writes nothing for a refused create', async () => {
    const before = await t.db.prisma.outboxEvent.count();
    await a.post('/v1/beneficiaries', withFields(swiftCompany(), { company_name: undefined }));
    expect(await t.db.prisma.outboxEvent.count()).toBe(before);
  });
});

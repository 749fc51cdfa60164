import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { eventData } from '../../support/events';
import { CloseVirtualAccountDocument } from '../../support/graphql.generated';
import { makeMaster, makeSub } from '../../support/tenants';
import { freshOwner, listed } from '../../wallet/virtual-accounts/fixtures';
import { apply, applicationBody, bankActs, retrieve } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("POST /v1/virtual/accounts with the official clients' body (an application)", () => {
  it('answers the SUBMITTED application; the bank then opens the account, which BT15 lists', async () => {
    const { c, accountId } = await freshOwner(t, 'Lion City Ltd');
    const submitted = await apply(c, applicationBody());
    expect(submitted).toEqual({
      application_id: expect.stringMatching(UUID),
      public_version: 1,
      account_id: accountId,
      direct_id: '0',
      country: 'SG',
      currency: 'SGD',
      status: 'SUBMITTED',
      payment_method: 'LOCAL',
      nickname: 'Collections',
      results: [{ payment_method: 'LOCAL', status: 'SUBMITTED', virtual_accounts: [], error: null }],
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
    });
    expect(await listed(c)).toEqual([]);
    await bankActs(c);
    const done = await retrieve(c, submitted.application_id);
    expect(done).toMatchObject({ status: 'COMPLETED', public_version: 2 });
    const [issued] = await listed(c);
    expect(done.results).toEqual([
      {
        payment_method: 'LOCAL',
        status: 'COMPLETED',
        error: null,
        virtual_accounts: [
          {
            account_bank_id: issued!.account_bank_id,
            account_holder: 'Lion City Ltd',
            account_number: issued!.account_number,
            country_code: 'SG',
            currency: 'SGD',
            bank_name: 'Payrail Sandbox Bank',
            bank_address: '1 Sandbox Street, Singapore, SG',
            clearing_system: { type: 'FAST', value: '7991' },
            status: 'ACTIVE',
            close_reason: '',
          },
        ],
      },
    ]);
    expect(issued).toMatchObject({ status: 'ACTIVE', payment_method: 'LOCAL', currency: 'SGD' });
  });

  it('evaluates LOCAL and SWIFT without a payment_method: LOCAL outside the currency\'s home is SKIPPED, SWIFT is at the branch in the country', async () => {
    const { c } = await freshOwner(t);
    const submitted = await apply(c, { country: 'BH', currency: 'USD', payment_method: null, nickname: '' });
    expect(submitted.results).toEqual([
      {
        payment_method: 'LOCAL',
        status: 'SKIPPED',
        virtual_accounts: [],
        error: { code: 'VIRTUAL_ACCOUNT_LOCAL_NOT_AVAILABLE', message: 'LOCAL is not available for USD in BH; use SWIFT' },
      },
      { payment_method: 'SWIFT', status: 'SUBMITTED', virtual_accounts: [], error: null },
    ]);
    expect(submitted).toMatchObject({ payment_method: null, nickname: null });
    await bankActs(c);
    const done = await retrieve(c, submitted.application_id);
    expect(done.status).toBe('COMPLETED');
    expect(done.results[1]!.virtual_accounts[0]).toMatchObject({
      country_code: 'BH',
      currency: 'USD',
      bank_address: '1 Sandbox Street, Manama, BH',
      clearing_system: { type: 'SWIFT', value: 'PRSBBHBM' },
    });
  });

  it('refuses synchronously, creating nothing: a country without a branch, LOCAL asked outside the home country, a slot already taken', async () => {
    const { c, accountId } = await freshOwner(t);
    const refused = async (body: Record<string, unknown>) => {
      const res = await c.post('/v1/virtual/accounts', body);
      return [res.status, res.body];
    };
    expect(await refused(applicationBody({ country: 'FR', currency: 'EUR' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'country': the sandbox bank has no branch in FR" },
    ]);
    expect(await refused(applicationBody({ country: 'BH', currency: 'USD' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'payment_method': LOCAL is not available for USD in BH; use SWIFT" },
    ]);
    expect(await refused(applicationBody({ country: 'sg' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'country': must be an ISO 3166-1 alpha-2 country code in upper case" },
    ]);
    expect(await refused(applicationBody({ payment_method: 'ACH' }))).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'payment_method': must be one of LOCAL, SWIFT" },
    ]);
    await apply(c, applicationBody());
    // The slot is held while the application waits for the bank, for both ways of opening.
    expect(await refused(applicationBody())).toEqual([400, { code: 400, message: 'A SGD virtual account with payment_method LOCAL is already open' }]);
    expect(await refused({ currency: 'SGD' })).toEqual([400, { code: 400, message: 'A SGD virtual account with payment_method LOCAL is already open' }]);
    // Both methods, LOCAL taken and SWIFT free: SWIFT goes on, LOCAL is skipped with its reason.
    const both = await apply(c, applicationBody({ payment_method: undefined }));
    expect(both.results.map((r) => [r.payment_method, r.status, r.error?.code ?? null])).toEqual([
      ['LOCAL', 'SKIPPED', 'VIRTUAL_ACCOUNT_ALREADY_OPEN'],
      ['SWIFT', 'SUBMITTED', null],
    ]);
    // Now neither is free: refused with the first reason.
    expect(await refused(applicationBody({ payment_method: '' }))).toEqual([400, { code: 400, message: 'A SGD virtual account with payment_method LOCAL is already open' }]);
    expect(await t.db.prisma.virtualAccountApplication.count({ where: { accountId } })).toBe(2);
  });

  it('fails methods by the sandbox test values: FAILED, PARTIALLY_COMPLETED', async () => {
    const { c } = await freshOwner(t);
    const failed = await apply(c, applicationBody({ nickname: 'SIMULATE-FAILED' }));
    const partial = await apply(c, { country: 'GB', currency: 'GBP', nickname: 'ops SIMULATE-FAILED-SWIFT' });
    await bankActs(c);
    expect(await retrieve(c, failed.application_id)).toMatchObject({
      status: 'FAILED',
      results: [{ payment_method: 'LOCAL', status: 'FAILED', virtual_accounts: [], error: { code: 'VA_PROVISIONING_FAILED', message: 'Virtual account provisioning failed' } }],
    });
    const p = await retrieve(c, partial.application_id);
    expect(p.status).toBe('PARTIALLY_COMPLETED');
    expect(p.results.map((r) => [r.payment_method, r.status, r.virtual_accounts.length])).toEqual([
      ['LOCAL', 'COMPLETED', 1],
      ['SWIFT', 'FAILED', 0],
    ]);
    // A failed method frees its slot.
    expect((await c.post('/v1/virtual/accounts', applicationBody())).status).toBe(200);
  });

  it('records the clients\' events with the application as data, source_id its id, public_version rising; closing reports it CLOSED', async () => {
    const { c } = await freshOwner(t);
    const submitted = await apply(c, applicationBody());
    expect(await eventData(t, submitted.application_id, 'virtual.account.create')).toEqual(submitted);
    await bankActs(c);
    const done = await retrieve(c, submitted.application_id);
    expect(await eventData(t, submitted.application_id, 'virtual.account.update')).toEqual(done);
    const accountBankId = done.results[0]!.virtual_accounts[0]!.account_bank_id;
    // Closing is payrail's GraphQL extension (the clients have no close call).
    const closed = await c.gql(CloseVirtualAccountDocument, { input: { id: accountBankId, reason: 'no longer needed' } });
    expect(closed.errors).toBeUndefined();
    const after = await retrieve(c, submitted.application_id);
    expect(after).toMatchObject({ status: 'CLOSED', public_version: 3 });
    expect(after.results[0]).toMatchObject({ status: 'CLOSED', virtual_accounts: [{ status: 'CLOSED', close_reason: 'no longer needed' }] });
    expect(await eventData(t, submitted.application_id, 'virtual.account.closed')).toEqual(after);
    // An application's account is reported through its application only.
    expect(await t.db.prisma.outboxEvent.count({ where: { sourceId: accountBankId } })).toBe(0);
  });

  it('takes the clients\' opaque idempotency key: a replay is the same application; the key is the account\'s own', async () => {
    const { c, accountId } = await freshOwner(t);
    const other = await freshOwner(t, 'Other Co');
    const first = await c.post('/v1/virtual/accounts', applicationBody(), { key: 'merchant-va-application-42' });
    const again = await c.post('/v1/virtual/accounts', applicationBody(), { key: 'merchant-va-application-42' });
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.db.prisma.virtualAccountApplication.count({ where: { accountId } })).toBe(1);
    // Another tenant choosing the same words has its own key.
    expect((await other.c.post('/v1/virtual/accounts', applicationBody(), { key: 'merchant-va-application-42' })).status).toBe(200);
    expect((await c.post('/v1/virtual/accounts', applicationBody({ currency: 'USD', country: 'US' }), { key: 'x'.repeat(64) })).status).toBe(200);
    const tooLong = await c.post('/v1/virtual/accounts', applicationBody({ currency: 'GBP', country: 'GB' }), { key: 'x'.repeat(65) });
    expect([tooLong.status, tooLong.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
    const otherBody = await c.post('/v1/virtual/accounts', applicationBody({ nickname: 'changed' }), { key: 'merchant-va-application-42' });
    expect([otherBody.status, otherBody.body.message]).toEqual([400, expect.stringMatching(/^Idempotency key error/)]);
  });

  it('is sandbox-only', async () => {
    const { createMasterAccount } = await import('../../../src/domain/onboarding/accounts/service');
    const { key } = await createMasterAccount(t.services, { name: 'Live Co', isSandbox: false });
    const live = await clientOf(t, { clientId: key.clientId, apiKey: key.apiKey });
    const res = await live.post('/v1/virtual/accounts', applicationBody());
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Virtual accounts are only available for sandbox accounts' }]);
  });
});

describe('GET /v1/virtual/applications and /v1/virtual/applications/{id}', () => {
  it('lists the acting account\'s applications newest first, as summaries, filtered by status, country and currency in either case', async () => {
    const { c, accountId } = await freshOwner(t);
    const sg = await apply(c, applicationBody());
    await bankActs(c);
    const gb = await apply(c, { country: 'GB', currency: 'GBP', payment_method: 'SWIFT' });
    const page = await c.get('/v1/virtual/applications', { page_number: 1, page_size: 10 });
    expect(page.body).toEqual({
      total_pages: 1,
      total_items: 2,
      data: [
        { application_id: gb.application_id, public_version: 1, account_id: accountId, direct_id: '0', country: 'GB', currency: 'GBP', status: 'SUBMITTED', created_at: '2026-11-21T10:00:01.000Z' },
        { application_id: sg.application_id, public_version: 2, account_id: accountId, direct_id: '0', country: 'SG', currency: 'SGD', status: 'COMPLETED', created_at: '2026-11-21T10:00:00.000Z' },
      ],
    });
    const ids = async (query: Record<string, string | number>) =>
      ((await c.get<{ data: { application_id: string }[] }>('/v1/virtual/applications', { page_number: 1, page_size: 10, ...query })).body.data).map((a) => a.application_id);
    expect(await ids({ country: 'sg', currency: 'sgd' })).toEqual([sg.application_id]);
    expect(await ids({ status: 'COMPLETED' })).toEqual([sg.application_id]);
    await bankActs(c);
    expect(await ids({ status: 'COMPLETED' })).toEqual([gb.application_id, sg.application_id]);
    const bad = await c.get('/v1/virtual/applications', { status: 'DONE' });
    expect([bad.status, bad.body]).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'status': must be one of SUBMITTED, PARTIALLY_COMPLETED, COMPLETED, FAILED, CLOSED" },
    ]);
  });

  it("answers another tenant's, an unknown or a malformed id alike; a sub-account's application names its main account", async () => {
    const master = await makeMaster(t.services, { name: 'Parent Co' });
    const sub = await makeSub(t.services, master, 'Child Co');
    const asMaster = await clientOf(t, master);
    const made = await apply(asMaster.as(sub.id), applicationBody());
    expect(made).toMatchObject({ account_id: sub.id, direct_id: master.account.id });
    const stranger = await freshOwner(t);
    const notFound = { code: 400, message: 'Virtual account application not found' };
    for (const id of [made.application_id, '6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f', 'not-an-id']) {
      const res = await stranger.c.get(`/v1/virtual/applications/${id}`);
      expect([res.status, res.body]).toEqual([400, notFound]);
    }
    // The master acting as itself is another account: it sees its own applications only.
    expect((await asMaster.get(`/v1/virtual/applications/${made.application_id}`)).body).toEqual(notFound);
    expect((await asMaster.as(sub.id).get(`/v1/virtual/applications/${made.application_id}`)).status).toBe(200);
  });
});

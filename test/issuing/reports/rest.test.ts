import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { fundWallet } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize } from '../transactions/fixtures';
import { fundIssuing } from '../balances/fixtures';
import { around, cardTransactionCells, createReport, parseCsv, rowsOf } from './fixtures';
import { deliveredData } from '../../support/events';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });
const B = (message: string) => ({ code: 400, message });

const CARD_COLUMNS = Object.keys(cardTransactionCells({ merchant_data: {} }));

/**
 * A fresh issuer with one card and real card transactions made through SI2 + clearing + refund:
 * a cleared authorization at a merchant whose name holds `,` and `"`, a refund of part of it, and
 * an authorization left on hold. The CI22 list (newest first) comes back with them.
 */
async function cardActivity(): Promise<{ me: Client; cardId: string; window: { start: string; end: string }; listed: Json[] }> {
  const me = await issuer(t, 'Report issuer');
  const { cardId } = await activeCard(t, me, '500.00');
  const paid = await authorize(me, cardId, { transaction_amount: 40, merchant_name: 'Joe\'s "Best", Cafe' });
  const clearing = await me.post('/v1/simulation/issuing/clearing', { transaction_id: paid.transaction_id });
  expect(clearing.status).toBe(200);
  const refund = await me.post('/v1/simulation/issuing/refund', { transaction_id: paid.transaction_id, amount: 15 });
  expect(refund.status).toBe(200);
  await authorize(me, cardId, { transaction_amount: 7, merchant_name: 'Held Shop' });
  const list = await me.get('/v1/issuing/transactions', { page_number: 1, page_size: 100 });
  expect(list.status).toBe(200);
  return { me, cardId, window: around(paid.transaction_time as string), listed: list.body.data as Json[] };
}

describe('POST /v1/issuing/reports (CI26) and GET /v1/issuing/reports/{id} (CI27)', () => {
  it('SETTLEMENT: answers {report_id}; the download is a CSV of the approved clearings and refunds in CI22 order, with the REST field names', async () => {
    const { me, window, listed } = await cardActivity();
    const res = await me.post('/v1/issuing/reports', { report_type: 'SETTLEMENT', start_time: window.start, end_time: window.end });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['report_id']);

    const file = await me.get(`/v1/issuing/reports/${res.body.report_id}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const stamp = (s: string) => new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="SETTLEMENT_${stamp(window.start)}_${stamp(window.end)}.csv"`);

    const { header } = parseCsv(file.raw);
    expect(header).toEqual(CARD_COLUMNS);
    const settled = listed.filter((x) => x.transaction_type === 'CLEARING' || x.transaction_type === 'REFUND');
    expect(settled.map((x) => x.transaction_type).sort()).toEqual(['CLEARING', 'REFUND']);
    expect(rowsOf(file.raw)).toEqual(settled.map(cardTransactionCells));
    // The authorization a clearing settles is named, and the merchant's name survives its comma and quotes.
    const clearing = rowsOf(file.raw).find((r) => r.transaction_type === 'CLEARING')!;
    expect(clearing.original_transaction_id).toBe(listed.find((x) => x.transaction_type === 'AUTHORIZATION' && x.billing_amount === 40)!.transaction_id);
    expect(clearing['merchant_data.name']).toBe('Joe\'s "Best", Cafe');
    expect(file.raw).toContain('"Joe\'s ""Best"", Cafe"');
  });

  it('TRANSACTION: every card transaction of the window, as CI22 lists them; a window before them is an empty report (the header alone)', async () => {
    const { me, window, listed } = await cardActivity();
    const id = await createReport(me, 'transaction', window.start, window.end);
    const file = await me.get(`/v1/issuing/reports/${id}`);
    expect(rowsOf(file.raw)).toEqual(listed.map(cardTransactionCells));
    expect(listed.map((x) => x.transaction_type).sort()).toEqual(['AUTHORIZATION', 'AUTHORIZATION', 'CLEARING', 'REFUND']);

    const before = await createReport(me, 'TRANSACTION', '2020-01-01', '2020-01-31');
    const empty = await me.get(`/v1/issuing/reports/${before}`);
    expect(empty.raw).toBe(`${CARD_COLUMNS.join(',')}\n`);
  });

  it('BALANCE: the issuing balance transactions of CI21 in the window, same order and values; negative amounts stay plain numbers', async () => {
    const { c } = await (async () => {
      const tenant = await makeMaster(t.services, { name: 'Balance reporter' });
      await fundWallet(t.services, tenant.account.id, 'USD', '1000.00');
      return { c: await clientOf(t, tenant) };
    })();
    const funded = await fundIssuing(c, 300);
    await c.post('/v1/issuing/balances/transfer_out', { currency: 'USD', amount: 120.5 });
    const listed = (await c.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 100 })).body.data as Json[];
    expect(listed).toHaveLength(2);
    const window = around(funded.create_time as string);
    const file = await c.get(`/v1/issuing/reports/${await createReport(c, 'BALANCE', window.start, window.end)}`);
    const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
    expect(parseCsv(file.raw).header).toEqual([
      'transaction_id', 'short_transaction_id', 'account_id', 'balance_id', 'transaction_type', 'transaction_status',
      'currency', 'amount', 'ending_balance', 'description', 'create_time', 'complete_time',
    ]);
    expect(rowsOf(file.raw)).toEqual(listed.map((x) => Object.fromEntries(parseCsv(file.raw).header.map((h) => [h, text(x[h])]))));
    expect(rowsOf(file.raw).map((r) => r.amount).sort()).toEqual(['-120.5', '300']);
    expect(file.raw).toMatch(/,-120\.5,/);
  });

  it('prefixes a text cell starting with =, +, -, @ with a quote (OWASP CSV injection)', async () => {
    const me = await issuer(t, 'Injection issuer');
    const { cardId } = await activeCard(t, me, '500.00');
    const names = ['=HYPERLINK("http://x.example","y")', '+1+2', '-3+4', '@SUM(A1)'];
    let first = '';
    for (const merchant_name of names) {
      const auth = await authorize(me, cardId, { transaction_amount: 1, merchant_name });
      first ||= auth.transaction_time as string;
    }
    const window = around(first);
    const rows = rowsOf((await me.get(`/v1/issuing/reports/${await createReport(me, 'TRANSACTION', window.start, window.end)}`)).raw);
    expect(rows.map((r) => r['merchant_data.name']).sort()).toEqual(names.map((n) => `'${n}`).sort());
  });

  it('keeps the snapshot it took at creation: later transactions do not change a downloaded report', async () => {
    const { me, cardId, window } = await cardActivity();
    const id = await createReport(me, 'TRANSACTION', window.start, window.end);
    const before = (await me.get(`/v1/issuing/reports/${id}`)).raw;
    await authorize(me, cardId, { transaction_amount: 3 });
    expect((await me.get(`/v1/issuing/reports/${id}`)).raw).toBe(before);
    expect(rowsOf(before)).toHaveLength(4);
    const row = (await t.db.prisma.issuingReport.findUnique({ where: { id } }))!;
    expect([row.status, row.rowCount]).toEqual(['COMPLETED', 4]);
  });

  it('writes issuing_report.create.succeeded (ISSUING) for the acting account', async () => {
    const { me, window } = await cardActivity();
    const id = await createReport(me, 'SETTLEMENT', window.start, window.end);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id } });
    expect(events.map((e) => [e.eventName, e.eventType])).toEqual([['issuing_report.create.succeeded', 'ISSUING']]);
    expect(deliveredData(events[0]!)).toMatchObject({ report_id: id, report_type: 'SETTLEMENT', row_count: 2 });
  });
});

describe('CI26 idempotency', () => {
  it('replays the same {report_id} for a repeated x-idempotency-key and stores one report', async () => {
    const me = await issuer(t, 'Idempotent reporter');
    const body = { report_type: 'SETTLEMENT', start_time: '2026-01-01', end_time: '2026-01-02' };
    const first = await me.post('/v1/issuing/reports', body, { key: 'report-key-1' });
    const again = await me.post('/v1/issuing/reports', body, { key: 'report-key-1' });
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const accountId = (await t.db.prisma.issuingReport.findUnique({ where: { id: first.body.report_id as string } }))!.accountId;
    expect(await t.db.prisma.issuingReport.count({ where: { accountId } })).toBe(1);
  });
});

describe('CI26 rules', () => {
  let me: Client;
  beforeAll(async () => {
    me = await issuer(t, 'Rules issuer');
  });
  const create = (body: Json) => me.post('/v1/issuing/reports', body);

  it('refuses an unknown report_type', async () => {
    const res = await create({ report_type: 'PAYROLL', start_time: '2026-01-01', end_time: '2026-01-02' });
    expect([res.status, res.body]).toEqual([400, invalid("Invalid value for field 'report_type': must be one of SETTLEMENT, TRANSACTION, BALANCE")]);
  });

  it('requires report_type, start_time and end_time', async () => {
    for (const field of ['report_type', 'start_time', 'end_time']) {
      const body: Json = { report_type: 'SETTLEMENT', start_time: '2026-01-01', end_time: '2026-01-02' };
      delete body[field];
      expect((await create(body)).body).toEqual(invalid(`Field '${field}' is required`));
    }
  });

  it('takes times as the issuing lists do: RFC 3339 or YYYY-MM-DD, nothing else', async () => {
    const res = await create({ report_type: 'SETTLEMENT', start_time: '01/02/2026', end_time: '2026-01-02' });
    expect(res.body).toEqual(invalid("Invalid value for field 'start_time': must be an RFC 3339 date-time or a YYYY-MM-DD date"));
    expect((await create({ report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00+08:00', end_time: '2026-01-01T12:00:00Z' })).status).toBe(200);
  });

  it('requires start_time before end_time', async () => {
    const at = '2026-01-01T00:00:00Z';
    for (const [start_time, end_time] of [[at, at], ['2026-01-02T00:00:00Z', at]]) {
      expect((await create({ report_type: 'SETTLEMENT', start_time, end_time })).body).toEqual(invalid("Invalid value for field 'end_time': must be after 'start_time'"));
    }
  });

  it('covers at most 366 days', async () => {
    const tooLong = invalid("Invalid value for field 'end_time': the window may span at most 366 days");
    // Whole UTC days: 2026-01-01 to 2027-01-01 are 366 days, to 2027-01-02 are 367.
    expect((await create({ report_type: 'SETTLEMENT', start_time: '2026-01-01', end_time: '2027-01-02' })).body).toEqual(tooLong);
    expect((await create({ report_type: 'SETTLEMENT', start_time: '2026-01-01', end_time: '2027-01-01' })).status).toBe(200);
    // Instants: exactly 366 days is allowed, a millisecond more is not.
    expect((await create({ report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00Z', end_time: '2027-01-02T00:00:00Z' })).status).toBe(200);
    expect((await create({ report_type: 'SETTLEMENT', start_time: '2026-01-01T00:00:00Z', end_time: '2027-01-02T00:00:00.001Z' })).body).toEqual(tooLong);
  });
});

describe('CI27 visibility', () => {
  it('answers `Report does not exist` (envelope B) for an unknown or malformed id and for another tenant\'s report', async () => {
    const me = await issuer(t, 'Owner');
    const id = await createReport(me, 'SETTLEMENT', '2026-01-01', '2026-01-02');
    const stranger = await issuer(t, 'Stranger');
    for (const [who, ref] of [[stranger, id], [me, 'nope'], [me, '00000000-0000-4000-8000-000000000000']] as const) {
      const res = await who.get(`/v1/issuing/reports/${ref}`);
      expect([res.status, res.body]).toEqual([400, B('Report does not exist')]);
    }
  });

  it('honours x-on-behalf-of: a master reports on its sub-account\'s balance; the report belongs to the sub-account', async () => {
    const master = await makeMaster(t.services, { name: 'Report tree' });
    const sub = await makeSub(t.services, master, 'Reported');
    await fundWallet(t.services, sub.id, 'USD', '100.00');
    const m = await clientOf(t, master);
    const funded = await fundIssuing(m.as(sub.id), 25);
    const window = around(funded.create_time as string);
    const id = await createReport(m.as(sub.id), 'BALANCE', window.start, window.end);
    const file = await m.as(sub.id).get(`/v1/issuing/reports/${id}`);
    expect(rowsOf(file.raw).map((r) => [r.account_id, r.amount])).toEqual([[sub.id, '25']]);
    expect((await m.get(`/v1/issuing/reports/${id}`)).body).toEqual(B('Report does not exist'));
    const own = await createReport(m, 'BALANCE', window.start, window.end);
    expect(rowsOf((await m.get(`/v1/issuing/reports/${own}`)).raw)).toEqual([]);
  });
});

import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { CreateIssuingReportDocument, IssuingReportDocument } from '../../support/graphql.generated';
import { fundWallet } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize } from '../transactions/fixtures';
import { fundIssuing } from '../balances/fixtures';
import { around, rowsOf } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GraphQL createIssuingReport and issuingReport(id)', () => {
  it('creates a SETTLEMENT report over real clearings and answers its metadata and the same CSV as the REST download', async () => {
    const me = await issuer(t, 'GraphQL reporter');
    const { cardId } = await activeCard(t, me, '200.00');
    const auth = await authorize(me, cardId, { transaction_amount: 20, merchant_name: 'Comma, "Quote" Store' });
    expect((await me.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id })).status).toBe(200);
    const window = around(auth.transaction_time as string);

    const created = await me.gql(CreateIssuingReportDocument, { input: { reportType: 'SETTLEMENT', startTime: window.start, endTime: window.end } });
    expect(created.errors).toBeUndefined();
    const report = created.data!.createIssuingReport.issuingReport!;
    expect(report).toMatchObject({ reportType: 'SETTLEMENT', status: 'COMPLETED', rowCount: 1, startTime: window.start, endTime: window.end });
    const rows = rowsOf(report.csv);
    expect(rows.map((r) => [r.transaction_type, r.original_transaction_id, r['merchant_data.name'], r.billing_amount])).toEqual([
      ['CLEARING', auth.transaction_id, 'Comma, "Quote" Store', '20'],
    ]);

    const read = await me.gql(IssuingReportDocument, { id: report.id });
    expect(read.data!.issuingReport).toEqual(report);
    const download = await me.get(`/v1/issuing/reports/${report.id}`);
    expect(download.raw).toBe(report.csv);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${report.fileName}"`);
  });

  it('names the GraphQL field in validation errors and refuses a window over 366 days', async () => {
    const me = await issuer(t, 'GraphQL rules');
    const reversed = await me.gql(CreateIssuingReportDocument, { input: { reportType: 'BALANCE', startTime: '2026-02-01', endTime: '2026-01-01' } });
    expect(reversed.data!.createIssuingReport.userErrors[0]!.message).toBe("Invalid value for field 'endTime': must be after 'startTime'");
    expect(reversed.data!.createIssuingReport.userErrors[0]).toMatchObject({ field: ['input', 'endTime'] });
    const long = await me.gql(CreateIssuingReportDocument, { input: { reportType: 'BALANCE', startTime: '2026-01-01', endTime: '2027-01-02' } });
    expect(long.data!.createIssuingReport.userErrors[0]!.message).toBe("Invalid value for field 'endTime': the window may span at most 366 days");
    const badTime = await me.gql(CreateIssuingReportDocument, { input: { reportType: 'BALANCE', startTime: 'yesterday', endTime: '2026-01-01' } });
    expect(badTime.data!.createIssuingReport.userErrors[0]).toMatchObject({ field: ['input', 'startTime'] });
  });

  it("answers null for another tenant's report and honours x-on-behalf-of", async () => {
    const master = await makeMaster(t.services, { name: 'GraphQL tree' });
    const sub = await makeSub(t.services, master, 'GraphQL sub');
    await fundWallet(t.services, sub.id, 'USD', '50.00');
    const m = await clientOf(t, master);
    const funded = await fundIssuing(m.as(sub.id), 10);
    const window = around(funded.create_time as string);
    const created = await m.as(sub.id).gql(CreateIssuingReportDocument, { input: { reportType: 'BALANCE', startTime: window.start, endTime: window.end } });
    const report = created.data!.createIssuingReport.issuingReport!;
    expect(rowsOf(report.csv).map((r) => [r.account_id, r.amount])).toEqual([[sub.id, '10']]);

    for (const [who, id] of [[m, report.id], [await issuer(t, 'GraphQL stranger'), report.id], [m, 'nope']] as const) {
      const res = await who.gql(IssuingReportDocument, { id });
      // A lookup by id answers an unknown or foreign report as null, not as an error.
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ issuingReport: null });
    }
    expect((await m.as(sub.id).gql(IssuingReportDocument, { id: report.id })).data!.issuingReport!.id).toBe(report.id);
  });
});

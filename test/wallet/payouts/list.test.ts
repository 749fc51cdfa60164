import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { advance } from '../../support/sandbox';
import { makeMaster } from '../../support/tenants';
import { createPayout, payer, payoutBody } from './fixtures';

let t: TestApp;
let c: Client;
const ids: string[] = [];

/** Five payouts a minute apart (10:00 .. 10:04); the one at 10:02 is rejected by its test value. */
beforeAll(async () => {
  t = await startTestApp();
  const who = await payer(t, 'Lister', { USD: '10000.00' });
  c = who.c;
  for (let i = 0; i < 5; i++) {
    const reference = i === 2 ? 'SIMULATE-REJECTED' : `Payout ${i}`;
    ids.push(await createPayout(c, payoutBody(who.beneficiary, { payout_reference: reference, payout_date: '2026-11-22' })));
    if (i < 4) await advance(c, 60);
  }
  // Every payout is submitted at 2026-11-22T00:00Z: four complete 2 s later, the marked one is rejected.
  await advance(c, 14 * 3600);
});
afterAll(() => t.close());

const list = (query = '') => c.get(`/v1/payouts${query}`);
const idsOf = (body: { data?: Record<string, unknown>[] }) => body.data!.map((p) => p.payout_id);

describe('PO2 list payouts', () => {
  it('lists the acting account’s payouts newest first with the page envelope', async () => {
    const { status, body } = await list('?page_number=1&page_size=10');
    expect(status).toBe(200);
    expect(body.total_items).toBe(5);
    expect(body.total_pages).toBe(1);
    expect(idsOf(body)).toEqual([...ids].reverse());
    expect(body.data![0]).toMatchObject({ payout_id: ids[4], payout_status: 'COMPLETED', create_time: '2026-11-21T10:04:00.000Z' });
  });

  it('pages with page_size and page_number', async () => {
    const second = await list('?page_number=2&page_size=2');
    expect([second.body.total_items, second.body.total_pages]).toEqual([5, 3]);
    expect(idsOf(second.body)).toEqual([ids[2], ids[1]]);
    expect(idsOf((await list('?page_number=4&page_size=2')).body)).toEqual([]);
  });

  it('filters by payout_status', async () => {
    const rejected = await list('?page_number=1&page_size=10&payout_status=REJECTED');
    expect(idsOf(rejected.body)).toEqual([ids[2]]);
    expect(rejected.body.total_items).toBe(1);
    expect((await list('?payout_status=DONE')).body).toEqual({
      code: 400,
      message: "Invalid value for field 'payout_status': must be one of READY_TO_SEND, PENDING, REJECTED, FAILED, COMPLETED",
    });
  });

  it('filters by create_time between start_time and end_time, both inclusive', async () => {
    const window = await list(`?start_time=${encodeURIComponent('2026-11-21T10:01:00Z')}&end_time=${encodeURIComponent('2026-11-21T18:03:00+08:00')}`);
    expect(idsOf(window.body)).toEqual([ids[3], ids[2], ids[1]]);
    expect((await list('?start_time=yesterday')).body).toEqual({
      code: 400,
      message: "Invalid value for field 'start_time': must be an RFC 3339 date-time or a YYYY-MM-DD date",
    });
    expect((await list('?start_time=2026-11-22&end_time=2026-11-21')).body).toEqual({
      code: 400,
      message: "Invalid value for field 'end_time': must not be before 'start_time'",
    });
  });

  it('bounds page_size to 1-100', async () => {
    expect((await list('?page_size=101')).body).toEqual({ code: 400, message: "Invalid value for field 'page_size': must be an integer from 1 to 100" });
  });

  it("shows nothing of another tenant's payouts", async () => {
    const stranger = await clientOf(t, await makeMaster(t.services, { name: 'Stranger' }));
    expect((await stranger.get('/v1/payouts')).body).toEqual({ total_pages: 0, total_items: 0, data: [] });
    expect((await stranger.get(`/v1/payouts/${ids[0]}`)).body).toEqual({ code: 400, message: 'entity not found' });
  });
});

describe('PO3 retrieve a payout', () => {
  it('answers an unknown or malformed id as not found', async () => {
    for (const id of ['6f1c1b1e-2d3c-4b5a-9e8f-0a1b2c3d4e5f', 'nope']) {
      expect(await c.get(`/v1/payouts/${id}`)).toMatchObject({ status: 400, body: { code: 400, message: 'entity not found' } });
    }
  });

  it('shows the state a transition left', async () => {
    const { body } = await c.get(`/v1/payouts/${ids[2]}`);
    expect(body).toMatchObject({
      payout_status: 'REJECTED',
      update_time: '2026-11-22T00:00:00.000Z',
      failure_returned_amount: '101.00',
      complete_time: null,
    });
  });
});

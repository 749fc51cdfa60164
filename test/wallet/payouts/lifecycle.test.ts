import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { balancesOf } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { eventData } from '../../support/events';
import { runDueTransitions } from '../../../src/platform/scheduler/run';
import { createBeneficiary, createPayout, createQuote, payer, payoutBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A fresh sandbox tree with 1000 USD and a USD LOCAL beneficiary. */
const tenant = (name: string) => payer(t, name);

const create = (who: { c: Client; beneficiary: string }, extra: Record<string, unknown> = {}) =>
  createPayout(who.c, payoutBody(who.beneficiary, extra));

const payout = async (c: Client, id: string) => (await c.get(`/v1/payouts/${id}`)).body;
const events = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.eventName, e.createdAt.toISOString()]);

describe('payout lifecycle under an advanced test clock', () => {
  it("each event's data is the payout exactly as GET /v1/payouts/{id} answered at that step (issue 11)", async () => {
    const who = await tenant('Payload');
    const id = await create(who);
    expect(await eventData(t, id, 'payout.create.succeeded')).toEqual(await payout(who.c, id));
    await advance(who.c, 1);
    expect(await eventData(t, id, 'payout.submit.succeeded')).toEqual(await payout(who.c, id));
    await advance(who.c, 1);
    expect(await eventData(t, id, 'payout.complete.succeeded')).toEqual(await payout(who.c, id));
  });

  it('goes READY_TO_SEND -> PENDING on its payout_date -> COMPLETED two seconds later', async () => {
    const who = await tenant('Clocked');
    const id = await create(who);
    expect((await payout(who.c, id)).payout_status).toBe('READY_TO_SEND');

    await advance(who.c, 1);
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'PENDING', update_time: '2026-11-21T10:00:00.000Z', complete_time: null });
    // WALLET, PAYOUT_IN_FLIGHT, FEES, BANK_CLEARING, FX_CLEARING
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['899', '100', '1', '-1000', '0']);

    await advance(who.c, 1);
    expect(await payout(who.c, id)).toMatchObject({
      payout_status: 'COMPLETED',
      update_time: '2026-11-21T10:00:02.000Z',
      complete_time: '2026-11-21T10:00:02.000Z',
      failure_reason: null,
      failure_returned_amount: null,
    });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['899', '0', '1', '-900', '0']);
    expect(await events(id)).toEqual([
      ['payout.create.succeeded', '2026-11-21T10:00:00.000Z'],
      ['payout.submit.succeeded', '2026-11-21T10:00:00.000Z'],
      ['payout.complete.succeeded', '2026-11-21T10:00:02.000Z'],
    ]);
  });

  it('waits for the start of a later payout_date (UTC)', async () => {
    const who = await tenant('Patient');
    const id = await create(who, { payout_date: '2026-11-23' });
    await advance(who.c, 38 * 3600 - 1); // 2026-11-22T23:59:59Z
    expect((await payout(who.c, id)).payout_status).toBe('READY_TO_SEND');
    await advance(who.c, 1);
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'PENDING', update_time: '2026-11-23T00:00:00.000Z' });
    await advance(who.c, 2);
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'COMPLETED', complete_time: '2026-11-23T00:00:02.000Z' });
  });

  it('rejects a payout whose reference carries SIMULATE-REJECTED and returns amount and fee', async () => {
    const who = await tenant('Rejected');
    const id = await create(who, { payout_reference: 'Invoice 7 SIMULATE-REJECTED' });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['899', '100', '1', '-1000', '0']);
    await advance(who.c, 5);
    expect(await payout(who.c, id)).toMatchObject({
      payout_status: 'REJECTED',
      failure_reason: 'The payout was rejected before submission (sandbox test value SIMULATE-REJECTED)',
      failure_returned_amount: '101.00',
      complete_time: null,
    });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['1000', '0', '0', '-1000', '0']);
    expect((await events(id)).map(([name]) => name)).toEqual(['payout.create.succeeded', 'payout.submit.failed']);
  });

  it('fails a payout whose reference carries SIMULATE-FAILED after PENDING and returns the amount, keeping the fee', async () => {
    const who = await tenant('Failed');
    const id = await create(who, { payout_reference: 'simulate-failed please' });
    await advance(who.c, 1);
    expect((await payout(who.c, id)).payout_status).toBe('PENDING');
    await advance(who.c, 1);
    expect(await payout(who.c, id)).toMatchObject({
      payout_status: 'FAILED',
      failure_reason: 'The beneficiary bank returned the payout (sandbox test value SIMULATE-FAILED)',
      failure_returned_amount: '100.00',
      update_time: '2026-11-21T10:00:02.000Z',
    });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['999', '0', '1', '-1000', '0']);
    expect((await events(id)).map(([name]) => name)).toEqual(['payout.create.succeeded', 'payout.submit.succeeded', 'payout.complete.failed']);
  });

  it('unwinds a failed cross-currency payout at the quote rate, back into the source wallet', async () => {
    const who = await tenant('FX failed');
    const eur = await createBeneficiary(who.c, 'EUR_SWIFT');
    const quote = await createQuote(who.c, { currency: 'USD', amount: '100.00' }, 'EUR');
    const id = await create({ c: who.c, beneficiary: eur }, {
      payout_reference: 'SIMULATE-FAILED',
      fee_paid_by: 'SHARED',
      quote_id: quote.quote_id,
      payout_currency: 'EUR',
      payout_amount: String(quote.buy_amount),
    });
    await advance(who.c, 3);
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'FAILED', failure_returned_amount: '100.00' });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['990', '0', '10', '-1000', '0']);
    expect(await balancesOf(t.services, who.id, 'EUR')).toEqual(['0', '0', '0', '0', '0']);
  });
});

describe('payout lifecycle on the real clock (the worker)', () => {
  it('submits at once on payout_date today and completes within seconds', async () => {
    const who = await tenant('Real clock');
    const id = await create(who);
    await runDueTransitions(t.services, { realClock: true });
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'PENDING', update_time: '2026-11-21T10:00:00.000Z' });
    await runDueTransitions(t.services, { realClock: true });
    expect((await payout(who.c, id)).payout_status).toBe('PENDING');
    t.clock.advance(2);
    await runDueTransitions(t.services, { realClock: true });
    expect(await payout(who.c, id)).toMatchObject({ payout_status: 'COMPLETED', complete_time: '2026-11-21T10:00:02.000Z' });
    expect(await balancesOf(t.services, who.id, 'USD')).toEqual(['899', '0', '1', '-900', '0']);
  });

  it('leaves the payouts of a tree with a test clock to that clock', async () => {
    const who = await tenant('Frozen');
    await advance(who.c, 1);
    const id = await create(who, { payout_date: '2026-11-22' });
    t.clock.advance(2 * 24 * 3600);
    try {
      await runDueTransitions(t.services, { realClock: true });
    } finally {
      t.clock.advance(-2 * 24 * 3600);
    }
    expect((await payout(who.c, id)).payout_status).toBe('READY_TO_SEND');
  });
});

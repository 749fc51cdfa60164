import { startTestApp, type TestApp } from '../../support/app';
import { advance } from '../../support/sandbox';
import { eventData } from '../../support/events';
import { capturedIntent } from './captured';
import { acquiringBalances, merchant, refundBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refundOf = async (m: { c: { get: (p: string) => Promise<{ body: Record<string, unknown> }> } }, id: string) =>
  (await m.c.get(`/v2/payment/refunds/${id}`)).body;
const refunded = async (attemptId: string) =>
  (await t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id: attemptId } })).refundedAmount.toFixed();
const events = async (id: string) =>
  (await t.db.prisma.outboxEvent.findMany({ where: { sourceId: id }, orderBy: { createdAt: 'asc' } })).map((e) => [e.eventName, e.createdAt.toISOString()]);

describe('refund lifecycle on the test clock', () => {
  it("each event's data is the refund exactly as GET /v2/payment/refunds/{id} answered at that step (issue 11)", async () => {
    const m = await merchant(t, 'Payload');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const ok = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '40.00', metadata: { k: 'v' } }))).body.payment_refund_id;
    expect(await eventData(t, ok, 'refund.create.succeeded')).toEqual(await refundOf(m, ok));
    const failing = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '10.00', reason: 'please simulate-failed' }))).body.payment_refund_id;
    await advance(m.c, 60);
    expect(await eventData(t, ok, 'refund.process.succeeded')).toEqual(await refundOf(m, ok));
    expect(await eventData(t, failing, 'refund.process.succeeded')).toEqual(await refundOf(m, failing));
    await advance(m.c, 3600);
    expect(await eventData(t, ok, 'refund.complete.succeeded')).toEqual(await refundOf(m, ok));
    expect(await eventData(t, failing, 'refund.complete.failed')).toEqual(await refundOf(m, failing));
    expect(await eventData(t, failing, 'refund.complete.failed')).toMatchObject({ refund_status: 'FAILED', metadata: null });
  });

  it('goes INITIATED -> PROCESSING after a minute -> SUCCEEDED an hour later, back on the card', async () => {
    const m = await merchant(t, 'Lifecycle');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const id = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '40.00' }))).body.payment_refund_id;
    await advance(m.c, 59);
    expect((await refundOf(m, id)).refund_status).toBe('INITIATED');
    await advance(m.c, 1);
    expect(await refundOf(m, id)).toMatchObject({ refund_status: 'PROCESSING', update_time: '2026-11-21T10:01:00.000Z' });
    await advance(m.c, 3600);
    expect(await refundOf(m, id)).toMatchObject({ refund_status: 'SUCCEEDED', update_time: '2026-11-21T11:01:00.000Z', failure_reason: null });
    // PAYMENT_PENDING, PAYMENT_AVAILABLE, REFUND_IN_FLIGHT, CARD_CLEARING, FEES
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['60', '0', '0', '-60', '0']);
    expect(await refunded(p.attemptId)).toBe('40');
    expect(await events(id)).toEqual([
      ['refund.create.succeeded', '2026-11-21T10:00:00.000Z'],
      ['refund.process.succeeded', '2026-11-21T10:01:00.000Z'],
      ['refund.complete.succeeded', '2026-11-21T11:01:00.000Z'],
    ]);
  });

  it('fails a refund whose reason carries SIMULATE-FAILED and gives the amount back to the capture', async () => {
    const m = await merchant(t, 'Failing');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const id = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '40.00', reason: 'please simulate-failed' }))).body.payment_refund_id;
    expect(await refunded(p.attemptId)).toBe('40');
    await advance(m.c, 3660);
    expect(await refundOf(m, id)).toMatchObject({
      refund_status: 'FAILED',
      failure_reason: 'The card network refused the refund (sandbox test value SIMULATE-FAILED)',
    });
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['100', '0', '0', '-100', '0']);
    expect(await refunded(p.attemptId)).toBe('0');
    expect((await events(id)).map(([name]) => name)).toEqual(['refund.create.succeeded', 'refund.process.succeeded', 'refund.complete.failed']);
    // The amount is refundable again.
    expect((await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '100.00' }))).status).toBe(200);
  });

  it('takes a refund of a settled capture from the available balance, and refuses one it cannot cover', async () => {
    const m = await merchant(t, 'Settled');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    await advance(m.c, 6 * 3600); // the cut: 2026-11-21T16:00Z, 00:00 in UTC+8
    // net 98.35 = 100.00 - 1.20 interchange - 0.15 scheme - 0.30 transaction fee
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', '98.35', '0', '-100', '1.65']);
    const short = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '100.00' }));
    expect([short.status, short.body]).toEqual([
      400,
      { code: 400, message: 'Insufficient payment balance: the USD available balance cannot cover this refund' },
    ]);
    expect(await refunded(p.attemptId)).toBe('0');
    expect(await t.db.prisma.refund.count({ where: { paymentIntentId: p.intentId } })).toBe(0);
    const ok = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '50.00' }));
    expect(ok.status).toBe(200);
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', '48.35', '50', '-100', '1.65']);
  });

  it('returns a refund that fails after its capture settled to the available balance', async () => {
    const m = await merchant(t, 'Late failure');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    await advance(m.c, 5 * 3600 + 30 * 60); // 15:30Z, before the cut
    const id = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '10.00', reason: 'SIMULATE-FAILED' }))).body.payment_refund_id;
    await advance(m.c, 3600); // 16:30Z: settled (gross 90.00) while the refund is PROCESSING
    const item = await t.db.prisma.settlementItem.findUniqueOrThrow({ where: { paymentAttemptId: p.attemptId } });
    expect([item.settlementAmount.toFixed(), item.netSettlementAmount.toFixed()]).toEqual(['90', '88.48']);
    expect((await refundOf(m, id)).refund_status).toBe('PROCESSING');
    await advance(m.c, 3600);
    expect((await refundOf(m, id)).refund_status).toBe('FAILED');
    // 88.48 net (fees 1.08 + 0.14 + 0.30) + the 10.00 returned; nothing left behind in pending.
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', '98.48', '0', '-100', '1.52']);
    expect(await refunded(p.attemptId)).toBe('0');
  });
});

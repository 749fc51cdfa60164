import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { makeMaster } from '../../support/tenants';
import { capturedIntent } from './captured';
import { acquiringBalances, merchant, refundBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const attemptOf = (id: string) => t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id } });

describe('PA8 create a refund', () => {
  it('refunds part of a captured intent: INITIATED, taken from the pending balance into flight', async () => {
    const m = await merchant(t, 'Refunder');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const res = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '30.5', metadata: { ticket: 'T-1' } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payment_refund_id: expect.any(String),
      payment_intent_id: p.intentId,
      payment_attempt_id: p.attemptId,
      amount: '30.50',
      currency: 'USD',
      refund_status: 'INITIATED',
      create_time: '2026-11-21T10:00:00.000Z',
      update_time: '2026-11-21T10:00:00.000Z',
      reason: 'requested_by_customer',
      metadata: { ticket: 'T-1' },
      failure_reason: null,
    });
    // PAYMENT_PENDING, PAYMENT_AVAILABLE, REFUND_IN_FLIGHT, CARD_CLEARING, FEES
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['69.5', '0', '30.5', '-100', '0']);
    expect((await attemptOf(p.attemptId)).refundedAmount.toFixed()).toBe('30.5');
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.body.payment_refund_id } });
    expect(events.map((e) => [e.eventName, e.eventType])).toEqual([['refund.create.succeeded', 'ACQUIRING']]);
  });

  it('allows partial refunds up to the captured amount and refuses the one that would exceed it', async () => {
    const m = await merchant(t, 'Partial');
    const p = await capturedIntent(t, m.id, { amount: '50.00', currency: 'USD' });
    expect((await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '20.00' }))).status).toBe(200);
    expect((await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '30.00' }))).status).toBe(200);
    const over = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '0.01' }));
    expect([over.status, over.body]).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'amount': the refunds of a payment cannot exceed its captured amount" },
    ]);
    expect((await attemptOf(p.attemptId)).refundedAmount.toFixed()).toBe('50');
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['0', '0', '50', '-50', '0']);
  });

  it('refunds the named attempt and refuses an attempt of another intent', async () => {
    const m = await merchant(t, 'Attempts');
    const a = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const b = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const ok = await m.c.post('/v2/payment/refunds', refundBody(a.intentId, { amount: '1.00', payment_attempt_id: a.attemptId }));
    expect([ok.status, ok.body.payment_attempt_id]).toEqual([200, a.attemptId]);
    const wrong = await m.c.post('/v2/payment/refunds', refundBody(a.intentId, { amount: '1.00', payment_attempt_id: b.attemptId }));
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'payment_attempt_id': not a captured attempt of this payment intent" },
    ]);
  });

  it('refuses an intent that is not SUCCEEDED, naming its state', async () => {
    const m = await merchant(t, 'Uncaptured');
    const p = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    // The intents area leaves an authorized intent in REQUIRES_CAPTURE; the row is moved back here.
    await t.db.prisma.paymentIntent.update({ where: { id: p.intentId }, data: { status: 'REQUIRES_CAPTURE' } });
    const res = await m.c.post('/v2/payment/refunds', refundBody(p.intentId));
    expect([res.status, res.body]).toEqual([
      400,
      { code: 400, message: 'Payment intent status is REQUIRES_CAPTURE: only a SUCCEEDED payment intent can be refunded' },
    ]);
  });

  it('answers an unknown intent, a malformed id and another tenant\'s intent alike', async () => {
    const m = await merchant(t, 'Unknown');
    const other = await merchant(t, 'Other');
    const theirs = await capturedIntent(t, other.id, { amount: '10.00', currency: 'USD' });
    const message = "Invalid value for field 'payment_intent_id': payment intent not found";
    for (const id of [randomUUID(), 'pi_not_a_uuid', theirs.intentId]) {
      const res = await m.c.post('/v2/payment/refunds', refundBody(id));
      expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    }
  });

  it.each([
    [{ payment_intent_id: undefined }, "Field 'payment_intent_id' is required"],
    [{ payment_intent_id: 'x'.repeat(37) }, "Invalid value for field 'payment_intent_id': must be at most 36 characters"],
    [{ amount: undefined }, "Field 'amount' is required"],
    [{ amount: 10 }, "Invalid type for field 'amount'"],
    [{ amount: '0' }, "Invalid value for field 'amount': must be greater than 0"],
    [{ amount: '-1.00' }, "Invalid value for field 'amount': must be a positive decimal amount"],
    [{ amount: '1.001' }, "Invalid value for field 'amount': USD amounts have at most 2 decimals"],
    [{ reason: undefined }, "Field 'reason' is required"],
    [{ reason: '' }, "Invalid value for field 'reason': must not be empty"],
    [{ reason: 'r'.repeat(101) }, "Invalid value for field 'reason': must be at most 100 characters"],
    [{ metadata: 'text' }, "Invalid type for field 'metadata'"],
  ])('refuses %j: %s', async (change, message) => {
    const m = await merchant(t, 'Validation');
    const p = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const body = { ...refundBody(p.intentId), ...change };
    const res = await m.c.post('/v2/payment/refunds', body);
    expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
    expect((await attemptOf(p.attemptId)).refundedAmount.toFixed()).toBe('0');
  });

  it('accepts a 100-character reason and bounds a JPY amount by its minor units', async () => {
    const m = await merchant(t, 'Yen');
    const p = await capturedIntent(t, m.id, { amount: '1000', currency: 'JPY' });
    const bad = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '1.5' }));
    expect(bad.body).toEqual({ code: 400, message: "Invalid value for field 'amount': JPY amounts have no decimals" });
    const ok = await m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '150', reason: 'r'.repeat(100) }));
    expect([ok.status, ok.body.amount, ok.body.currency]).toEqual([200, '150', 'JPY']);
  });

  it('requires x-client-id, the caller\'s own, and an idempotency key', async () => {
    const m = await merchant(t, 'Headers');
    const p = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const forbidden = { code: 403, message: 'x-client-id or email cannot be empty' };
    const bare = m.c.withHeaders({ 'x-client-id': '' });
    const missing = await bare.post('/v2/payment/refunds', refundBody(p.intentId));
    expect([missing.status, missing.body]).toEqual([403, forbidden]);
    const stranger = await makeMaster(t.services, { name: 'Stranger' });
    const foreign = await m.c.withHeaders({ 'x-client-id': stranger.clientId }).post('/v2/payment/refunds', refundBody(p.intentId));
    expect([foreign.status, foreign.body]).toEqual([403, forbidden]);
    const keyless = await m.c.post('/v2/payment/refunds', refundBody(p.intentId), { key: null });
    expect([keyless.status, keyless.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
    expect((await attemptOf(p.attemptId)).refundedAmount.toFixed()).toBe('0');
  });

  it('makes one refund of a request retried with its idempotency key', async () => {
    const m = await merchant(t, 'Retry');
    const p = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const key = randomUUID();
    const first = await m.c.post('/v2/payment/refunds', refundBody(p.intentId), { key });
    const again = await m.c.post('/v2/payment/refunds', refundBody(p.intentId), { key });
    expect(again.raw).toBe(first.raw);
    expect(await t.db.prisma.refund.count({ where: { paymentIntentId: p.intentId } })).toBe(1);
  });
});

describe('PA9 list and PA10 retrieve refunds', () => {
  it('retrieves the acting account\'s refund and answers another tenant\'s as unknown', async () => {
    const m = await merchant(t, 'Retriever');
    const other = await merchant(t, 'Nosy');
    const p = await capturedIntent(t, m.id, { amount: '10.00', currency: 'USD' });
    const created = (await m.c.post('/v2/payment/refunds', refundBody(p.intentId))).body;
    const got = await m.c.get(`/v2/payment/refunds/${created.payment_refund_id}`);
    expect([got.status, got.body]).toEqual([200, created]);
    for (const id of [created.payment_refund_id, randomUUID(), 'nope']) {
      const res = await other.c.get(`/v2/payment/refunds/${id}`);
      expect([res.status, res.body]).toEqual([400, { code: 400, message: 'entity not found' }]);
    }
  });

  it('filters by payment_intent_id, merchant_order_id and time, newest first, in pages', async () => {
    const m = await merchant(t, 'Lister');
    const a = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD', merchantOrderId: 'order-A' });
    const b = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD', merchantOrderId: 'order-B' });
    const ids: string[] = [];
    for (const [intent, minutes] of [[a.intentId, 0], [a.intentId, 10], [b.intentId, 20]] as const) {
      t.clock.set(new Date(Date.parse('2026-11-21T10:00:00Z') + minutes * 60_000));
      ids.push((await m.c.post('/v2/payment/refunds', refundBody(intent, { amount: '1.00' }))).body.payment_refund_id);
    }
    t.clock.set(new Date('2026-11-21T10:00:00Z'));
    const list = async (q: Record<string, string | number>) => {
      const res = await m.c.get('/v2/payment/refunds', q);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect((await list({})).data.map((r: { payment_refund_id: string }) => r.payment_refund_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list({ payment_intent_id: a.intentId })).data.map((r: { payment_refund_id: string }) => r.payment_refund_id)).toEqual([ids[1], ids[0]]);
    expect((await list({ merchant_order_id: 'order-B' })).data.map((r: { payment_refund_id: string }) => r.payment_refund_id)).toEqual([ids[2]]);
    expect((await list({ start_time: '2026-11-21T10:05:00Z', end_time: '2026-11-21T10:15:00Z' })).data.map((r: { payment_refund_id: string }) => r.payment_refund_id)).toEqual([ids[1]]);
    expect(await list({ page_size: 2, page_number: 2 })).toMatchObject({ total_pages: 2, total_items: 3, data: [{ payment_refund_id: ids[0] }] });
    const bad = await m.c.get('/v2/payment/refunds', { start_time: 'yesterday' });
    expect([bad.status, bad.body.message]).toEqual([400, "Invalid value for field 'start_time': must be an RFC 3339 date-time or a YYYY-MM-DD date"]);
  });
});


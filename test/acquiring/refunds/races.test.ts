import { startTestApp, type TestApp } from '../../support/app';
import { capturedIntent } from './captured';
import { acquiringBalances, merchant, refundBody } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('concurrent refunds on the real database', () => {
  it('lets exactly the refunds that fit through: 20 × 7.00 against a 100.00 capture leaves 14 succeeded', async () => {
    const m = await merchant(t, 'Racing');
    const p = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
    const results = await Promise.all(Array.from({ length: 20 }, () => m.c.post('/v2/payment/refunds', refundBody(p.intentId, { amount: '7.00' }))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length).toBe(14);
    for (const r of refused) {
      expect([r.status, r.body]).toEqual([400, { code: 400, message: "Invalid value for field 'amount': the refunds of a payment cannot exceed its captured amount" }]);
    }
    const attempt = await t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id: p.attemptId } });
    expect(attempt.refundedAmount.toFixed()).toBe('98');
    expect(await t.db.prisma.refund.count({ where: { paymentIntentId: p.intentId } })).toBe(14);
    // PAYMENT_PENDING, PAYMENT_AVAILABLE, REFUND_IN_FLIGHT, CARD_CLEARING, FEES
    expect(await acquiringBalances(t, m.id, 'USD')).toEqual(['2', '0', '98', '-100', '0']);
  });
});

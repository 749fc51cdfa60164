import { money } from '../../../src/platform/money/amount';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../../support/app';
import { lockProbe } from '../../support/locks';
import type { Client, Json } from '../../support/client';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize, issuingBalances } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t);
});
afterAll(() => t.close());

describe('card authorization races', () => {
  it('50 concurrent authorizations on one card with room for exactly 20 approve exactly 20; the rest decline INSUFFICIENT_FUNDS; ledger exact', async () => {
    const { cardId, accountId } = await activeCard(t, c, '200.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => authorize(c, cardId, { transaction_amount: 10 })));
    const approved = answers.filter((a) => a.transaction_status === 'APPROVED');
    const declined = answers.filter((a) => a.transaction_status === 'DECLINED');
    expect(approved).toHaveLength(20);
    expect(declined).toHaveLength(30);
    expect(new Set(declined.map((d) => d.failure_reason))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(await issuingBalances(t, accountId)).toEqual(['0', '200', '0']);
    const card = (await t.db.prisma.card.findUnique({ where: { id: cardId } }))!;
    expect(card.authHeld.toFixed(2)).toBe('200.00');
    const rows = await t.db.prisma.cardTransaction.groupBy({ by: ['transactionStatus'], where: { cardId }, _count: true });
    expect(Object.fromEntries(rows.map((r) => [r.transactionStatus, r._count]))).toEqual({ APPROVED: 20, DECLINED: 30 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('50 concurrent authorizations under a card_limit with room for exactly 20 approve exactly 20 (CARD_LIMIT_EXCEEDED)', async () => {
    const { cardId, accountId } = await activeCard(t, c, '1000.00', { card_limit: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => authorize(c, cardId, { transaction_amount: 5 })));
    expect(answers.filter((a) => a.transaction_status === 'APPROVED')).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.transaction_status === 'DECLINED').map((d) => d.failure_reason))).toEqual(new Set(['CARD_LIMIT_EXCEEDED']));
    expect((await issuingBalances(t, accountId)).slice(0, 2)).toEqual(['900', '300']);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('50 concurrent authorizations against a DAILY spending control with room for 20 approve exactly 20 (SPENDING_CONTROL_EXCEEDED)', async () => {
    const { cardId } = await activeCard(t, c, '1000.00', { spending_controls: [{ amount: 40, interval: 'DAILY' }] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => authorize(c, cardId, { transaction_amount: 2 })));
    expect(answers.filter((a) => a.transaction_status === 'APPROVED')).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.transaction_status === 'DECLINED').map((d) => d.failure_reason))).toEqual(new Set(['SPENDING_CONTROL_EXCEEDED']));
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('a reversal racing a clearing of the same authorization', () => {
  const race = async (reversal: Json, clearing: Json) => {
    // An issuer of its own: its issuing balance holds only this race's money.
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const auth = await authorize(c, cardId, { transaction_amount: 60 });
    expect(auth.transaction_status).toBe('APPROVED');
    const id = auth.transaction_id as string;
    const [rev, clr] = await Promise.all([
      c.post('/v1/simulation/issuing/reversal', { transaction_id: id, ...reversal }),
      c.post('/v1/simulation/issuing/clearing', { transaction_id: id, ...clearing }),
    ]);
    const row = (await t.db.prisma.cardTransaction.findUnique({ where: { id } }))!;
    const card = (await t.db.prisma.card.findUnique({ where: { id: cardId } }))!;
    const [available, held, clearing_] = await issuingBalances(t, accountId);
    // Whatever the order, the ledger adds up: held + cleared + back on the balance = 100, and nothing was released twice.
    expect(money(available!).plus(held!).plus(clearing_!).toFixed()).toBe('100');
    expect(held).toBe(card.authHeld.toFixed(2).replace(/\.00$/, ''));
    expect(row.reversedAmount.plus(row.clearedAmount).lte(60)).toBe(true);
    expect(await checkLedger(t.db)).toEqual([]);
    return { rev, clr, row, held, clearing: clearing_ };
  };

  it('full reversal vs full clearing: exactly one wins; the other answers that nothing is held', async () => {
    for (let i = 0; i < 3; i++) {
      const { rev, clr, row, held, clearing } = await race({}, {});
      expect([rev.status, clr.status].sort()).toEqual([200, 400]);
      const loser = rev.status === 400 ? rev : clr;
      expect(loser.body).toEqual({ type: 'invalid_request_error', code: 'invalid_request_error', message: "Invalid value for field 'transaction_id': the authorization has no amount left on hold" });
      expect(held).toBe('0');
      expect(clearing).toBe(clr.status === 200 ? '60' : '0');
      expect(row.heldAmount.toFixed(2)).toBe('0.00');
    }
  });

  it('partial reversal vs clearing: both may win, the clearing then capturing only what was still held', async () => {
    for (let i = 0; i < 3; i++) {
      const { rev, clr, row } = await race({ amount: 20 }, {});
      expect(clr.status).toBe(200);
      // The clearing captured what was held when it ran: 40 after the reversal; 60 before it, leaving the reversal nothing.
      const nothingHeld = { type: 'invalid_request_error', code: 'invalid_request_error', message: "Invalid value for field 'transaction_id': the authorization has no amount left on hold" };
      expect([rev.status, rev.status === 200 ? null : rev.body, row.reversedAmount.toFixed(2), clr.body.billing_amount]).toEqual(
        rev.status === 200 ? [200, null, '20.00', 40] : [400, nothingHeld, '0.00', 60],
      );
    }
  });

  it('with the authorization row held by another transaction, both prepare from the same read; the one applied second re-reads and finds nothing held', async () => {
    const me = await issuer(t);
    const { cardId, accountId } = await activeCard(t, me, '100.00');
    const auth = await authorize(me, cardId, { transaction_amount: 60 });
    const id = auth.transaction_id as string;
    const probe = await lockProbe(t.url);
    try {
      await probe.holder.query('BEGIN');
      await probe.holder.query('SELECT id FROM card_transactions WHERE id = $1 FOR UPDATE', [id]);
      const both = Promise.all([
        me.post('/v1/simulation/issuing/reversal', { transaction_id: id }),
        me.post('/v1/simulation/issuing/clearing', { transaction_id: id, amount: 70 }),
      ]);
      expect(await probe.waitingBackend(/./, both)).toEqual(expect.any(Number));
      await probe.holder.query('COMMIT');
      const [rev, clr] = await both;
      expect([rev.status, clr.status].sort()).toEqual([200, 400]);
      const [available, held, clearing] = await issuingBalances(t, accountId);
      expect(held).toBe('0');
      expect([available, clearing]).toEqual(clr.status === 200 ? ['30', '70'] : ['100', '0']);
      expect(await checkLedger(t.db)).toEqual([]);
    } finally {
      await probe.close();
    }
  });
});

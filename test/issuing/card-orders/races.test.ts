import { randomUUID } from 'node:crypto';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { lockProbe } from '../../support/locks';
import { advance } from '../../support/sandbox';
import { createCard } from '../cards/fixtures';
import { fundIssuing, issuingBalance, issuingTenant } from '../balances/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const B = (message: string) => ({ code: 400, message });

describe('races on the issuing balance and cards', () => {
  it('20 concurrent recharges of 10.00 against an issuing balance with room for 10: exactly 10 land', async () => {
    const { c, id } = await issuingTenant(t);
    await fundIssuing(c, 101);
    const card = await createCard(c, { card_limit: 1 }, '491090');
    await advance(c, 3);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 10 }, { key: randomUUID() })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.raw))).toEqual(new Set([JSON.stringify(B('Insufficient balance'))]));
    expect((await c.get(`/v1/issuing/cards/${card.card_id}`)).body.available_balance).toBe(101);
    expect((await issuingBalance(c)).available_balance).toBe('0.00');
    expect(await t.db.prisma.cardOrder.count({ where: { accountId: id, orderType: 'RECHARGE' } })).toBe(10);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('20 concurrent withdrawals of 5.00 from a card holding 50.00: exactly 10 land', async () => {
    const { c, id } = await issuingTenant(t);
    await fundIssuing(c, 50);
    const card = await createCard(c, { card_limit: 50 }, '491090');
    await advance(c, 3);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post(`/v1/issuing/cards/${card.card_id}/withdraw`, { amount: 5 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.raw))).toEqual(new Set([JSON.stringify(B('Card available limit insufficient'))]));
    expect(await ledgerBalance(t.services, id, 'USD', 'CARD_BALANCE')).toBe('0');
    expect((await issuingBalance(c)).available_balance).toBe('50.00');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a recharge that meets a status change in progress waits for its card lock, then answers as the committed status says', async () => {
    const { c, id } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const card = await createCard(c, { card_limit: 10 }, '491090');
    await advance(c, 3);
    const probe = await lockProbe(t.url);
    try {
      // A cancel in progress: the card row locked and changed, not yet committed, then rolled back.
      await probe.holder.query('BEGIN');
      await probe.holder.query(`UPDATE cards SET status = 'CANCELLED' WHERE id = $1`, [card.card_id]);
      const recharge = c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 5 });
      expect(await probe.waitingBackend(/./, recharge)).toBeDefined();
      await probe.holder.query('ROLLBACK');
      // Rolled back: the card is still active, so the waiting recharge goes through after the lock is gone.
      expect((await recharge).status).toBe(200);

      // A freeze in progress (CI5 holds the card row the same way), committed while the recharge waits.
      await probe.holder.query('BEGIN');
      await probe.holder.query(`UPDATE cards SET status = 'FROZEN' WHERE id = $1`, [card.card_id]);
      const late = c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 5 });
      expect(await probe.waitingBackend(/./, late)).toBeDefined();
      await probe.holder.query('COMMIT');
      const res = await late;
      expect([res.status, res.body]).toEqual([400, B('The card is not active.')]);
    } finally {
      await probe.close();
    }
    expect(await t.db.prisma.cardOrder.count({ where: { cardId: card.card_id as string } })).toBe(1);
    expect(await ledgerBalance(t.services, id, 'USD', 'CARD_BALANCE')).toBe('15');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('20 concurrent transfers in of 2.00 from a wallet of 30.00: exactly 15 land, the rest refused Insufficient balance', async () => {
    const { c, id } = await issuingTenant(t, '30.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post('/v1/issuing/balances/transfer_in', { currency: 'USD', amount: 2 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(15);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.raw))).toEqual(new Set([JSON.stringify(B('Insufficient balance'))]));
    expect(await ledgerBalance(t.services, id, 'USD', 'WALLET')).toBe('0');
    expect(await ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE')).toBe('30');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('concurrent wallet fundings (transfer_in) and issuing transfers back (transfer_out) never take either balance below zero', async () => {
    // 10.00 on each side, then 10 transfers of 2.00 each way at once: each side's demand (20.00) is twice what it holds.
    const { c, id } = await issuingTenant(t, '20.00');
    await fundIssuing(c, 10);
    const move = (direction: 'in' | 'out') => c.post(`/v1/issuing/balances/transfer_${direction}`, { currency: 'USD', amount: 2 });
    const directions = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ('in' as const) : ('out' as const)));
    const results = await Promise.all(directions.map(move));
    const landed = (direction: 'in' | 'out') => results.filter((r, i) => directions[i] === direction && r.status === 200).length;
    const [ins, outs] = [landed('in'), landed('out')];
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.raw))).toEqual(
      ins + outs === 20 ? new Set() : new Set([JSON.stringify(B('Insufficient balance'))]),
    );
    // A transfer is refused only when its side holds less than 2.00, which takes at least five of its own kind first.
    expect(ins).toBeGreaterThanOrEqual(5);
    expect(outs).toBeGreaterThanOrEqual(5);
    // Each side holds exactly what landed: 10 + 2 x (arrivals - departures), the two summing to 20 and neither negative.
    const wallet = 10 - 2 * ins + 2 * outs;
    expect(wallet).toBeGreaterThanOrEqual(0);
    expect(wallet).toBeLessThanOrEqual(20);
    expect(await ledgerBalance(t.services, id, 'USD', 'WALLET')).toBe(String(wallet));
    expect(await ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE')).toBe(String(20 - wallet));
    expect((await issuingBalance(c)).available_balance).toBe(`${20 - wallet}.00`);
    expect(await t.db.prisma.issuingTransfer.count({ where: { accountId: id } })).toBe(1 + ins + outs);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

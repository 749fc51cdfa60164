import { randomUUID } from 'node:crypto';
import { checkLedger } from '../../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf } from '../../support/client';
import { fundWallet, walletBalance } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('races on the real database', () => {
  it('200 concurrent debits of 1.00 from a hot wallet funded with 150.00: exactly 150 land, the rest a clear 400', async () => {
    const master = await makeMaster(t.services, { name: 'Hot' });
    const sub = await makeSub(t.services, master, 'Hot Sub');
    const caller = await clientOf(t, master);
    await fundWallet(t.services, master.account.id, 'USD', '150.00');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        caller.post('/v1/transfer', {
          source_account_id: master.account.id,
          target_account_id: sub.id,
          currency: 'USD',
          amount: '1.00',
          reason: 'hot account',
        }, { key: randomUUID() }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(150);
    expect(new Set(refused.map((r) => r.raw))).toEqual(
      new Set([JSON.stringify({ code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' })]),
    );
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('0');
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('150');
    expect(await t.db.prisma.transfer.count({ where: { sourceAccountId: master.account.id } })).toBe(150);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('concurrent transfers in both directions between two wallets neither deadlock nor lose money', async () => {
    const master = await makeMaster(t.services, { name: 'Both Ways' });
    const sub = await makeSub(t.services, master, 'Both Ways Sub');
    const caller = await clientOf(t, master);
    await fundWallet(t.services, master.account.id, 'USD', '50');
    await fundWallet(t.services, sub.id, 'USD', '50');
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [master.account.id, sub.id] : [sub.id, master.account.id];
        return caller.post('/v1/transfer', { source_account_id: from, target_account_id: to, currency: 'USD', amount: '1', reason: 'ping' });
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('50');
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('50');
  });

  it('one transfer retried concurrently with its idempotency key moves the money once', async () => {
    const master = await makeMaster(t.services, { name: 'Retry' });
    const sub = await makeSub(t.services, master, 'Retry Sub');
    const caller = await clientOf(t, master);
    await fundWallet(t.services, master.account.id, 'USD', '100');
    const key = randomUUID();
    const body = { source_account_id: master.account.id, target_account_id: sub.id, currency: 'USD', amount: '10', reason: 'once' };
    const results = await Promise.all(Array.from({ length: 10 }, () => caller.post('/v1/transfer', body, { key })));
    for (const r of results) {
      // The winner's answer, or the "processing" answer while it runs (400 with body code 200).
      expect([200, 400]).toContain(r.status);
      if (r.status === 400) expect(r.body).toEqual({ code: 200, message: 'Request is processing, please try again later.' });
    }
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('10');
    expect(await t.db.prisma.transfer.count({ where: { targetAccountId: sub.id } })).toBe(1);
  });
});

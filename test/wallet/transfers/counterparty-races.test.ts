import { setAccountStatus } from '../../../src/domain/onboarding/accounts/service';
import { startTestApp, type TestApp } from '../../support/app';
import { fundWallet, walletBalance } from '../../support/ledger';
import { clientOf } from '../../support/client';
import { lockProbe, type LockProbe } from '../../support/locks';
import { makeMaster, makeSub } from '../../support/tenants';
import { transferBody } from './fixtures';

/** A transfer and a close of its counterparty, ordered by the database's row locks. */
let t: TestApp;
let probe: LockProbe;

beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(async () => {
  probe = await lockProbe(t.url);
});
afterEach(() => probe.close());
afterAll(() => t.close());

async function group(name: string) {
  const master = await makeMaster(t.services, { name });
  const sub = await makeSub(t.services, master, `${name} Sub`);
  await fundWallet(t.services, master.account.id, 'USD', '100');
  return { master, sub, caller: await clientOf(t, master) };
}

describe('a transfer racing a close of its counterparty', () => {
  it('waits for a close in progress, then answers that the target is not found and moves nothing', async () => {
    const { master, sub, caller } = await group('Loses to the close');
    await probe.holder.query('BEGIN');
    await probe.holder.query(`UPDATE accounts SET status = 'CLOSED', updated_at = now() WHERE id = $1`, [sub.id]);

    const transfer = caller.post('/v1/transfer', transferBody(master.account.id, sub.id, { amount: '30', reason: 'allocation' }));
    // The transfer's writes wait in their group commit (payrail_apply) for the account's row.
    const waiter = await probe.waitingBackend(/\baccounts\b|payrail_apply/, transfer);
    const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
    await probe.holder.query('COMMIT');

    const res = await transfer;
    expect([res.status, res.body]).toEqual([400, { code: 400, message: "Invalid value for field 'target_account_id': entity not found" }]);
    expect(blockers).toEqual([probe.pid]);
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('100');
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('0');
    expect(await t.db.prisma.transfer.count({ where: { sourceAccountId: master.account.id } })).toBe(0);
  });

  it('holds both parties while it runs: a close waits for the transfer to commit, then closes the account', async () => {
    const { master, sub, caller } = await group('Wins over the close');
    // Hold the source wallet so the transfer stops at its debit, after it has checked both parties.
    await probe.holder.query('BEGIN');
    await probe.holder.query(`SELECT 1 FROM ledger_accounts WHERE account_id = $1 AND currency = 'USD' AND purpose = 'WALLET' FOR UPDATE`, [
      master.account.id,
    ]);
    const transfer = caller.post('/v1/transfer', transferBody(master.account.id, sub.id, { amount: '30', reason: 'allocation' }));
    const transferPid = await probe.waitingBackend(/ledger_accounts|payrail_apply/, transfer);

    const close = setAccountStatus(t.services, sub.id, 'CLOSED');
    const closePid = await probe.waitingBackend(/\baccounts\b/, close);
    const closeBlockers = closePid === undefined ? [] : await probe.blockersOf(closePid);
    await probe.holder.query('COMMIT');

    const [moved, closed] = await Promise.all([transfer, close]);
    expect(transferPid).toBeDefined();
    expect(closeBlockers).toEqual([transferPid]);
    expect(moved.status).toBe(200);
    expect(closed.status).toBe('CLOSED');
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe('30');
    expect(await walletBalance(t.services, master.account.id, 'USD')).toBe('70');
  });
});

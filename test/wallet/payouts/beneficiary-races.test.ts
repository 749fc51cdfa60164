import { startTestApp, type TestApp } from '../../support/app';
import { fundWallet, walletBalance } from '../../support/ledger';
import { lockProbe, type LockProbe } from '../../support/locks';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';
import { createBeneficiary, payoutBody } from './fixtures';

/** A payout and a delete of its beneficiary, ordered by the database's row locks. */
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

async function payer(name: string): Promise<{ tenant: Tenant; token: Client; beneficiaryId: string }> {
  const tenant = await makeMaster(t.services, { name });
  const token = await clientOf(t, tenant);
  const beneficiaryId = await createBeneficiary(token, 'USD_LOCAL');
  await fundWallet(t.services, tenant.account.id, 'USD', '500.00');
  return { tenant, token, beneficiaryId };
}

const deleteBeneficiary = (c: Client, id: string) => c.post(`/v1/beneficiaries/${id}/delete`, {});

describe('a payout racing a delete of its beneficiary', () => {
  it('waits for a delete in progress, then answers beneficiary not found and debits nothing', async () => {
    const { tenant, token, beneficiaryId } = await payer('Loses to the delete');
    await probe.holder.query('BEGIN');
    await probe.holder.query(`UPDATE beneficiaries SET status = 'DELETED', deleted_at = now(), updated_at = now() WHERE id = $1`, [beneficiaryId]);

    const payout = token.post('/v1/payouts', payoutBody(beneficiaryId));
    // The payout's writes wait in their group commit (payrail_apply) for the beneficiary's row.
    const waiter = await probe.waitingBackend(/FROM beneficiaries|payrail_apply/, payout);
    const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
    await probe.holder.query('COMMIT');

    const res = await payout;
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'beneficiary not found' }]);
    expect(blockers).toEqual([probe.pid]);
    expect(await walletBalance(t.services, tenant.account.id, 'USD')).toBe('500');
    expect(await t.db.prisma.payout.count({ where: { accountId: tenant.account.id } })).toBe(0);
  });

  it('holds the beneficiary while it runs: a delete waits for the payout to commit, then deletes it', async () => {
    const { tenant, token, beneficiaryId } = await payer('Wins over the delete');
    // Hold the payer's wallet so the payout stops at its debit, after it has read its beneficiary.
    await probe.holder.query('BEGIN');
    await probe.holder.query(`SELECT 1 FROM ledger_accounts WHERE account_id = $1 AND currency = 'USD' AND purpose = 'WALLET' FOR UPDATE`, [
      tenant.account.id,
    ]);
    const payout = token.post('/v1/payouts', payoutBody(beneficiaryId));
    const payoutPid = await probe.waitingBackend(/ledger_accounts|payrail_apply/, payout);

    const deletion = deleteBeneficiary(token, beneficiaryId);
    const deletePid = await probe.waitingBackend(/FROM beneficiaries[\s\S]*FOR UPDATE/, deletion);
    const deleteBlockers = deletePid === undefined ? [] : await probe.blockersOf(deletePid);
    await probe.holder.query('COMMIT');

    const [paid, deleted] = await Promise.all([payout, deletion]);
    expect(payoutPid).toBeDefined();
    expect(deleteBlockers).toEqual([payoutPid]);
    expect(paid.status).toBe(200);
    expect(deleted.status).toBe(200);
    expect((await t.db.prisma.beneficiary.findUniqueOrThrow({ where: { id: beneficiaryId } })).status).toBe('DELETED');
    const stored = await t.db.prisma.payout.findUniqueOrThrow({ where: { id: (paid.body as { payout_id: string }).payout_id } });
    expect([stored.beneficiaryId, stored.status]).toEqual([beneficiaryId, 'READY_TO_SEND']);
    expect(await walletBalance(t.services, tenant.account.id, 'USD')).toBe('399');
  });
});

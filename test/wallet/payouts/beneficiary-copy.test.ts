import { startTestApp, type TestApp } from '../../support/app';
import { walletBalance } from '../../support/ledger';
import { payer, payoutBody } from './fixtures';

/**
 * A payout prepares from a copy of its beneficiary kept from an earlier payout
 * (src/platform/writes/read-cache.ts); its guard requires the row ACTIVE at the copy's version, so a
 * change the copy does not know about is never paid against.
 */
let t: TestApp;
let reads: jest.SpyInstance;

beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(() => {
  reads = jest.spyOn(t.db.pool, 'query');
});
afterEach(() => reads.mockRestore());
afterAll(() => t.close());

const beneficiaryReads = () => reads.mock.calls.filter(([q]) => (q as { name?: string }).name === 'active_beneficiary').length;
const version = async (id: string) => (await t.db.prisma.beneficiary.findUniqueOrThrow({ where: { id } })).version;

describe('the beneficiary a payout is prepared from', () => {
  it('is read once: the next payout to the same beneficiary is prepared from the kept copy', async () => {
    const p = await payer(t, 'Pays the same beneficiary twice');
    expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary))).status).toBe(200);
    expect(beneficiaryReads()).toBe(1);
    expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary, { payout_reference: 'second' }))).status).toBe(200);
    expect(beneficiaryReads()).toBe(1);
    expect(await walletBalance(t.services, p.id, 'USD')).toBe('798');
  });

  it('is read again when the row changed, even with updated_at as it was (a test clock standing still)', async () => {
    const p = await payer(t, 'Beneficiary changed under the copy');
    expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary))).status).toBe(200);
    // Any UPDATE raises the row's version (trigger), whoever makes it.
    await t.db.pool.query(`UPDATE beneficiaries SET nickname = 'renamed' WHERE id = $1`, [p.beneficiary]);
    expect(await version(p.beneficiary)).toBe(2);

    const second = await p.c.post('/v1/payouts', payoutBody(p.beneficiary, { payout_reference: 'second' }));
    expect(second.status).toBe(200);
    // The kept copy failed its guard: dropped, read fresh, and the payout prepared again from it.
    expect(beneficiaryReads()).toBe(2);
    expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary, { payout_reference: 'third' }))).status).toBe(200);
    expect(beneficiaryReads()).toBe(2);
    expect(await walletBalance(t.services, p.id, 'USD')).toBe('697');
  });

  it('never pays a beneficiary deleted after the copy was kept', async () => {
    const p = await payer(t, 'Beneficiary deleted under the copy');
    expect((await p.c.post('/v1/payouts', payoutBody(p.beneficiary))).status).toBe(200);
    await t.db.pool.query(`UPDATE beneficiaries SET status = 'DELETED' WHERE id = $1`, [p.beneficiary]);

    const res = await p.c.post('/v1/payouts', payoutBody(p.beneficiary, { payout_reference: 'after delete' }));
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'beneficiary not found' }]);
    expect(await walletBalance(t.services, p.id, 'USD')).toBe('899');
    expect(await t.db.prisma.payout.count({ where: { accountId: p.id } })).toBe(1);
  });

  it('is the acting account’s own: another tenant’s payout to the same id finds no beneficiary', async () => {
    const owner = await payer(t, 'Owns the beneficiary');
    const other = await payer(t, 'Names a foreign beneficiary');
    expect((await owner.c.post('/v1/payouts', payoutBody(owner.beneficiary))).status).toBe(200);
    const res = await other.c.post('/v1/payouts', payoutBody(owner.beneficiary));
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'beneficiary not found' }]);
  });
});

import { runAdminCommand } from '../../../src/admin/commands';
import { startTestApp, type TestApp } from '../../support/app';
import { lockProbe, type LockProbe } from '../../support/locks';
import { makeMaster } from '../../support/tenants';

/** Account status changes (admin set-status): CLOSED is final, and concurrent changes serialise. */
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

const setStatus = (id: string, status: string) =>
  runAdminCommand(t.services, ['set-status', '--account', id, '--status', status]) as Promise<{ status: string }>;
const statusOf = async (id: string) => (await t.db.prisma.account.findUniqueOrThrow({ where: { id } })).status;
const CLOSED_IS_FINAL = 'account is closed: a closed account cannot change status';

describe('account status changes', () => {
  it('moves between ACTIVE, INACTIVE and PROCESSING, and to CLOSED, which is final', async () => {
    const { account } = await makeMaster(t.services, { name: 'Lifecycle' });
    expect((await setStatus(account.id, 'INACTIVE')).status).toBe('INACTIVE');
    expect((await setStatus(account.id, 'ACTIVE')).status).toBe('ACTIVE');
    expect((await setStatus(account.id, 'CLOSED')).status).toBe('CLOSED');
    expect((await setStatus(account.id, 'CLOSED')).status).toBe('CLOSED');
    for (const status of ['ACTIVE', 'INACTIVE', 'PROCESSING']) await expect(setStatus(account.id, status)).rejects.toThrow(CLOSED_IS_FINAL);
    expect(await statusOf(account.id)).toBe('CLOSED');
  });

  it('an activation racing a close in progress waits for it, then loses: the account stays CLOSED', async () => {
    const { account } = await makeMaster(t.services, { name: 'Closing' });
    await setStatus(account.id, 'INACTIVE');
    await probe.holder.query('BEGIN');
    await probe.holder.query(`UPDATE accounts SET status = 'CLOSED', updated_at = now() WHERE id = $1`, [account.id]);

    const activation = setStatus(account.id, 'ACTIVE');
    const waiter = await probe.waitingBackend(/\baccounts\b/, activation);
    const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
    await probe.holder.query('COMMIT');

    await expect(activation).rejects.toThrow(CLOSED_IS_FINAL);
    expect(blockers).toEqual([probe.pid]);
    expect(await statusOf(account.id)).toBe('CLOSED');
  });

  it('a sub-account created while its master is being closed waits for the close, then is refused', async () => {
    const master = await makeMaster(t.services, { name: 'Closing master' });
    await probe.holder.query('BEGIN');
    await probe.holder.query(`UPDATE accounts SET status = 'CLOSED', updated_at = now() WHERE id = $1`, [master.account.id]);

    const creation = runAdminCommand(t.services, ['create-sub-account', '--parent', master.account.id, '--name', 'Late child']);
    const waiter = await probe.waitingBackend(/\baccounts\b/, creation);
    const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
    await probe.holder.query('COMMIT');

    await expect(creation).rejects.toThrow('please completed the verification and activate your account first');
    expect(blockers).toEqual([probe.pid]);
    expect(await t.db.prisma.account.count({ where: { parentId: master.account.id } })).toBe(0);
  });

  it('a close racing an activation in progress waits for it, then wins: the account ends CLOSED', async () => {
    const { account } = await makeMaster(t.services, { name: 'Activating' });
    await setStatus(account.id, 'INACTIVE');
    await probe.holder.query('BEGIN');
    await probe.holder.query(`UPDATE accounts SET status = 'ACTIVE', updated_at = now() WHERE id = $1`, [account.id]);

    const close = setStatus(account.id, 'CLOSED');
    const waiter = await probe.waitingBackend(/\baccounts\b/, close);
    const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
    await probe.holder.query('COMMIT');

    expect((await close).status).toBe('CLOSED');
    expect(blockers).toEqual([probe.pid]);
    await expect(setStatus(account.id, 'ACTIVE')).rejects.toThrow(CLOSED_IS_FINAL);
  });
});

import { randomUUID } from 'node:crypto';
import { SAME_UEN_LIMIT } from '../../../src/domain/onboarding/accounts/sub-account-rules';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { lockProbe } from '../../support/locks';
import { makeMaster, type Tenant } from '../../support/tenants';
import { company } from './sub-account-bodies';

/** AF2's same-UEN limit under concurrency: the count runs under the master's FOR UPDATE lock. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIMIT = `same UEN sub account limit reached, current: ${SAME_UEN_LIMIT}, max: ${SAME_UEN_LIMIT}`;
const create = (c: Client, uen: string) => c.post('/v1/accounts/create_accounts', company(uen));
const sharing = (master: Tenant, uen: string) =>
  t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1 AND onboarding #>> '{company_info,company_registration_number}' = $2`, [master.account.id, uen]);

describe('same UEN limit under concurrent AF2 creations', () => {
  it(`concurrent creations around the limit never pass ${SAME_UEN_LIMIT}`, async () => {
    const master = await makeMaster(t.services, { name: 'UEN racer' });
    const c = await clientOf(t, master);
    for (let i = 0; i < SAME_UEN_LIMIT - 2; i++) expect((await create(c, 'UEN-RACE')).status).toBe(200);
    const replies = await Promise.all(Array.from({ length: 6 }, () => create(c, 'UEN-RACE')));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body).toEqual({ code: 400, message: LIMIT });
    expect((await sharing(master, 'UEN-RACE')).rows[0]!.n).toBe(SAME_UEN_LIMIT);
  });

  it('a creation meeting an in-flight fifth one waits on the master lock, then counts it and is refused', async () => {
    const master = await makeMaster(t.services, { name: 'UEN waiter' });
    const c = await clientOf(t, master);
    for (let i = 0; i < SAME_UEN_LIMIT - 1; i++) expect((await create(c, 'UEN-WAIT')).status).toBe(200);
    const probe = await lockProbe(t.url);
    try {
      // What an AF2 creation does in its transaction: lock the master, insert the sub-account.
      await probe.holder.query('BEGIN');
      await probe.holder.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [master.account.id]);
      await probe.holder.query(
        `INSERT INTO accounts (id, short_reference_id, parent_id, name, entity_type, business_types, status, verification_status, onboarding, is_sandbox, created_at, updated_at)
         VALUES ($1, $2, $3, 'In flight', 'COMPANY', ARRAY['ISSUING'], 'ACTIVE', 'PENDING', $4, true, now(), now())`,
        [randomUUID(), `PA${randomUUID().slice(0, 8).toUpperCase()}`, master.account.id, JSON.stringify({ company_info: { company_registration_number: 'UEN-WAIT' } })],
      );
      const creation = create(c, 'UEN-WAIT');
      const waiter = await probe.waitingBackend(/FOR UPDATE/, creation);
      const blockers = waiter === undefined ? [] : await probe.blockersOf(waiter);
      await probe.holder.query('COMMIT');
      const res = await creation;
      expect(blockers).toEqual([probe.pid]);
      expect(res.body).toEqual({ code: 400, message: LIMIT });
      expect((await sharing(master, 'UEN-WAIT')).rows[0]!.n).toBe(SAME_UEN_LIMIT);
    } finally {
      await probe.close();
    }
  });
});

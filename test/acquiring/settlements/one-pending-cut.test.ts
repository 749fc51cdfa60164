import { randomUUID } from 'node:crypto';
import { addSettlementCut, SETTLEMENT_CUT } from '../../../src/domain/acquiring/settlements/contract';
import { nextCutAfter } from '../../../src/domain/acquiring/settlements/cut-time';
import { applyInTransaction } from '../../../src/platform/writes/apply';
import { WriteSet } from '../../../src/platform/writes/write-set';
import { startTestApp, type TestApp } from '../../support/app';
import { lockProbe } from '../../support/locks';
import { makeMaster } from '../../support/tenants';

/**
 * Each capture schedules the cut that will settle it, in its own write set. Captures that commit
 * at the same time must still leave one pending cut per account and cut instant
 * (src/domain/acquiring/settlements/contract.ts): the database holds it, not a read made before the other
 * capture committed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const pendingCuts = async (accountId: string): Promise<string[]> =>
  (
    await t.db.pool.query<{ due_at: Date }>(
      `SELECT due_at FROM scheduled_transitions WHERE kind = $1 AND subject_id = $2 AND status = 'PENDING' ORDER BY due_at`,
      [SETTLEMENT_CUT, accountId],
    )
  ).rows.map((r) => r.due_at.toISOString());

describe('the settlement cut a capture schedules', () => {
  it('is scheduled once when a second capture commits while the first one, uncommitted, has scheduled it', async () => {
    const m = (await makeMaster(t.services, { name: 'Two captures' })).account;
    const capturedAt = new Date('2026-11-21T15:00:00Z');
    const due = nextCutAfter(capturedAt);
    const probe = await lockProbe(t.url);
    try {
      // The first capture's transaction: its cut is inserted, not yet committed.
      await probe.holder.query('BEGIN');
      await probe.holder.query(
        `INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at)
         VALUES ($1, $2, $2, $3, $2, $4, 'PENDING', 0, $5)`,
        [randomUUID(), m.id, SETTLEMENT_CUT, due, capturedAt],
      );
      // The second capture schedules the same cut through the domain's write set.
      const second = t.db.prisma.$transaction(async (tx) => {
        const writes = new WriteSet();
        addSettlementCut(writes, { accountId: m.id, rootAccountId: m.id, capturedAt, now: capturedAt });
        await applyInTransaction(tx, writes);
      });
      // It must wait for the first: a check that cannot see the uncommitted row would not.
      expect(await probe.waitingBackend(/scheduled_transitions|payrail_apply/, second)).toEqual(expect.any(Number));
      await probe.holder.query('COMMIT');
      await second;
      expect(await pendingCuts(m.id)).toEqual([due.toISOString()]);
    } finally {
      await probe.close();
    }
  });

  it('is scheduled again for an instant whose cut already ran: a capture committed after its cut still gets settled', async () => {
    const m = (await makeMaster(t.services, { name: 'Late capture' })).account;
    const capturedAt = new Date('2026-11-21T15:00:00Z');
    const due = nextCutAfter(capturedAt);
    await t.db.pool.query(
      `INSERT INTO scheduled_transitions (id, account_id, root_account_id, kind, subject_id, due_at, status, attempts, created_at, done_at)
       VALUES ($1, $2, $2, $3, $2, $4, 'DONE', 1, $5, $4)`,
      [randomUUID(), m.id, SETTLEMENT_CUT, due, capturedAt],
    );
    await t.db.prisma.$transaction(async (tx) => {
      const writes = new WriteSet();
      addSettlementCut(writes, { accountId: m.id, rootAccountId: m.id, capturedAt, now: capturedAt });
      await applyInTransaction(tx, writes);
    });
    expect(await pendingCuts(m.id)).toEqual([due.toISOString()]);
  });
});

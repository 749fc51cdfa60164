import { newId } from '../../../platform/ids/ids';
import type { WriteSet } from '../../../platform/writes/write-set';
import { nextCutAfter } from './cut-time';
import { addCutOnce } from './store';

export { addSettlementAtOnce, prepareSettlementAtOnce, type SettlementAtOnce } from './at-once';
export { guardSettled, isSettled } from './store';

/**
 * What the settlements area offers the others:
 * - a capture schedules the cut that will settle it (`addSettlementCut`, in the capture's write set),
 *   or, the sandbox's test value, settles in its own commit (`prepareSettlementAtOnce` reads what it
 *   rests on, `addSettlementAtOnce` adds it to the capture's write set: at-once.ts);
 * - a refund learns whether its capture is settled (`isSettled`) and re-checks it under the
 *   attempt row's lock (`guardSettled`), since a settlement may commit between the two.
 */
export const SETTLEMENT_CUT = 'settlement.cut';

export function addSettlementCut(writes: WriteSet, c: { accountId: string; rootAccountId: string; capturedAt: Date; now: Date }): void {
  addCutOnce(writes, { id: newId(), accountId: c.accountId, rootAccountId: c.rootAccountId, kind: SETTLEMENT_CUT, dueAt: nextCutAfter(c.capturedAt), now: c.now });
}


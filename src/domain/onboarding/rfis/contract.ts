import type { Prisma, Rfi } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { newId } from '../../../platform/ids/ids';
import type { ColumnValue, WriteSet } from '../../../platform/writes/write-set';
import { addRfiEvent } from './events';
import { SANDBOX_QUESTIONS, type RfiStatus } from './rules';

/**
 * CONTRACT between RFIs (owner) and account verification: the verification review of an account
 * whose name carries the sandbox test value asks for information instead of deciding (addRaisedRfi),
 * and decides once the answers are reviewed (rfiOutcomeOf). RFIs call the review again when they
 * are reviewed (lifecycle.ts schedules `account.verification`).
 */
export type RfiOutcome = 'none' | 'open' | 'approved' | 'rejected';

/** Where the account's latest RFI stands. */
export async function rfiOutcomeOf(tx: Tx, accountId: string): Promise<RfiOutcome> {
  const latest = await tx.rfi.findFirst({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { status: true } });
  const status = latest?.status as RfiStatus | undefined;
  if (status === undefined) return 'none';
  if (status === 'APPROVED') return 'approved';
  if (status === 'REJECTED') return 'rejected';
  return 'open';
}

/** The compliance team asks its questions about an account: an ACTION_REQUIRED RFI and its event, into `writes`. */
export function addRaisedRfi(writes: WriteSet, account: { id: string; parentId: string | null }, at: Date): void {
  const row: Rfi = {
    id: newId(),
    accountId: account.id,
    rootAccountId: account.parentId ?? account.id,
    status: 'ACTION_REQUIRED',
    questions: SANDBOX_QUESTIONS as unknown as Prisma.JsonValue,
    answers: null,
    createdAt: at,
    updatedAt: at,
    answeredAt: null,
    reviewedAt: null,
  };
  writes.insert('rfis', row as unknown as Record<string, ColumnValue>);
  // Nothing is answered yet: no file to show.
  addRfiEvent(writes, row, 'rfi.create.succeeded', at, new Map());
}

import type { JournalLine, Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import type { Slice } from '../pagination/list';
import type { ListPage } from '../pagination/page-reader';
import { withinRange } from '../pagination/time-range';
import type { LedgerPurpose } from './posting';

/** A posted journal line with what its entry says of it: the item of every balance-transaction list. */
export type PostedLine = JournalLine & { entry: { kind: string; referenceId: string; referenceType: string; description: string | null } };

/** The filters the balance-transaction lists share (BT3, CI21), in wire names. */
export interface LineFilter {
  currency?: string;
  transaction_type?: string;
  transaction_status?: string;
  /** The line's id or its entry's (CI21). */
  transaction_id?: string;
  start_time?: Date;
  end_time?: Date;
}

/**
 * The acting account's lines on its ledger accounts of one purpose, newest first (the lists declare
 * newestFirst: (created_at DESC, id DESC)): the wallet's
 * (BT3) and the issuing balance's (CI21) movements. Every item is a posted line, so COMPLETED is
 * the only status a line has; any other status, or a malformed id, matches nothing.
 */
export async function postedLinesOf<V>(ctx: RequestContext, purpose: LedgerPurpose, filter: LineFilter, page: ListPage, toView: (line: PostedLine) => V): Promise<Slice<V>> {
  if (filter.transaction_status && filter.transaction_status !== 'COMPLETED') return { items: [], totalCount: 0 };
  if (filter.transaction_id !== undefined && !isUuid(filter.transaction_id)) return { items: [], totalCount: 0 };
  const range = withinRange(filter);
  const where: Prisma.JournalLineWhereInput = {
    accountId: ctx.acting.id,
    ledgerAccount: { purpose },
    ...(filter.currency ? { currency: filter.currency } : {}),
    ...(filter.transaction_type ? { entry: { kind: filter.transaction_type } } : {}),
    ...(filter.transaction_id ? { OR: [{ id: filter.transaction_id }, { entryId: filter.transaction_id }] } : {}),
    ...(range ? { createdAt: range } : {}),
  };
  return page.slice(
    ctx.db.prisma.journalLine.findMany({
      ...page.prisma(where),
      include: { entry: { select: { kind: true, referenceId: true, referenceType: true, description: true } } },
    }),
    ctx.db.prisma.journalLine.count({ where }),
    toView,
  );
}

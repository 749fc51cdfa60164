import type { Transfer } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';
import type { Page } from '../pagination/page';
import { withinRange } from '../pagination/time-range';
import { restPage, type ListWindow, type Slice } from '../pagination/window';
import { parseInput } from '../validation/validate';
import { transferErrors } from './errors';
import { transferFilter } from './rules';

/** A transfer with what its readers see beside it: the parties' names and the ledger entry that moved the money. */
export interface TransferView extends Transfer {
  sourceAccountName: string;
  targetAccountName: string;
  /** The journal entry posted for the transfer. */
  entryId: string | null;
}

type Reader = Pick<Tx, 'account' | 'journalEntry'>;

/** Adds names and entry ids to a page of transfers in two queries, whatever the page's size. */
export async function toTransferViews(db: Reader, transfers: Transfer[]): Promise<TransferView[]> {
  if (transfers.length === 0) return [];
  const accountIds = [...new Set(transfers.flatMap((t) => [t.sourceAccountId, t.targetAccountId]))];
  const [accounts, entries] = await Promise.all([
    db.account.findMany({ where: { id: { in: accountIds } }, select: { id: true, name: true } }),
    db.journalEntry.findMany({
      where: { referenceType: 'TRANSFER', referenceId: { in: transfers.map((t) => t.id) } },
      select: { id: true, referenceId: true },
    }),
  ]);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const entryOf = new Map(entries.map((e) => [e.referenceId, e.id]));
  return transfers.map((t) => ({
    ...t,
    sourceAccountName: names.get(t.sourceAccountId) ?? '',
    targetAccountName: names.get(t.targetAccountId) ?? '',
    entryId: entryOf.get(t.id) ?? null,
  }));
}

/**
 * A transfer is visible to the account that made it and to both parties: a master sees the
 * transfers it made between its sub-accounts, a sub-account every transfer in or out of its wallet.
 */
const visibleTo = (accountId: string) => ({
  OR: [{ accountId }, { sourceAccountId: accountId }, { targetAccountId: accountId }],
});

/** BT8 / GraphQL transfer(id). */
export async function getTransfer(ctx: RequestContext, transferId: string): Promise<TransferView> {
  const transfer = isUuid(transferId)
    ? await ctx.db.prisma.transfer.findFirst({ where: { id: transferId, ...visibleTo(ctx.acting.id) } })
    : null;
  if (!transfer) throw transferErrors.transferNotFound();
  const [view] = await toTransferViews(ctx.db.prisma, [transfer]);
  return view!;
}

/** BT7 / GraphQL transfers: newest first. */
export async function findTransfers(ctx: RequestContext, rawFilter: unknown, window: ListWindow): Promise<Slice<TransferView>> {
  const filter = parseInput(transferFilter, rawFilter ?? {});
  const range = withinRange(filter);
  const where = {
    ...visibleTo(ctx.acting.id),
    ...(filter.transfer_status ? { status: filter.transfer_status } : {}),
    ...(filter.currency ? { currency: filter.currency } : {}),
    ...(range ? { createdAt: range } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.prisma.transfer.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.skip, take: window.take }),
    ctx.db.prisma.transfer.count({ where }),
  ]);
  return { items: await toTransferViews(ctx.db.prisma, rows), totalCount };
}

export const listTransfers = (ctx: RequestContext, rawQuery: unknown): Promise<Page<TransferView>> =>
  restPage(rawQuery, (window) => findTransfers(ctx, rawQuery, window));

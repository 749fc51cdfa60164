import { cardTransactionList } from '../transactions/queries';
import type { CardTransactionView } from '../transactions/view';
import type { RequestContext } from '../../../platform/context';
import { issuingBalanceTransactionList } from '../balances/queries';
import type { OffsetWindow, Slice } from '../../../platform/pagination/list';
import { BALANCE_TRANSACTION_COLUMNS, CARD_TRANSACTION_COLUMNS } from './columns';
import { writeCsv, type CsvResult } from './csv';
import type { ReportType } from './rules';

/** Rows read per call of an area's list finder while a report is written. */
const BATCH = 500;

/** Every item of a list finder, window after window, in the list's own order (newest first). */
export async function* everyItem<V>(find: (window: OffsetWindow) => Promise<Slice<V>>, batch = BATCH): AsyncGenerator<V> {
  for (let skip = 0; ; skip += batch) {
    const { items } = await find({ skip, take: batch });
    yield* items;
    if (items.length < batch) return;
  }
}

/** SETTLEMENT: the transactions that move settled money, approved clearings and refunds. */
const settles = (t: CardTransactionView) => (t.transactionType === 'CLEARING' || t.transactionType === 'REFUND') && t.transactionStatus === 'APPROVED';

async function* only<V>(items: AsyncIterable<V>, keep: (v: V) => boolean): AsyncGenerator<V> {
  for await (const v of items) if (keep(v)) yield v;
}

/** A report's CSV: its columns over its rows, read through the areas' own list finders (no SQL of ours). */
export function writeReport(ctx: RequestContext, type: ReportType, start: Date, requestedEnd: Date): Promise<CsvResult> {
  // Read up to now at the latest: rows landing while the pages are read are newer, so they cannot
  // shift the newest-first pages under the reader and repeat a row at a page boundary.
  const end = new Date(Math.min(requestedEnd.getTime(), ctx.clock.now().getTime()));
  if (type === 'BALANCE') {
    const filter = { startTime: start, endTime: end };
    return writeCsv(BALANCE_TRANSACTION_COLUMNS, everyItem((w) => issuingBalanceTransactionList.find(ctx, filter, w)));
  }
  const filter = { startTime: start.toISOString(), endTime: end.toISOString() };
  const all = everyItem((w) => cardTransactionList.find(ctx, filter, w));
  return writeCsv(CARD_TRANSACTION_COLUMNS, type === 'SETTLEMENT' ? only(all, settles) : all);
}

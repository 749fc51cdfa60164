import type { Database } from '../../../platform/db/client';
import type { ListPage, SqlPage } from '../../../platform/pagination/page-reader';
import type { PayoutRow } from './view';

/** The columns of a payouts row under their Prisma names, for named `pg` statements. */
const PAYOUT_COLUMNS = `id, account_id AS "accountId", short_reference_id AS "shortReferenceId", status,
  beneficiary_id AS "beneficiaryId", quote_id AS "quoteId", source_currency AS "sourceCurrency",
  source_amount AS "sourceAmount", payout_currency AS "payoutCurrency", payout_amount AS "payoutAmount",
  fee_amount AS "feeAmount", fee_currency AS "feeCurrency", fee_paid_by AS "feePaidBy", payment_method AS "paymentMethod",
  purpose_code AS "purposeCode", payout_reference AS "payoutReference",
  (payout_date::timestamp AT TIME ZONE 'UTC') AS "payoutDate", is_payer AS "isPayer", payer_id AS "payerId", documentation,
  failure_reason AS "failureReason", failure_returned_amount AS "failureReturnedAmount", created_at AS "createdAt",
  updated_at AS "updatedAt", completed_at AS "completedAt"`;

/**
 * The list's two statements, named so each pooled connection plans them once: a dashboard reads
 * this list on every page view (measured in docs/performance.md: Prisma's query compiler cost more
 * CPU per request than the rest of the list). An absent filter is a NULL parameter.
 */
const LIST_WHERE = `account_id = $1 AND ($2::text IS NULL OR status = $2)
  AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at <= $4)`;
/** The page statement of one form of window (page-reader.ts): an offset, or a keyset bound. */
const listPage = (p: SqlPage) => `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE ${LIST_WHERE}${p.bound} ORDER BY ${p.orderBy} ${p.limit}`;
const LIST_COUNT = `SELECT count(*)::int AS n FROM payouts WHERE ${LIST_WHERE}`;

/** The list's filter as the statements take it: an absent member is null. */
export interface PayoutListWhere {
  accountId: string;
  status: string | null;
  startTime: Date | null;
  endTime: Date | null;
}

const whereValues = (w: PayoutListWhere): unknown[] => [w.accountId, w.status, w.startTime, w.endTime];

/** One window of the account's payouts, in the list's order (newest first). */
export function payoutListPage(db: Pick<Database, 'pool'>, where: PayoutListWhere, page: ListPage): Promise<PayoutRow[]> {
  const p = page.sql(5);
  return db.pool.query<PayoutRow>({ name: `payout_list_page${p.name}`, text: listPage(p), values: [...whereValues(where), ...p.values] }).then((r) => r.rows);
}

/** How many payouts the filter matches. */
export const payoutListCount = (db: Pick<Database, 'pool'>, where: PayoutListWhere): Promise<number> =>
  db.pool.query<{ n: number }>({ name: 'payout_list_count', text: LIST_COUNT, values: whereValues(where) }).then((r) => r.rows[0]?.n ?? 0);

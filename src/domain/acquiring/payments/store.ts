import type Decimal from 'decimal.js';
import type { DomainError } from '../../../platform/errors/domain-error';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { columns, STALE, type ColumnValue, type WriteSet } from '../../../platform/writes/write-set';
import type { Database } from '../../../platform/db/client';
import type { ListPage, SqlPage } from '../../../platform/pagination/page-reader';
import type { PaymentAttempt, PaymentIntent } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import { readRows, type ReadScope } from '../../../platform/db/reads';
import type {
  AddRefundedAmount,
  CapturedPayment,
  CaptureToSettle,
  FindCapturableIntent,
  FindCapturedAttempt,
  LockCapture,
  LockCapturesToSettle,
  MarkCaptureSettled,
  ReadCapturedPayment,
} from './contract';
import { CAPTURE_CAP_GUARD } from './capture-cap';
import { REFUND_CAP_GUARD, refundableOf } from './refund-cap';
import { attemptOfRow, intentOfRow, type PaymentAttemptRow, type PaymentIntentRow } from './view';

type Reader = Pick<Database, 'pool'>;

/** The columns of a payment_intents row under their Prisma names, for named `pg` statements. */
const INTENT_COLUMNS = `id, account_id AS "accountId", status, amount, currency, captured_amount AS "capturedAmount", description,
  merchant_order_id AS "merchantOrderId", metadata, return_url AS "returnUrl",
  available_payment_method_types AS "availablePaymentMethodTypes", customer, customer_id AS "customerId",
  payment_orders AS "paymentOrders", ip_address AS "ipAddress", browser_info AS "browserInfo",
  client_secret_expires_at AS "clientSecretExpiresAt", next_action AS "nextAction", latest_attempt_id AS "latestAttemptId",
  cancellation_reason AS "cancellationReason", cancelled_at AS "cancelledAt", completed_at AS "completedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The columns of a payment_attempts row under their Prisma names, for named `pg` statements. */
const ATTEMPT_COLUMNS = `id, account_id AS "accountId", payment_intent_id AS "paymentIntentId", status, amount, currency,
  captured_amount AS "capturedAmount", refunded_amount AS "refundedAmount", payment_method_type AS "paymentMethodType", card,
  card_fingerprint AS "cardFingerprint", authentication_data AS "authenticationData", failure_code AS "failureCode",
  cancellation_reason AS "cancellationReason", auth_code AS "authCode", arn, rrn, advice_code AS "adviceCode",
  completed_at AS "completedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CAPTURED_STATUSES = ['CAPTURE_REQUESTED', 'SETTLED'];

/** An intent is captured when it is SUCCEEDED; it succeeded at its completed_at. */
export const CAPTURED_INTENT_STATUS = 'SUCCEEDED';

/** Implements ReadCapturedPayment (contract.ts). */
export const readCapturedPayment: ReadCapturedPayment = async (db: Reader, accountId, paymentIntentId) => {
  if (!isUuid(paymentIntentId)) return undefined;
  const { rows } = await db.pool.query<{
    intent_id: string; attempt_id: string; account_id: string; currency: string; merchant_order_id: string; status: string;
    captured_amount: string; refunded_amount: string; captured_at: Date; updated_at: Date;
  }>({
    name: 'payments_captured_payment',
    text: `SELECT i.id AS intent_id, a.id AS attempt_id, i.account_id, i.currency, i.merchant_order_id, a.status,
                  a.captured_amount::text, a.refunded_amount::text, a.completed_at AS captured_at, a.updated_at
             FROM payment_intents i JOIN payment_attempts a ON a.id = i.latest_attempt_id
            WHERE i.id = $1 AND i.account_id = $2 AND i.status = 'SUCCEEDED' AND a.status = ANY($3)`,
    values: [paymentIntentId, accountId, CAPTURED_STATUSES],
  });
  const r = rows[0];
  if (!r) return undefined;
  const captured = money(r.captured_amount);
  const refunded = money(r.refunded_amount);
  const payment: CapturedPayment = {
    paymentIntentId: r.intent_id,
    paymentAttemptId: r.attempt_id,
    accountId: r.account_id,
    currency: r.currency,
    merchantOrderId: r.merchant_order_id,
    capturedAmount: captured,
    refundedAmount: refunded,
    refundableAmount: refundableOf({ captured, refunded }),
    settled: r.status === 'SETTLED',
    capturedAt: r.captured_at,
  };
  return payment;
};

/** Implements AddRefundedAmount (contract.ts): the check and the increment are one statement. */
export const addRefundedAmount: AddRefundedAmount = (writes: WriteSet, p: { paymentAttemptId: string; accountId: string; amount: Decimal; at: Date }, refusal: DomainError) => {
  writes.require(
    {
      sql: `UPDATE payment_attempts SET refunded_amount = refunded_amount + ($1::jsonb->>'amount')::numeric, updated_at = ($1::jsonb->>'at')::timestamptz
             WHERE id = ($1::jsonb->>'id')::uuid AND account_id = ($1::jsonb->>'account_id')::uuid
               AND status IN ('CAPTURE_REQUESTED', 'SETTLED')
               AND ${REFUND_CAP_GUARD}
             RETURNING 'true'::jsonb`,
      args: { id: p.paymentAttemptId, account_id: p.accountId, amount: p.amount.toFixed(), at: p.at.toISOString() },
    },
    refusal,
  );
};

/** Implements MarkCaptureSettled (contract.ts). */
export const markCaptureSettled: MarkCaptureSettled = (writes, p) => {
  writes.run({
    sql: `UPDATE payment_attempts SET status = 'SETTLED', updated_at = ($1::jsonb->>'at')::timestamptz
           WHERE id = ($1::jsonb->>'id')::uuid AND status = 'CAPTURE_REQUESTED'`,
    args: { id: p.paymentAttemptId, at: p.at.toISOString() },
  });
};

/** Implements FindCapturableIntent (contract.ts). */
export const findCapturableIntent: FindCapturableIntent = async (scope, accountId, intentId) =>
  isUuid(intentId) ? ((await readIntentOfAccount(scope, accountId, intentId)) ?? null) : null;

// A refund's attempt is found by one of two statements: the attempt named (or the intent's latest), $3,
// or, when the intent has none, its newest attempt that captured money.
const ATTEMPT_OF_INTENT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND id = $3::uuid`;
const NEWEST_CAPTURED_ATTEMPT = `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts
  WHERE account_id = $1::uuid AND payment_intent_id = $2::uuid AND captured_amount > 0 ORDER BY created_at DESC, id DESC LIMIT 1`;

/** Implements FindCapturedAttempt (contract.ts). */
export const findCapturedAttempt: FindCapturedAttempt = async (scope, intent, attemptId) => {
  const named = attemptId ?? intent.latestAttemptId ?? undefined;
  if (named !== undefined && !isUuid(named)) return null;
  const [row] = await readRows<PaymentAttemptRow>(
    scope,
    named !== undefined
      ? { name: 'refund_attempt_of_intent', text: ATTEMPT_OF_INTENT, values: [intent.accountId, intent.id, named] }
      : { name: 'refund_newest_captured_attempt', text: NEWEST_CAPTURED_ATTEMPT, values: [intent.accountId, intent.id] },
  );
  const attempt = row && attemptOfRow(row);
  return attempt && attempt.capturedAmount.gt(0) ? attempt : null;
};

/** Implements LockCapturesToSettle (contract.ts): every capture of the batch is locked by the one statement that reads them. */
export const lockCapturesToSettle: LockCapturesToSettle = (tx, accountId, cut) =>
  tx.$queryRaw<CaptureToSettle[]>`
    SELECT a.id AS "attemptId", i.id AS "intentId", i.merchant_order_id AS "merchantOrderId", a.currency,
           a.captured_amount::text AS "capturedAmount", a.refunded_amount::text AS "refundedAmount",
           a.payment_method_type AS "paymentMethodType", i.created_at AS "intentCreatedAt", i.completed_at AS "capturedAt"
    FROM payment_attempts a JOIN payment_intents i ON i.id = a.payment_intent_id
    WHERE a.account_id = ${accountId}::uuid AND i.account_id = ${accountId}::uuid
      AND i.status = ${CAPTURED_INTENT_STATUS} AND a.captured_amount > 0 AND i.completed_at < ${cut}
      AND NOT EXISTS (SELECT 1 FROM settlement_items s WHERE s.payment_attempt_id = a.id)
    ORDER BY i.completed_at, a.id
    FOR UPDATE OF a`;

/** Implements LockCapture (contract.ts). */
export const lockCapture: LockCapture = async (tx, attemptId) => {
  await lockRow(tx, 'payment_attempts', { id: attemptId });
};

/**
 * The account's intent with this (well-formed) id, in Prisma's shape, or undefined: a named statement
 * (src/platform/db/reads.ts), not a Prisma query — every payment request and every refund reads one.
 */
export async function readIntentOfAccount(scope: ReadScope, accountId: string, id: string): Promise<PaymentIntent | undefined> {
  const [row] = await readRows<PaymentIntentRow>(scope, {
    name: 'payment_intent_of_account',
    text: `SELECT ${INTENT_COLUMNS} FROM payment_intents WHERE id = $1::uuid AND account_id = $2::uuid`,
    values: [id, accountId],
  });
  return row && intentOfRow(row);
}

/** The account's attempt with this (well-formed) id, in Prisma's shape, or undefined. */
export async function readAttemptOfAccount(scope: ReadScope, accountId: string, id: string): Promise<PaymentAttempt | undefined> {
  const [row] = await readRows<PaymentAttemptRow>(scope, {
    name: 'payment_attempt_of_account',
    text: `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE id = $1::uuid AND account_id = $2::uuid`,
    values: [id, accountId],
  });
  return row && attemptOfRow(row);
}

type Row = PaymentIntent | PaymentAttempt;

/** The guarded UPDATE of replaceRow, with `guard`, a further condition over the stored row (t) and the new one (r). */
function replaceStatement(writes: WriteSet, table: 'payment_intents' | 'payment_attempts', next: Row, was: { status: string; updatedAt: Date }, guard: string): void {
  const row = columns(next as unknown as Record<string, ColumnValue>);
  const set = Object.keys(row)
    .filter((c) => c !== 'id' && c !== 'account_id')
    .map((c) => `${c} = r.${c}`)
    .join(', ');
  writes.require(
    {
      sql: `UPDATE ${table} t SET ${set} FROM jsonb_populate_record(NULL::${table}, $1::jsonb->'row') r
            WHERE t.id = r.id AND t.account_id = r.account_id
              AND t.status = $1::jsonb->>'was_status' AND t.updated_at = ($1::jsonb->>'was_updated_at')::timestamptz${guard}
            RETURNING 'true'::jsonb`,
      args: { row, was_status: was.status, was_updated_at: was.updatedAt.toISOString() },
    },
    STALE,
  );
}

/**
 * Writes a changed intent or attempt back whole, guarded by what it was read as (its status and
 * update time): the statement matches no row when another writer changed it since, and the request
 * is prepared again from a fresh read (STALE). Two concurrent operations on one intent (capture and
 * cancel) thus cannot both win: the second waits for the first's row lock, then finds the status
 * changed.
 */
export function replaceRow(writes: WriteSet, table: 'payment_intents' | 'payment_attempts', next: Row, was: { status: string; updatedAt: Date }): void {
  replaceStatement(writes, table, next, was, '');
}

/**
 * replaceRow for an attempt that captures money, guarded by the capture cap too (capture-cap.ts):
 * a captured amount beyond what the stored attempt authorized writes nothing, and the request is
 * prepared again, where the cap answers it.
 */
export function replaceCapturedAttempt(writes: WriteSet, next: PaymentAttempt, was: { status: string; updatedAt: Date }): void {
  replaceStatement(writes, 'payment_attempts', next, was, `\n              AND ${CAPTURE_CAP_GUARD}`);
}

export const insertRow = (writes: WriteSet, table: 'payment_intents' | 'payment_attempts', row: Row): void =>
  writes.insert(table, row as unknown as Record<string, ColumnValue>);

/**
 * PA7 / GraphQL `paymentIntents`: the page and the size of the whole list in one named statement,
 * so a dashboard page of intents with their attempts and refunds costs three statements.
 */
const INTENT_LIST_WHERE = `account_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR merchant_order_id = $3)
  AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)`;
const INTENT_LIST_PAGE = `SELECT ${INTENT_COLUMNS}, count(*) OVER ()::int AS total FROM payment_intents
  WHERE ${INTENT_LIST_WHERE} ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`;
/**
 * A keyset window (GraphQL): the bound narrows the rows, so the whole list's count is a subquery
 * of the filter alone, planned once per statement, and the page stays one statement.
 */
const intentListKeyset = (p: SqlPage) => `SELECT ${INTENT_COLUMNS},
  (SELECT count(*)::int FROM payment_intents WHERE ${INTENT_LIST_WHERE}) AS total FROM payment_intents
  WHERE ${INTENT_LIST_WHERE}${p.bound} ORDER BY ${p.orderBy} ${p.limit}`;
const INTENT_LIST_COUNT = `SELECT count(*)::int AS n FROM payment_intents WHERE ${INTENT_LIST_WHERE}`;

/** The intent list's filter as the statements take it: an absent member is null. */
export interface IntentListWhere {
  accountId: string;
  status: string | null;
  merchantOrderId: string | null;
  createStartTime: Date | null;
  createEndTime: Date | null;
}

const intentWhereValues = (w: IntentListWhere): unknown[] => [w.accountId, w.status, w.merchantOrderId, w.createStartTime, w.createEndTime];

/** One window of the account's intents, newest first, each row with the size of the whole list. */
export async function intentListPage(db: Pick<Database, 'pool'>, where: IntentListWhere, page: ListPage): Promise<(PaymentIntentRow & { total: number })[]> {
  const p = page.sql(6);
  const { rows } = await db.pool.query<PaymentIntentRow & { total: number }>({
    name: `payment_intent_list_page${p.name}`,
    text: p.keyset ? intentListKeyset(p) : INTENT_LIST_PAGE,
    values: [...intentWhereValues(where), ...p.values],
  });
  return rows;
}

/** How many intents the filter matches. */
export async function intentListCount(db: Pick<Database, 'pool'>, where: IntentListWhere): Promise<number> {
  return (await db.pool.query<{ n: number }>({ name: 'payment_intent_list_count', text: INTENT_LIST_COUNT, values: intentWhereValues(where) })).rows[0]!.n;
}

/** The acquiring area's key as the migration wrote it, or undefined before the migrations ran. */
export const readPaymentKey = (db: Pick<Database, 'pool'>): Promise<{ key: string } | undefined> =>
  db.pool.query<{ key: string }>('SELECT key FROM payment_keys WHERE id = 1').then((r) => r.rows[0]);

/** The intent and account of an attempt waiting on its 3-D Secure challenge, or undefined. */
export async function readRedirectedAttempt(db: Pick<Database, 'pool'>, attemptId: string): Promise<{ payment_intent_id: string; account_id: string } | undefined> {
  const { rows } = await db.pool.query<{ payment_intent_id: string; account_id: string }>(
    `SELECT payment_intent_id, account_id FROM payment_attempts WHERE id = $1 AND status = 'AUTHENTICATION_REDIRECTED'`,
    [attemptId],
  );
  return rows[0];
}

/** What the challenge page shows of an intent and its attempt. */
export async function readChallengeContent(
  db: Pick<Database, 'pool'>,
  attemptId: string,
  intentId: string,
): Promise<{ amount: string; currency: string; description: string | null; card_number: string }> {
  const { rows } = await db.pool.query<{ amount: string; currency: string; description: string | null; card_number: string }>(
    `SELECT i.amount::text, i.currency, i.description, a.card->>'card_number' AS card_number
       FROM payment_intents i JOIN payment_attempts a ON a.id = $1 WHERE i.id = $2`,
    [attemptId, intentId],
  );
  return rows[0]!;
}

/** The account's tree root and whether it is a sandbox account. */
export async function readRootAndSandbox(db: Pick<Database, 'pool'>, accountId: string): Promise<{ root: string; is_sandbox: boolean }> {
  const { rows } = await db.pool.query<{ root: string; is_sandbox: boolean }>(
    `SELECT coalesce(parent_id, id)::text AS root, is_sandbox FROM accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0]!;
}

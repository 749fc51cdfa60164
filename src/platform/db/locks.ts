import type pg from 'pg';
import { Prisma } from '../../generated/prisma/client';
import type {
  Account,
  BankAccount,
  Beneficiary,
  Card,
  Cardholder,
  CardOrder,
  Deposit,
  FxQuote,
  PaymentAttempt,
  PaymentIntent,
  PaymentPayout,
  PaymentTerminal,
  Payout,
  Refund,
  Rfi,
  TestClock,
  VirtualAccount,
  VirtualAccountApplication,
} from '../../generated/prisma/client';
import type { Tx } from './tx';
import { snakeCase } from '../names';

/**
 * Runs `work` while holding a session advisory lock named `name`, so that processes starting side
 * by side on one database (two API servers, a server and a worker) do one-time set-up once.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    client.release();
  }
}

/** The tables whose rows are locked one at a time, each with the Prisma model its row reads as. */
export interface LockableRows {
  accounts: Account;
  bank_accounts: BankAccount;
  beneficiaries: Beneficiary;
  card_orders: CardOrder;
  cardholders: Cardholder;
  cards: Card;
  deposits: Deposit;
  fx_quotes: FxQuote;
  payment_attempts: PaymentAttempt;
  payment_intents: PaymentIntent;
  payment_payouts: PaymentPayout;
  payment_terminals: PaymentTerminal;
  payouts: Payout;
  refunds: Refund;
  rfis: Rfi;
  test_clocks: TestClock;
  virtual_account_applications: VirtualAccountApplication;
  virtual_accounts: VirtualAccount;
}
export type LockableTable = keyof LockableRows;

/**
 * Each table's fields, from the generated client: the compiler refuses a table whose list misses a
 * field of its model, and a field added to the schema is read with the rest.
 */
const FIELDS: { [T in LockableTable]: Record<keyof LockableRows[T], string> } = {
  accounts: Prisma.AccountScalarFieldEnum,
  bank_accounts: Prisma.BankAccountScalarFieldEnum,
  beneficiaries: Prisma.BeneficiaryScalarFieldEnum,
  card_orders: Prisma.CardOrderScalarFieldEnum,
  cardholders: Prisma.CardholderScalarFieldEnum,
  cards: Prisma.CardScalarFieldEnum,
  deposits: Prisma.DepositScalarFieldEnum,
  fx_quotes: Prisma.FxQuoteScalarFieldEnum,
  payment_attempts: Prisma.PaymentAttemptScalarFieldEnum,
  payment_intents: Prisma.PaymentIntentScalarFieldEnum,
  payment_payouts: Prisma.PaymentPayoutScalarFieldEnum,
  payment_terminals: Prisma.PaymentTerminalScalarFieldEnum,
  payouts: Prisma.PayoutScalarFieldEnum,
  refunds: Prisma.RefundScalarFieldEnum,
  rfis: Prisma.RfiScalarFieldEnum,
  test_clocks: Prisma.TestClockScalarFieldEnum,
  virtual_account_applications: Prisma.VirtualAccountApplicationScalarFieldEnum,
  virtual_accounts: Prisma.VirtualAccountScalarFieldEnum,
};

/**
 * A field's column: the schema maps every scalar field to its snake_case name
 * (test/unit/row-locks.test.ts holds the schema to it).
 */
export const columnOf = (field: string): string => snakeCase(field);

const fieldColumns = new Map<LockableTable, [field: string, column: string][]>();
/** Each field of a table's model with the column it is stored in. */
function fieldColumnsOf(table: LockableTable): [string, string][] {
  let pairs = fieldColumns.get(table);
  if (pairs === undefined) {
    pairs = Object.keys(FIELDS[table]).map((f) => [f, columnOf(f)]);
    fieldColumns.set(table, pairs);
  }
  return pairs;
}

/** The fields a lock names its row by: equality on text (ids, references, statuses). */
export type RowMatch<T extends LockableTable> = { [K in keyof LockableRows[T]]?: Extract<LockableRows[T][K], string> };

/**
 * Locks the one row of `table` that `match` names and answers it, in one statement
 * (`SELECT * … FOR UPDATE`, or `FOR SHARE` when `mode` is 'share'): the row as the model's
 * findUnique would read it (Decimal, Date and Json alike), or undefined when no row matches. The lock
 * is held until `tx` ends, so a writer that locks the same row waits and then reads what this one
 * wrote.
 */
export async function lockRow<T extends LockableTable>(
  tx: Tx,
  table: T,
  match: RowMatch<T>,
  mode: 'update' | 'share' = 'update',
): Promise<LockableRows[T] | undefined> {
  const known = FIELDS[table] as Record<string, string>;
  const named = Object.entries(match as Record<string, string | undefined>).filter((e): e is [string, string] => e[1] !== undefined);
  // The names become SQL: only the table's own fields are accepted, never a caller's text.
  if (named.length === 0 || named.some(([f]) => !Object.hasOwn(known, f))) throw new Error(`lockRow(${table}): match names no field of the table`);
  // Bare column names and `*`, as an area's own SQL writes them (no column of a lockable table is a
  // reserved word, and each holds only its model's columns: test/db/row-locks.test.ts), so the
  // statement stays short and whole in pg_stat_activity, where a lock wait is looked for.
  const where = named.map(([f], i) => `${columnOf(f)} = $${i + 1}`).join(' AND ');
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT * FROM ${table} WHERE ${where} FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
    ...named.map(([, v]) => v),
  );
  if (rows.length > 1) throw new Error(`lockRow(${table}): the match names more than one row`);
  const row = rows[0];
  if (row === undefined) return undefined;
  // The raw read already types each value as findUnique does (Decimal, Date, Json); only the names differ.
  const fields: Record<string, unknown> = {};
  for (const [field, column] of fieldColumnsOf(table)) fields[field] = row[column];
  return fields as LockableRows[T];
}

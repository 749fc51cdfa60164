import { randomUUID } from 'node:crypto';
import { Prisma } from '../../src/generated/prisma/client';
import { columnOf, lockRow, type LockableRows, type LockableTable } from '../../src/platform/db/locks';
import type { Tx } from '../../src/platform/db/tx';
import { startTestApp, type TestApp } from '../support/app';
import { createBankAccount, v2Tenant } from '../acquiring/bank-accounts/fixtures';
import { confirmedIntent, merchant } from '../acquiring/payments/fixtures';
import { quote, treasury } from '../wallet/fx/fixtures';
import { lockProbe } from '../support/locks';

/**
 * lockRow (src/platform/db/locks.ts): one `SELECT … FOR UPDATE` that answers the row exactly as the
 * model's findUnique reads it — the same fields, Decimal, Date (a `date` column too), Json and arrays
 * — and holds the lock until the transaction ends.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const desk = await treasury(t, 'Locks desk');
  await quote(desk.c);
  const shop = await merchant(t, 'Locks shop');
  await confirmedIntent(shop.c, { autoCapture: false });
  const v2 = await v2Tenant(t, 'Locks bank');
  await createBankAccount(v2.c);
  await t.db.prisma.testClock.create({ data: { rootAccountId: desk.id, frozenTime: new Date('2026-11-21T10:00:00.123Z'), createdAt: new Date(), updatedAt: new Date() } });
});
afterAll(() => t.close());

/** Reads up to three rows of a table through its Prisma delegate, with the field that names each. */
type Reader = (tx: Tx) => Promise<{ key: Record<string, string>; row: unknown }[]>;
const byId = (rows: { id: string }[]) => rows.map((row) => ({ key: { id: row.id }, row }));
const READERS: { [T in LockableTable]: Reader } = {
  accounts: async (tx) => byId(await tx.account.findMany({ take: 3 })),
  bank_accounts: async (tx) => byId(await tx.bankAccount.findMany({ take: 3 })),
  beneficiaries: async (tx) => byId(await tx.beneficiary.findMany({ take: 3 })),
  card_orders: async (tx) => byId(await tx.cardOrder.findMany({ take: 3 })),
  cardholders: async (tx) => byId(await tx.cardholder.findMany({ take: 3 })),
  cards: async (tx) => byId(await tx.card.findMany({ take: 3 })),
  deposits: async (tx) => byId(await tx.deposit.findMany({ take: 3 })),
  fx_quotes: async (tx) => byId(await tx.fxQuote.findMany({ take: 3 })),
  payment_attempts: async (tx) => byId(await tx.paymentAttempt.findMany({ take: 3 })),
  payment_intents: async (tx) => byId(await tx.paymentIntent.findMany({ take: 3 })),
  payment_payouts: async (tx) => byId(await tx.paymentPayout.findMany({ take: 3 })),
  payment_terminals: async (tx) => byId(await tx.paymentTerminal.findMany({ take: 3 })),
  payouts: async (tx) => byId(await tx.payout.findMany({ take: 3 })),
  refunds: async (tx) => byId(await tx.refund.findMany({ take: 3 })),
  rfis: async (tx) => byId(await tx.rfi.findMany({ take: 3 })),
  test_clocks: async (tx) => (await tx.testClock.findMany({ take: 3 })).map((row) => ({ key: { rootAccountId: row.rootAccountId }, row })),
  virtual_account_applications: async (tx) => byId(await tx.virtualAccountApplication.findMany({ take: 3 })),
  virtual_accounts: async (tx) => byId(await tx.virtualAccount.findMany({ take: 3 })),
};

test('a locked row reads exactly as findUnique reads it, in every lockable table that holds one', async () => {
  const compared = await t.db.prisma.$transaction(async (tx) => {
    const seen: string[] = [];
    for (const table of Object.keys(READERS) as LockableTable[]) {
      for (const { key, row } of await READERS[table](tx)) {
        expect(await lockRow(tx, table, key as never)).toStrictEqual(row);
        seen.push(table);
      }
    }
    return new Set(seen);
  });
  // The fixtures made rows with Decimal, date-only, Json, array and nullable columns.
  for (const table of ['accounts', 'fx_quotes', 'payment_intents', 'payment_attempts', 'bank_accounts', 'test_clocks']) expect(compared).toContain(table);
});

test('no matching row answers undefined; a match on several fields must hold for all of them', async () => {
  await t.db.prisma.$transaction(async (tx) => {
    const [account] = await tx.account.findMany({ take: 1 });
    expect(await lockRow(tx, 'accounts', { id: randomUUID() })).toBeUndefined();
    expect(await lockRow(tx, 'accounts', { id: account!.id, status: 'NOT-A-STATUS' })).toBeUndefined();
    expect((await lockRow(tx, 'accounts', { id: account!.id, status: account!.status }))?.id).toBe(account!.id);
  });
});

test('no column of a lockable table is a word PostgreSQL reserves: the lock names them bare', async () => {
  const { rows } = await t.db.pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN pg_get_keywords() k ON k.word = c.column_name
      WHERE c.table_schema = current_schema() AND c.table_name = ANY($1) AND k.catcode IN ('R', 'T')`,
    [Object.keys(READERS)],
  );
  expect(rows).toEqual([]);
});

test("each lockable table holds its model's columns and no other: `SELECT *` reads nothing the model lacks", async () => {
  const { rows } = await t.db.pool.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1) GROUP BY table_name ORDER BY table_name`,
    [Object.keys(READERS)],
  );
  const fieldsOf = (name: string): string[] => Object.keys((Prisma as unknown as Record<string, Record<string, string>>)[`${name}ScalarFieldEnum`]!);
  const MODELS: Record<LockableTable, string> = {
    card_orders: 'CardOrder',
    accounts: 'Account', bank_accounts: 'BankAccount', beneficiaries: 'Beneficiary', cardholders: 'Cardholder', cards: 'Card', deposits: 'Deposit',
    fx_quotes: 'FxQuote', payment_attempts: 'PaymentAttempt', payment_intents: 'PaymentIntent', payment_payouts: 'PaymentPayout',
    payment_terminals: 'PaymentTerminal', payouts: 'Payout', refunds: 'Refund', rfis: 'Rfi', test_clocks: 'TestClock',
    virtual_account_applications: 'VirtualAccountApplication', virtual_accounts: 'VirtualAccount',
  };
  expect(rows.map((r) => r.table_name)).toEqual(Object.keys(MODELS).sort());
  for (const r of rows) expect([r.table_name, [...r.columns].sort()]).toEqual([r.table_name, fieldsOf(MODELS[r.table_name as LockableTable]).map(columnOf).sort()]);
});

test('a match must name a field of the table', async () => {
  await t.db.prisma.$transaction(async (tx) => {
    await expect(lockRow(tx, 'accounts', {})).rejects.toThrow(/names no field/);
    await expect(lockRow(tx, 'accounts', { 'id = id OR true --': 'x' } as never)).rejects.toThrow(/names no field/);
  });
});

test('the lock is held until the transaction ends: a second writer waits for it', async () => {
  const [account] = await t.db.prisma.account.findMany({ take: 1 });
  const probe = await lockProbe(t.url);
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(async (tx) => {
      await lockRow(tx, 'accounts', { id: account!.id });
      locked();
      await held;
    });
    await isLocked;
    const writer = probe.holder.query('UPDATE accounts SET updated_at = updated_at WHERE id = $1', [account!.id]);
    expect(await probe.waitingBackend(/UPDATE accounts/, writer)).toBe(probe.pid);
    release();
    await holder;
    await writer;
  } finally {
    await probe.close();
  }
});

// The type a lock answers is the model's own.
const typed = async (tx: Tx): Promise<LockableRows['cards'] | undefined> => lockRow(tx, 'cards', { id: randomUUID() });
void typed;

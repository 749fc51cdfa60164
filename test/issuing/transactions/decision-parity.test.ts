import type { PoolClient } from 'pg';
import { money } from '../../../src/platform/money/amount';
import { CARD_RULES, decideAuthorization, intervalStart, issuingBalanceCovers } from '../../../src/domain/issuing/transactions/decision';
import type { FailureReason } from '../../../src/domain/issuing/transactions/rules';
import { approvalGuards, CARD_GUARD, CARD_GUARD_WITHOUT_SPEND, ISSUING_GUARD, RULES_WITHOUT_SPEND, READ_CARD, readCardValues, toAuthorizingCard, type AuthorizingCardRow } from '../../../src/domain/issuing/transactions/store';
import { startTestApp, type TestApp } from '../../support/app';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize } from './fixtures';

/**
 * The authorization decision is one rule in two places: decideAuthorization, on the facts the read
 * found (store.ts READ_CARD), and the guards that re-check it under the card's lock at commit
 * (store.ts approvalGuards, their predicates decision.ts's). Both are evaluated here on the same rows,
 * inside a transaction rolled back after each case: the read and the TypeScript rule, then the guard
 * statements as the write set runs them. Each rule's boundary is taken both ways; they must answer
 * alike: the guard passes exactly when the decision approves.
 */
let t: TestApp;
let cardId: string;
let accountId: string;
/** An authorization of the card whose amounts and time each case sets: the spend the controls count. */
let authId: string;

beforeAll(async () => {
  t = await startTestApp();
  const c = await issuer(t);
  ({ cardId, accountId } = await activeCard(t, c, '100.00'));
  authId = (await authorize(c, cardId, { transaction_amount: 1 })).transaction_id as string;
});
afterAll(() => t.close());

const now = new Date();
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);
const start = (i: 'DAILY' | 'WEEKLY' | 'MONTHLY') => intervalStart(i, now)!;

interface Case {
  /** The card's columns, over an ACTIVE NORMAL SHARE card without limit or controls. */
  card?: Record<string, unknown>;
  /** The one authorization the card has, APPROVED at `at`; none when absent. */
  spent?: { billing: string; reversed?: string; at?: Date };
  /** The account's issuing balance (1000 when absent). */
  issuing?: string;
  amount: string;
  reason: FailureReason | null;
}

const controls = (interval: string, amount: number) => ({ spending_controls: JSON.stringify([{ interval, amount }]) });

const CASES: Record<string, Case> = {
  'ACTIVE approves': { amount: '10.00', reason: null },
  'FROZEN declines': { card: { status: 'FROZEN' }, amount: '10.00', reason: 'CARD_NOT_ACTIVE' },
  'CANCELLED declines': { card: { status: 'CANCELLED' }, amount: '10.00', reason: 'CARD_NOT_ACTIVE' },
  'expiring a millisecond after now approves': { card: { expiry_at: ms(now, 1) }, amount: '10.00', reason: null },
  'expired at now declines': { card: { expiry_at: now }, amount: '10.00', reason: 'CARD_NOT_ACTIVE' },

  'ONE_TIME never used approves': { card: { usage_type: 'ONE_TIME' }, amount: '10.00', reason: null },
  'ONE_TIME with an approved authorization declines': { card: { usage_type: 'ONE_TIME' }, spent: { billing: '5.00' }, amount: '10.00', reason: 'ONE_TIME_CARD_USED' },
  'ONE_TIME whose authorization was fully reversed approves': { card: { usage_type: 'ONE_TIME' }, spent: { billing: '5.00', reversed: '5.00' }, amount: '10.00', reason: null },
  'ONE_TIME with a partly reversed authorization declines': { card: { usage_type: 'ONE_TIME' }, spent: { billing: '5.00', reversed: '4.99' }, amount: '10.00', reason: 'ONE_TIME_CARD_USED' },

  'PER_TRANSACTION at its limit approves': { card: controls('PER_TRANSACTION', 10), amount: '10.00', reason: null },
  'PER_TRANSACTION over its limit declines': { card: controls('PER_TRANSACTION', 10), amount: '10.01', reason: 'SPENDING_CONTROL_EXCEEDED' },
  'ALL_TIME at its limit approves': { card: controls('ALL_TIME', 40), spent: { billing: '30.00', at: new Date(0) }, amount: '10.00', reason: null },
  'ALL_TIME over its limit declines': { card: controls('ALL_TIME', 40), spent: { billing: '30.00', at: new Date(0) }, amount: '10.01', reason: 'SPENDING_CONTROL_EXCEEDED' },
  'a reversal gives the room back': { card: controls('ALL_TIME', 40), spent: { billing: '30.00', reversed: '0.01' }, amount: '10.01', reason: null },
  ...Object.fromEntries(
    (['DAILY', 'WEEKLY', 'MONTHLY'] as const).flatMap((i) => [
      [`${i} at its limit approves`, { card: controls(i, 40), spent: { billing: '30.00', at: start(i) }, amount: '10.00', reason: null }],
      [`${i} over its limit declines`, { card: controls(i, 40), spent: { billing: '30.00', at: start(i) }, amount: '10.01', reason: 'SPENDING_CONTROL_EXCEEDED' }],
      [`${i}: spent just before the interval is not counted`, { card: controls(i, 40), spent: { billing: '30.00', at: ms(start(i), -1) }, amount: '40.00', reason: null }],
    ]),
  ),

  'card limit: room exactly the amount approves': { card: { card_limit: 50, consumed_amount: 30, auth_held: 10 }, amount: '10.00', reason: null },
  'card limit: a cent over the room declines': { card: { card_limit: 50, consumed_amount: 30, auth_held: 10 }, amount: '10.01', reason: 'CARD_LIMIT_EXCEEDED' },
  'no card limit: only the issuing balance counts': { card: { card_limit: 0, consumed_amount: 30, auth_held: 10 }, amount: '10.01', reason: null },

  'SINGLE: its balance exactly the amount approves': { card: { mode_type: 'SINGLE', available_balance: 10 }, issuing: '0', amount: '10.00', reason: null },
  'SINGLE: a cent over its balance declines': { card: { mode_type: 'SINGLE', available_balance: 10 }, issuing: '1000', amount: '10.01', reason: 'INSUFFICIENT_FUNDS' },

  'SHARE: the issuing balance exactly the amount approves': { issuing: '10.00', amount: '10.00', reason: null },
  'SHARE: a cent over the issuing balance declines': { issuing: '10.00', amount: '10.01', reason: 'INSUFFICIENT_FUNDS' },
  'SHARE under a limit: the issuing balance still counts': { card: { card_limit: 50 }, issuing: '10.00', amount: '10.01', reason: 'INSUFFICIENT_FUNDS' },
};

/** Sets the card, its authorization and its issuing balance as `c` says, in the client's transaction. */
async function arrange(db: PoolClient, c: Case): Promise<void> {
  const card = {
    status: 'ACTIVE', usage_type: 'NORMAL', mode_type: 'SHARE', card_limit: 0, consumed_amount: 0, auth_held: 0, available_balance: 0,
    spending_controls: '[]', expiry_at: ms(now, 365 * 86_400_000), ...c.card,
  };
  const columns = Object.keys(card);
  await db.query(`UPDATE cards SET ${columns.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [cardId, ...Object.values(card)]);
  await db.query(
    `UPDATE card_transactions SET transaction_status = $2, billing_amount = $3, reversed_amount = $4, held_amount = 0, transaction_time = $5 WHERE id = $1`,
    [authId, c.spent ? 'APPROVED' : 'DECLINED', c.spent?.billing ?? '0', c.spent?.reversed ?? '0', c.spent?.at ?? now],
  );
  await db.query(`UPDATE ledger_accounts SET balance = $2 WHERE account_id = $1 AND currency = 'USD' AND purpose = 'ISSUING_AVAILABLE'`, [accountId, c.issuing ?? '1000']);
}

/** The decision on the facts read, and whether the approval's guards pass, on the same rows. */
async function bothAnswer(c: Case): Promise<{ decision: FailureReason | null; guardsPass: boolean }> {
  const db = await t.db.pool.connect();
  try {
    await db.query('BEGIN');
    await arrange(db, c);
    const { rows } = await db.query<AuthorizingCardRow>(READ_CARD, readCardValues(cardId, accountId, now));
    const card = toAuthorizingCard(rows[0]!);
    const decision = decideAuthorization(card, { forced: false, billing: c.amount, mcc: '5814', threeDs: false });
    const guards = approvalGuards(card, money(c.amount), now);
    let guardsPass = true;
    for (const s of [guards.lock, guards.card, guards.issuing]) {
      if (s === null) continue;
      const answered = await db.query(s.sql, [JSON.stringify(s.args)]);
      if (s !== guards.lock) guardsPass &&= answered.rowCount === 1;
    }
    return { decision, guardsPass };
  } finally {
    await db.query('ROLLBACK');
    db.release();
  }
}

test("the guards are composed of decision.ts's rules, and of nothing else that declines", () => {
  for (const rule of CARD_RULES) expect(CARD_GUARD).toContain(rule.guard);
  // A card whose spend is not counted is guarded by the rules that read no spend, and only those.
  expect(RULES_WITHOUT_SPEND.length).toBe(CARD_RULES.length - 2);
  for (const rule of CARD_RULES) expect(CARD_GUARD_WITHOUT_SPEND.includes(rule.guard)).toBe(RULES_WITHOUT_SPEND.includes(rule));
  expect(ISSUING_GUARD).toContain(issuingBalanceCovers.guard);
  const where = CARD_GUARD.slice(CARD_GUARD.lastIndexOf('WHERE c.id'));
  expect(where.replace(/\s+/g, ' ')).toBe(`WHERE c.id = (($1::jsonb)->>'card_id')::uuid AND ${CARD_RULES.map((r) => r.guard).join(' AND ')}`.replace(/\s+/g, ' '));
});

test.each(Object.entries(CASES))('%s: the decision and the guards agree', async (_, c) => {
  expect(await bothAnswer(c)).toEqual({ decision: c.reason, guardsPass: c.reason === null });
});

test('the guard of a SINGLE card has no issuing balance to check; a SHARE card has', async () => {
  const db = await t.db.pool.connect();
  try {
    await db.query('BEGIN');
    await arrange(db, { card: { mode_type: 'SINGLE' }, amount: '1', reason: null });
    const { rows } = await db.query<AuthorizingCardRow>(READ_CARD, readCardValues(cardId, accountId, now));
    const single = toAuthorizingCard(rows[0]!);
    expect(approvalGuards(single, money(1), now).issuing).toBeNull();
    expect(approvalGuards({ ...single, modeType: 'SHARE' }, money(1), now).issuing).not.toBeNull();
  } finally {
    await db.query('ROLLBACK');
    db.release();
  }
});

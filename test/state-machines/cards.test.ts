import { CARD_EXPIRE } from '../../src/domain/issuing/cards/lifecycle';
import { CARD_STATUSES, type CardStatus } from '../../src/domain/issuing/cards/rules';
import { issuer } from '../issuing/cardholders/fixtures';
import { createCard } from '../issuing/cards/fixtures';
import { fundIssuing, issuingBalance, issuingTenant } from '../issuing/balances/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { ledgerBalance } from '../support/ledger';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Card: every state (spec 3.1) × every operation that changes one: CI5 to each status a caller may
 * set (spec 3.2: freeze an ACTIVE card, unfreeze a FROZEN one, cancel any, CANCELLED is final), CI4
 * (a new card_limit: ACTIVE cards only), CI8 recharge and CI9 withdraw (money moves on ACTIVE cards
 * only: docs/decisions.md "Recharge and withdraw") and the expiry_at cancel on the clock. Refusals
 * are envelope B, `{ code: 400, message }`, in spec 7.2's words. The card's creation order has a
 * table of its own (card-creation-orders.test.ts).
 */
const OPERATIONS = ['set_ACTIVE', 'set_FROZEN', 'set_CANCELLED', 'update', 'recharge', 'withdraw', CARD_EXPIRE] as const;
type Operation = (typeof OPERATIONS)[number];
const MONEY_OPERATIONS = ['recharge', 'withdraw'] as const;
type MoneyOperation = (typeof MONEY_OPERATIONS)[number];

const STATUS_INVALID = refused(400, { code: 400, message: 'Card status is invalid' });
const NOT_ACTIVE = refused(400, { code: 400, message: 'The card is not active.' });
const NEVER = { unreachable: 'listed by spec 3.1; no call, network event or clock step of the sandbox produces it' };

const TABLE: Table<CardStatus, Operation> = {
  PENDING: {
    set_ACTIVE: STATUS_INVALID,
    set_FROZEN: STATUS_INVALID,
    set_CANCELLED: allowed('CANCELLED'),
    update: NOT_ACTIVE,
    recharge: NOT_ACTIVE,
    withdraw: NOT_ACTIVE,
    [CARD_EXPIRE]: allowed('CANCELLED'),
  },
  ACTIVE: {
    set_ACTIVE: STATUS_INVALID,
    set_FROZEN: allowed('FROZEN'),
    set_CANCELLED: allowed('CANCELLED'),
    update: allowed('ACTIVE'),
    recharge: allowed('ACTIVE'),
    withdraw: allowed('ACTIVE'),
    [CARD_EXPIRE]: allowed('CANCELLED'),
  },
  FROZEN: {
    set_ACTIVE: allowed('ACTIVE'),
    set_FROZEN: STATUS_INVALID,
    set_CANCELLED: allowed('CANCELLED'),
    update: NOT_ACTIVE,
    recharge: NOT_ACTIVE,
    withdraw: NOT_ACTIVE,
    [CARD_EXPIRE]: allowed('CANCELLED'),
  },
  BLOCKED: NEVER,
  CANCELLED: {
    set_ACTIVE: STATUS_INVALID,
    set_FROZEN: STATUS_INVALID,
    set_CANCELLED: STATUS_INVALID,
    update: NOT_ACTIVE,
    recharge: NOT_ACTIVE,
    withdraw: NOT_ACTIVE,
    [CARD_EXPIRE]: ignored('CANCELLED'),
  },
  LOST: NEVER,
  STOLEN: NEVER,
  FAILED: NEVER,
};

/**
 * Where the money is after each recharge (5) or withdraw (4) cell, on a SINGLE card given 10 at
 * creation from an issuing balance of 100: the card's available_balance (CI3, a number), the
 * issuing balance (CI20), the card's CARD_BALANCE ledger share, and the card orders written
 * (`type amount status`). A refusal leaves the subject as it was made: 10 on the card, or 0 once a
 * cancel gave it back (spec 3.2), and no order.
 */
interface Money {
  card: number;
  issuing: string;
  ledger: string;
  orders: string[];
}
type ReachableStatus = 'PENDING' | 'ACTIVE' | 'FROZEN' | 'CANCELLED';
const UNMOVED: Money = { card: 10, issuing: '90.00', ledger: '10', orders: [] };
const GIVEN_BACK: Money = { card: 0, issuing: '100.00', ledger: '0', orders: [] };

const MONEY_AFTER: Record<ReachableStatus, Record<MoneyOperation, Money>> = {
  PENDING: { recharge: UNMOVED, withdraw: UNMOVED },
  ACTIVE: {
    recharge: { card: 15, issuing: '85.00', ledger: '15', orders: ['RECHARGE 5.00 SUCCESS'] },
    withdraw: { card: 6, issuing: '94.00', ledger: '6', orders: ['WITHDRAW 4.00 SUCCESS'] },
  },
  FROZEN: { recharge: UNMOVED, withdraw: UNMOVED },
  CANCELLED: { recharge: GIVEN_BACK, withdraw: GIVEN_BACK },
};
const AMOUNT: Record<MoneyOperation, number> = { recharge: 5, withdraw: 4 };

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  c: Client;
  id: string;
  accountId: string;
}

const statusOf = async (c: Client, id: string): Promise<string> => (await c.get(`/v1/issuing/cards/${id}`)).body.card_status;
const isMoney = (op: Operation): op is MoneyOperation => (MONEY_OPERATIONS as readonly string[]).includes(op);

async function moneyOf(s: Subject): Promise<Money> {
  const orders = await t.db.prisma.cardOrder.findMany({ where: { cardId: s.id }, orderBy: { createdAt: 'asc' } });
  return {
    card: (await s.c.get(`/v1/issuing/cards/${s.id}`)).body.available_balance,
    issuing: (await issuingBalance(s.c)).available_balance as string,
    ledger: await ledgerBalance(t.services, s.accountId, 'USD', 'CARD_BALANCE'),
    orders: orders.map((o) => `${o.orderType} ${o.amount.toFixed(2)} ${o.status}`),
  };
}

/**
 * A virtual USD card put into `state` on its own tree: PENDING while its order runs, ACTIVE once
 * the order completed (3 s on the test clock), then CI5 to FROZEN or CANCELLED. For recharge and
 * withdraw it is a SINGLE card (VISA 491090) given 10 from an issuing balance of 100, since only a
 * SINGLE card holds money of its own; otherwise the shared-balance VISA 428852 with no limit.
 */
async function cardIn(state: CardStatus, op: Operation): Promise<Subject> {
  const single = isMoney(op);
  let c: Client;
  if (single) {
    c = (await issuingTenant(t, '1000.00', `Cards ${state} ${op}`)).c;
    await fundIssuing(c, 100);
  } else {
    c = await issuer(t, `Cards ${state}`);
  }
  const id: string = (single ? await createCard(c, { card_limit: 10 }, '491090') : await createCard(c)).card_id;
  if (state !== 'PENDING') await advance(c, 3);
  if (state === 'FROZEN' || state === 'CANCELLED') await c.post(`/v1/issuing/cards/${id}/status`, { card_status: state });
  expect(await statusOf(c, id)).toBe(state);
  const accountId = (await t.db.prisma.card.findUniqueOrThrow({ where: { id } })).accountId;
  const s = { c, id, accountId };
  if (single) expect(await moneyOf(s)).toEqual(state === 'CANCELLED' ? GIVEN_BACK : UNMOVED);
  return s;
}

async function apply(op: Operation, s: Subject) {
  if (op === 'update') return s.c.post(`/v1/issuing/cards/${s.id}`, { card_limit: 500 });
  if (isMoney(op)) return s.c.post(`/v1/issuing/cards/${s.id}/${op}`, { amount: AMOUNT[op] });
  if (op === CARD_EXPIRE) {
    await fireTransition(t, op, { id: s.id, accountId: s.accountId });
    return { status: 200, body: {} };
  }
  return s.c.post(`/v1/issuing/cards/${s.id}/status`, { card_status: op.slice('set_'.length) });
}

it('has a row for every card status and a column for every operation', () => {
  expectShape(TABLE, CARD_STATUSES, OPERATIONS);
});

it('states where the money is after every recharge and withdraw cell of a reachable row', () => {
  const reachable = CARD_STATUSES.filter((s) => !('unreachable' in TABLE[s]));
  expect(Object.keys(MONEY_AFTER).sort()).toEqual([...reachable].sort());
  for (const row of Object.values(MONEY_AFTER)) expect(Object.keys(row).sort()).toEqual([...MONEY_OPERATIONS].sort());
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await cardIn(state, op);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s.c, s.id));
  if (isMoney(op)) expect(await moneyOf(s)).toEqual(MONEY_AFTER[state as ReachableStatus][op]);
});

import { CARD_ORDER_COMPLETE, CARD_ORDER_PROCESS } from '../../src/domain/issuing/cards/lifecycle';
import { ORDER_STATUSES, type CardStatus, type OrderStatus } from '../../src/domain/issuing/cards/rules';
import { issuer } from '../issuing/cardholders/fixtures';
import { createCard } from '../issuing/cards/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * A card's creation order, the order_status the card row carries (docs/decisions.md "Cards, first
 * slice"): PENDING at creation, PROCESSING 1 s and SUCCESS 3 s later on the tree's clock, the card
 * then PENDING -> ACTIVE. The clock moves it, so its operations are those two transitions, run on
 * an order in each state as a late or repeated one would be; and a cancel of its card (CI5), after
 * which the order's clock runs out: the cancel does not stop the order, and the order's success
 * does not revive the card. A cell's state is the order's and the card's together, since completing
 * the order is what activates the card.
 */
const OPERATIONS = [CARD_ORDER_PROCESS, CARD_ORDER_COMPLETE, 'cancel_card'] as const;
type Operation = (typeof OPERATIONS)[number];
type Outcome = `${OrderStatus}, card ${CardStatus}`;

const TABLE: Table<OrderStatus, Operation, Outcome> = {
  PENDING: {
    [CARD_ORDER_PROCESS]: allowed('PROCESSING, card PENDING'),
    [CARD_ORDER_COMPLETE]: allowed('SUCCESS, card ACTIVE'),
    cancel_card: allowed('SUCCESS, card CANCELLED'),
  },
  PROCESSING: {
    [CARD_ORDER_PROCESS]: ignored('PROCESSING, card PENDING'),
    [CARD_ORDER_COMPLETE]: allowed('SUCCESS, card ACTIVE'),
    cancel_card: allowed('SUCCESS, card CANCELLED'),
  },
  SUCCESS: {
    [CARD_ORDER_PROCESS]: ignored('SUCCESS, card ACTIVE'),
    [CARD_ORDER_COMPLETE]: ignored('SUCCESS, card ACTIVE'),
    cancel_card: allowed('SUCCESS, card CANCELLED'),
  },
  FAILED: {
    unreachable: 'a creation that fails is refused and writes nothing (the card, its PAN and its order roll back together); no transition ends an order FAILED',
  },
};

/**
 * The card's events each cell writes, in order: a transition that finds its order moved on writes
 * none (a repeated one must not announce the order twice).
 */
const EVENTS: Record<Exclude<OrderStatus, 'FAILED'>, Record<Operation, string[]>> = {
  PENDING: {
    [CARD_ORDER_PROCESS]: ['card.create.processing'],
    [CARD_ORDER_COMPLETE]: ['card.create.succeeded'],
    cancel_card: ['card.status.updated', 'card.create.processing', 'card.create.succeeded'],
  },
  PROCESSING: {
    [CARD_ORDER_PROCESS]: [],
    [CARD_ORDER_COMPLETE]: ['card.create.succeeded'],
    cancel_card: ['card.status.updated', 'card.create.succeeded'],
  },
  SUCCESS: { [CARD_ORDER_PROCESS]: [], [CARD_ORDER_COMPLETE]: [], cancel_card: ['card.status.updated'] },
};

/** What each reachable row's subject reads as when made. */
const MADE: Record<Exclude<OrderStatus, 'FAILED'>, Outcome> = {
  PENDING: 'PENDING, card PENDING',
  PROCESSING: 'PROCESSING, card PENDING',
  SUCCESS: 'SUCCESS, card ACTIVE',
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  c: Client;
  cardId: string;
  orderId: string;
  accountId: string;
}

/** The order as CI12 reads it by its own id, and its card as CI3 reads it. */
async function outcomeOf(s: Subject): Promise<string> {
  const order = (await s.c.get(`/v1/issuing/cards/orders/${s.orderId}`)).body;
  expect(order).toMatchObject({ card_id: s.cardId, card_order_id: s.orderId, order_type: 'CREATE' });
  return `${order.order_status}, card ${(await s.c.get(`/v1/issuing/cards/${s.cardId}`)).body.card_status}`;
}

const eventsOf = async (s: Subject): Promise<{ id: string; eventName: string }[]> =>
  t.db.prisma.outboxEvent.findMany({ where: { sourceId: s.cardId }, orderBy: [{ createdAt: 'asc' }, { seq: 'asc' }], select: { id: true, eventName: true } });

/** A virtual VISA 428852 card whose creation order is moved to `state` on its own tree's test clock. */
async function orderIn(state: Exclude<OrderStatus, 'FAILED'>): Promise<Subject> {
  const c = await issuer(t, `Card creation ${state}`);
  const created = await createCard(c);
  if (state === 'PROCESSING') await advance(c, 1);
  if (state === 'SUCCESS') await advance(c, 3);
  const cardId = created.card_id as string;
  const accountId = (await t.db.prisma.card.findUniqueOrThrow({ where: { id: cardId } })).accountId;
  const s = { c, cardId, orderId: created.card_order_id as string, accountId };
  expect(await outcomeOf(s)).toBe(MADE[state]);
  return s;
}

async function apply(op: Operation, s: Subject) {
  if (op !== 'cancel_card') {
    await fireTransition(t, op, { id: s.cardId, accountId: s.accountId });
    return { status: 200, body: {} };
  }
  const reply = await s.c.post(`/v1/issuing/cards/${s.cardId}/status`, { card_status: 'CANCELLED' });
  await advance(s.c, 3);
  return reply;
}

it('has a row for every order status and a column for every operation', () => {
  expectShape(TABLE, ORDER_STATUSES, OPERATIONS);
  expect(Object.keys(EVENTS).sort()).toEqual(Object.keys(MADE).sort());
  expect(Object.keys(MADE).sort()).toEqual(ORDER_STATUSES.filter((s) => !('unreachable' in TABLE[s])).sort());
  for (const row of Object.values(EVENTS)) expect(Object.keys(row).sort()).toEqual([...OPERATIONS].sort());
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const row = state as Exclude<OrderStatus, 'FAILED'>;
  const s = await orderIn(row);
  const before = new Set((await eventsOf(s)).map((e) => e.id));
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => outcomeOf(s));
  expect((await eventsOf(s)).filter((e) => !before.has(e.id)).map((e) => e.eventName)).toEqual(EVENTS[row][op]);
});

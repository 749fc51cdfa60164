import { CARD_LIMIT_ELEVATE } from '../../src/domain/issuing/card-orders/lifecycle';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/issuing/cards/rules';
import { activeCard } from '../issuing/transactions/fixtures';
import { issuer } from '../issuing/cardholders/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Card order: every order_status × what acts on an order that moves through them: a limit
 * elevation (the official clients' elevateLimit), which the simulated issuer applies on the
 * clock (card-orders/lifecycle.ts). Its operations: that review, run on an order in each state as
 * a late or repeated one would be, and another elevation of the same card, which waits for no
 * elevation to be pending or in force (envelope A).
 */
const OPERATIONS = [CARD_LIMIT_ELEVATE, 'elevate_again'] as const;
type Operation = (typeof OPERATIONS)[number];

const IN_PROGRESS = refused(400, { type: 'card_error', code: 'limit_elevation_in_progress', message: 'an elevated limit is already pending or in force on this card' });

const TABLE: Table<OrderStatus, Operation> = {
  PENDING: { [CARD_LIMIT_ELEVATE]: allowed('SUCCESS'), elevate_again: IN_PROGRESS },
  PROCESSING: {
    unreachable: 'an elevation goes PENDING -> SUCCESS or FAILED; PROCESSING is the order_status of a card being created, which the card row carries (card-creation-orders.test.ts)',
  },
  SUCCESS: { [CARD_LIMIT_ELEVATE]: ignored('SUCCESS'), elevate_again: IN_PROGRESS },
  FAILED: { [CARD_LIMIT_ELEVATE]: ignored('FAILED'), elevate_again: allowed('FAILED') },
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

const statusOf = async (s: Subject): Promise<string> => (await s.c.get(`/v1/issuing/cards/orders/${s.orderId}`)).body.order_status;

/**
 * An elevation to 60 of an ACTIVE card whose card_limit is 20 (the shared-balance VISA product):
 * PENDING until the issuer's review 3 s later on the tree's test clock, then SUCCESS, or FAILED
 * when CI4 raised the card_limit to 80 meanwhile (the elevation no longer raises it).
 */
async function orderIn(state: OrderStatus): Promise<Subject> {
  const c = await issuer(t, `Card order ${state}`);
  const { cardId, accountId } = await activeCard(t, c, '500', { card_limit: 20 }, '428852');
  const orderId: string = (await c.post(`/v1/issuing/cards/${cardId}/elevate_limit`, { limit_amount: 60, duration_in_days: 2 })).body.card_order_id;
  if (state === 'FAILED') await c.post(`/v1/issuing/cards/${cardId}`, { card_limit: 80 });
  if (state !== 'PENDING') await advance(c, 3);
  const s = { c, cardId, orderId, accountId };
  expect(await statusOf(s)).toBe(state);
  return s;
}

async function apply(op: Operation, s: Subject) {
  if (op === 'elevate_again') return s.c.post(`/v1/issuing/cards/${s.cardId}/elevate_limit`, { limit_amount: 100 });
  await fireTransition(t, op, { id: s.orderId, accountId: s.accountId });
  return { status: 200, body: {} };
}

it('has a row for every order status and a column for every operation', () => {
  expectShape(TABLE, ORDER_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await orderIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s));
});

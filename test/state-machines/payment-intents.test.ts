import { RELEASE_AUTHORIZATION, SETTLE_PENDING_CAPTURE } from '../../src/domain/acquiring/payments/lifecycle';
import { INTENT_STATUSES, type IntentOperation, type IntentStatus } from '../../src/domain/acquiring/payments/rules';
import { card, confirmIntent, createIntent, merchant } from '../acquiring/payments/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * PaymentIntent: every state (spec 3.1) × every operation of PA3-PA6, a refund (PA8) of the
 * intent, and the two transitions of its lifecycle on the clock (the network's answer to a pending
 * capture, the release of an uncaptured authorization), run as a late or repeated one would be. Refusals are the account-center family's `{ code: 400, message }`, in payrail's wording
 * for a state that disallows an operation.
 */
type Operation = IntentOperation | 'refund' | typeof SETTLE_PENDING_CAPTURE | typeof RELEASE_AUTHORIZATION;
const OPERATIONS = ['update', 'confirm', 'capture', 'cancel', 'refund', SETTLE_PENDING_CAPTURE, RELEASE_AUTHORIZATION] as const satisfies readonly Operation[];

const cannot = (op: IntentOperation, status: IntentStatus) => refused(400, { code: 400, message: `You cannot ${op} this PaymentIntent because its intent_status is ${status}` });
const notRefundable = (status: IntentStatus) =>
  refused(400, { code: 400, message: `Payment intent status is ${status}: only a SUCCEEDED payment intent can be refunded` });

const TABLE: Table<IntentStatus, Operation> = {
  REQUIRES_PAYMENT_METHOD: {
    update: allowed('REQUIRES_PAYMENT_METHOD'),
    confirm: allowed('SUCCEEDED'),
    capture: cannot('capture', 'REQUIRES_PAYMENT_METHOD'),
    cancel: allowed('CANCELLED'),
    refund: notRefundable('REQUIRES_PAYMENT_METHOD'),
    [SETTLE_PENDING_CAPTURE]: ignored('REQUIRES_PAYMENT_METHOD'),
    [RELEASE_AUTHORIZATION]: ignored('REQUIRES_PAYMENT_METHOD'),
  },
  REQUIRES_CUSTOMER_ACTION: {
    update: allowed('REQUIRES_CUSTOMER_ACTION'),
    confirm: cannot('confirm', 'REQUIRES_CUSTOMER_ACTION'),
    capture: cannot('capture', 'REQUIRES_CUSTOMER_ACTION'),
    cancel: allowed('CANCELLED'),
    refund: notRefundable('REQUIRES_CUSTOMER_ACTION'),
    [SETTLE_PENDING_CAPTURE]: ignored('REQUIRES_CUSTOMER_ACTION'),
    [RELEASE_AUTHORIZATION]: ignored('REQUIRES_CUSTOMER_ACTION'),
  },
  REQUIRES_CAPTURE: {
    update: allowed('REQUIRES_CAPTURE'),
    confirm: cannot('confirm', 'REQUIRES_CAPTURE'),
    capture: allowed('SUCCEEDED'),
    cancel: allowed('CANCELLED'),
    refund: notRefundable('REQUIRES_CAPTURE'),
    [SETTLE_PENDING_CAPTURE]: ignored('REQUIRES_CAPTURE'),
    [RELEASE_AUTHORIZATION]: allowed('CANCELLED'),
  },
  PENDING: {
    update: cannot('update', 'PENDING'),
    confirm: cannot('confirm', 'PENDING'),
    capture: cannot('capture', 'PENDING'),
    cancel: cannot('cancel', 'PENDING'),
    refund: notRefundable('PENDING'),
    [SETTLE_PENDING_CAPTURE]: allowed('SUCCEEDED'),
    [RELEASE_AUTHORIZATION]: ignored('PENDING'),
  },
  SUCCEEDED: {
    update: cannot('update', 'SUCCEEDED'),
    confirm: cannot('confirm', 'SUCCEEDED'),
    capture: cannot('capture', 'SUCCEEDED'),
    cancel: cannot('cancel', 'SUCCEEDED'),
    refund: allowed('SUCCEEDED'),
    [SETTLE_PENDING_CAPTURE]: ignored('SUCCEEDED'),
    [RELEASE_AUTHORIZATION]: ignored('SUCCEEDED'),
  },
  CANCELLED: {
    update: cannot('update', 'CANCELLED'),
    confirm: cannot('confirm', 'CANCELLED'),
    capture: cannot('capture', 'CANCELLED'),
    cancel: cannot('cancel', 'CANCELLED'),
    refund: notRefundable('CANCELLED'),
    [SETTLE_PENDING_CAPTURE]: ignored('CANCELLED'),
    [RELEASE_AUTHORIZATION]: ignored('CANCELLED'),
  },
  FAILED: {
    update: cannot('update', 'FAILED'),
    confirm: cannot('confirm', 'FAILED'),
    capture: cannot('capture', 'FAILED'),
    cancel: cannot('cancel', 'FAILED'),
    refund: notRefundable('FAILED'),
    [SETTLE_PENDING_CAPTURE]: ignored('FAILED'),
    [RELEASE_AUTHORIZATION]: ignored('FAILED'),
  },
};

let t: TestApp;
let c: Client;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ c, id: accountId } = await merchant(t, 'Intent table shop'));
});
afterAll(() => t.close());

/** An intent put into `state` through PA1/PA4/PA6 and the sandbox's test cards (no clock advance). */
async function intentIn(state: IntentStatus): Promise<string> {
  const id: string = (await createIntent(c)).payment_intent_id;
  const confirmed = async (number: string, extra: Record<string, unknown> = {}) => (await confirmIntent(c, id, number, extra)).intent_status;
  let reached: string = 'REQUIRES_PAYMENT_METHOD';
  if (state === 'REQUIRES_CUSTOMER_ACTION') reached = await confirmed('4000000000003220');
  if (state === 'REQUIRES_CAPTURE') reached = await confirmed('4242424242424242', { auto_capture: false });
  // The network answers this card's capture later: PENDING until 2 s pass on the clock.
  if (state === 'PENDING') reached = await confirmed('4000000000000606');
  if (state === 'SUCCEEDED') reached = await confirmed('4242424242424242');
  if (state === 'FAILED') reached = await confirmed('4000000000009987');
  if (state === 'CANCELLED') reached = (await c.post(`/v2/payment_intents/${id}/cancel`, {})).body.intent_status;
  expect(reached).toBe(state);
  return id;
}

const apply = async (op: Operation, id: string) => {
  switch (op) {
    case 'update':
      return c.post(`/v2/payment_intents/${id}`, { description: 'Green mug' });
    case 'confirm':
      return c.post(`/v2/payment_intents/${id}/confirm`, card('4242424242424242'));
    case 'capture':
      return c.post(`/v2/payment_intents/${id}/capture`, {});
    case 'cancel':
      return c.post(`/v2/payment_intents/${id}/cancel`, { cancellation_reason: 'requested_by_customer' });
    case 'refund':
      return c.post('/v2/payment/refunds', { payment_intent_id: id, amount: '10.00', reason: 'requested_by_customer' });
    case SETTLE_PENDING_CAPTURE:
    case RELEASE_AUTHORIZATION:
      await fireTransition(t, op, { id, accountId });
      return { status: 200, body: {} };
  }
};

it('has a row for every intent status and a column for every operation', () => {
  expectShape(TABLE, INTENT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const id = await intentIn(state);
  const reply = await apply(op, id);
  await expectCell(cell, reply, async () => (await c.get(`/v2/payment_intents/${id}`)).body.intent_status);
});

import { RELEASE_AUTHORIZATION } from '../../src/domain/acquiring/payments/lifecycle';
import { ATTEMPT_STATUSES, type AttemptStatus, type IntentStatus } from '../../src/domain/acquiring/payments/rules';
import { confirmIntent, createIntent, merchant } from '../acquiring/payments/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * PaymentAttempt: every state × what can be done to an attempt. An attempt has no call of its own:
 * PA5 and PA6 on its intent move it, PA8 names it in payment_attempt_id, and the scheduled release of
 * an uncaptured authorization (7 days) expires it. The cell's state is the attempt's afterwards.
 */
const OPERATIONS = ['capture', 'cancel', 'refund', RELEASE_AUTHORIZATION] as const;
type Operation = (typeof OPERATIONS)[number];

const cannot = (op: 'capture' | 'cancel', status: IntentStatus) =>
  refused(400, { code: 400, message: `You cannot ${op} this PaymentIntent because its intent_status is ${status}` });
const notRefundable = (status: IntentStatus) =>
  refused(400, { code: 400, message: `Payment intent status is ${status}: only a SUCCEEDED payment intent can be refunded` });

const TABLE: Table<AttemptStatus, Operation> = {
  INITIATED: { unreachable: 'PA4 writes the attempt and its outcome in one commit: no caller ever sees it INITIATED' },
  AUTHENTICATION_REDIRECTED: {
    capture: cannot('capture', 'REQUIRES_CUSTOMER_ACTION'),
    cancel: allowed('CANCELLED'),
    refund: notRefundable('REQUIRES_CUSTOMER_ACTION'),
    [RELEASE_AUTHORIZATION]: ignored('AUTHENTICATION_REDIRECTED'),
  },
  PENDING_AUTHORIZATION: { unreachable: 'listed by the catalogue; the sandbox network answers every authorization at once' },
  AUTHORIZED: {
    capture: allowed('CAPTURE_REQUESTED'),
    cancel: allowed('CANCELLED'),
    refund: notRefundable('REQUIRES_CAPTURE'),
    [RELEASE_AUTHORIZATION]: allowed('EXPIRED'),
  },
  CAPTURE_REQUESTED: {
    capture: cannot('capture', 'SUCCEEDED'),
    cancel: cannot('cancel', 'SUCCEEDED'),
    refund: allowed('CAPTURE_REQUESTED'),
    [RELEASE_AUTHORIZATION]: ignored('CAPTURE_REQUESTED'),
  },
  SETTLED: {
    capture: cannot('capture', 'SUCCEEDED'),
    cancel: cannot('cancel', 'SUCCEEDED'),
    refund: allowed('SETTLED'),
    [RELEASE_AUTHORIZATION]: ignored('SETTLED'),
  },
  SUCCEEDED: { unreachable: 'listed by the catalogue; a captured attempt ends SETTLED in payrail' },
  CANCELLED: {
    capture: cannot('capture', 'CANCELLED'),
    cancel: cannot('cancel', 'CANCELLED'),
    refund: notRefundable('CANCELLED'),
    [RELEASE_AUTHORIZATION]: ignored('CANCELLED'),
  },
  EXPIRED: {
    capture: cannot('capture', 'CANCELLED'),
    cancel: cannot('cancel', 'CANCELLED'),
    refund: notRefundable('CANCELLED'),
    [RELEASE_AUTHORIZATION]: ignored('EXPIRED'),
  },
  FAILED: {
    // A soft decline: the intent waits for another card, so it can still be cancelled.
    capture: cannot('capture', 'REQUIRES_PAYMENT_METHOD'),
    cancel: allowed('FAILED'),
    refund: notRefundable('REQUIRES_PAYMENT_METHOD'),
    [RELEASE_AUTHORIZATION]: ignored('FAILED'),
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  c: Client;
  accountId: string;
  intentId: string;
  attemptId: string;
}

const CARD_FOR: Partial<Record<AttemptStatus, [string, Record<string, unknown>]>> = {
  AUTHENTICATION_REDIRECTED: ['4000000000003220', {}],
  AUTHORIZED: ['4242424242424242', { auto_capture: false }],
  CAPTURE_REQUESTED: ['4242424242424242', {}],
  // The sandbox's settle-at-once card: the capture settles in its own commit.
  SETTLED: ['4000000000000077', {}],
  CANCELLED: ['4242424242424242', { auto_capture: false }],
  EXPIRED: ['4242424242424242', { auto_capture: false }],
  FAILED: ['4000000000009995', {}],
};

/**
 * An attempt put into `state` by PA4 with a sandbox test card, then PA6 (CANCELLED) or 7 days on
 * its tree's test clock (EXPIRED). Each attempt has a merchant of its own, so the advance moves
 * nothing else.
 */
async function attemptIn(state: AttemptStatus): Promise<Subject> {
  const { c, id: accountId } = await merchant(t, `Attempt ${state}`);
  const intentId: string = (await createIntent(c)).payment_intent_id;
  const [number, extra] = CARD_FOR[state]!;
  const attemptId: string = (await confirmIntent(c, intentId, number, extra)).latest_payment_attempt.attempt_id;
  if (state === 'CANCELLED') await c.post(`/v2/payment_intents/${intentId}/cancel`, {});
  if (state === 'EXPIRED') await advance(c, 7 * 24 * 3600);
  expect(await statusOf(c, attemptId)).toBe(state);
  return { c, accountId, intentId, attemptId };
}

const statusOf = async (c: Client, attemptId: string): Promise<string> => (await c.get(`/v2/payment/payment_attempts/${attemptId}`)).body.attempt_status;

async function apply(op: Operation, s: Subject) {
  switch (op) {
    case 'capture':
      return s.c.post(`/v2/payment_intents/${s.intentId}/capture`, {});
    case 'cancel':
      return s.c.post(`/v2/payment_intents/${s.intentId}/cancel`, {});
    case 'refund':
      return s.c.post('/v2/payment/refunds', { payment_intent_id: s.intentId, payment_attempt_id: s.attemptId, amount: '10.00', reason: 'requested_by_customer' });
    case RELEASE_AUTHORIZATION:
      await fireTransition(t, op, { id: s.intentId, accountId: s.accountId });
      return { status: 200, body: {} };
  }
}

it('has a row for every attempt status and a column for every operation', () => {
  expectShape(TABLE, ATTEMPT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await attemptIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s.c, s.attemptId));
});

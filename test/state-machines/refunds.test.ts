import { REFUND_COMPLETE, REFUND_PROCESS } from '../../src/domain/acquiring/refunds/lifecycle';
import { REFUND_STATUSES, type RefundStatus } from '../../src/domain/acquiring/refunds/rules';
import { capturedIntent } from '../acquiring/refunds/captured';
import { merchant, refundBody, type Merchant } from '../acquiring/refunds/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { advance } from '../support/sandbox';
import { allowed, ignored, cellsOf, expectCell, expectShape, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Refund: every state × its operations. A refund has no call of its own after PA8: the simulated
 * card network moves it on the clock (refunds/lifecycle.ts), so its operations are the two
 * transitions, run on a refund in each state as a late or repeated one would be, and a second
 * refund of the same capture, which only a FAILED refund leaves room for.
 */
const OPERATIONS = [REFUND_PROCESS, REFUND_COMPLETE, 'refund_again'] as const;
type Operation = (typeof OPERATIONS)[number];

const EXCEEDS = refused(400, { code: 400, message: "Invalid value for field 'amount': the refunds of a payment cannot exceed its captured amount" });
const NEVER = { unreachable: 'listed by spec 3.1 for the wire; payrail has no refund reversal, so nothing produces it' };

const TABLE: Table<RefundStatus, Operation> = {
  INITIATED: { [REFUND_PROCESS]: allowed('PROCESSING'), [REFUND_COMPLETE]: ignored('INITIATED'), refund_again: EXCEEDS },
  PROCESSING: { [REFUND_PROCESS]: ignored('PROCESSING'), [REFUND_COMPLETE]: allowed('SUCCEEDED'), refund_again: EXCEEDS },
  SUCCEEDED: { [REFUND_PROCESS]: ignored('SUCCEEDED'), [REFUND_COMPLETE]: ignored('SUCCEEDED'), refund_again: EXCEEDS },
  FAILED: { [REFUND_PROCESS]: ignored('FAILED'), [REFUND_COMPLETE]: ignored('FAILED'), refund_again: allowed('FAILED') },
  REVERSAL_INITIATED: NEVER,
  REVERSAL_PROCESSING: NEVER,
  REVERSAL_SUCCEEDED: NEVER,
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  m: Merchant;
  id: string;
  intentId: string;
}

/**
 * A refund of the whole 100.00 capture, moved to `state` on its tree's test clock: a minute to
 * PROCESSING, an hour more to its answer (FAILED when the reason carries SIMULATE-FAILED). Each
 * refund has a tree of its own, so no advance moves another cell's refund.
 */
async function refundIn(state: RefundStatus): Promise<Subject> {
  const m = await merchant(t, `Refund ${state}`);
  const { intentId } = await capturedIntent(t, m.id, { amount: '100.00', currency: 'USD' });
  const reason = state === 'FAILED' ? 'please SIMULATE-FAILED' : 'requested_by_customer';
  const created = await m.c.post('/v2/payment/refunds', refundBody(intentId, { amount: '100.00', reason }));
  const id: string = created.body.payment_refund_id;
  if (state !== 'INITIATED') await advance(m.c, 60);
  if (state === 'SUCCEEDED' || state === 'FAILED') await advance(m.c, 3600);
  expect((await m.c.get(`/v2/payment/refunds/${id}`)).body.refund_status).toBe(state);
  return { m, id, intentId };
}

async function apply(op: Operation, s: Subject) {
  if (op === 'refund_again') return s.m.c.post('/v2/payment/refunds', refundBody(s.intentId, { amount: '100.00' }));
  await fireTransition(t, op, { id: s.id, accountId: s.m.id });
  return { status: 200, body: {} };
}

it('has a row for every refund status and a column for every operation', () => {
  expectShape(TABLE, REFUND_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await refundIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, async () => (await s.m.c.get(`/v2/payment/refunds/${s.id}`)).body.refund_status);
});

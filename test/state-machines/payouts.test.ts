import { PAYOUT_SETTLE, PAYOUT_SUBMIT } from '../../src/domain/wallet/payouts/lifecycle';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../src/domain/wallet/payouts/rules';
import { createPayout, payer, payoutBody, type Payer } from '../wallet/payouts/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Payout (PO1): every state × its operations. After PO1 a payout has no call of its own: the
 * simulated bank rail moves it on the clock (payouts/lifecycle.ts), so its operations are the
 * submit and settle transitions, run on a payout in each state as a late or repeated one would be.
 */
const OPERATIONS = [PAYOUT_SUBMIT, PAYOUT_SETTLE] as const;
type Operation = (typeof OPERATIONS)[number];

const TABLE: Table<PayoutStatus, Operation> = {
  READY_TO_SEND: { [PAYOUT_SUBMIT]: allowed('PENDING'), [PAYOUT_SETTLE]: ignored('READY_TO_SEND') },
  PENDING: { [PAYOUT_SUBMIT]: ignored('PENDING'), [PAYOUT_SETTLE]: allowed('COMPLETED') },
  REJECTED: { [PAYOUT_SUBMIT]: ignored('REJECTED'), [PAYOUT_SETTLE]: ignored('REJECTED') },
  FAILED: { [PAYOUT_SUBMIT]: ignored('FAILED'), [PAYOUT_SETTLE]: ignored('FAILED') },
  COMPLETED: { [PAYOUT_SUBMIT]: ignored('COMPLETED'), [PAYOUT_SETTLE]: ignored('COMPLETED') },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (who: Payer, id: string): Promise<string> => (await who.c.get(`/v1/payouts/${id}`)).body.payout_status;

/**
 * A USD payout dated today, moved to `state` on its own tree's test clock: the first advance
 * submits it (REJECTED when the reference carries SIMULATE-REJECTED), 2 s more settle it (FAILED
 * when it carries SIMULATE-FAILED). Without an advance it stays READY_TO_SEND.
 */
async function payoutIn(state: PayoutStatus): Promise<{ who: Payer; id: string }> {
  const who = await payer(t, `Payout ${state}`);
  const reference = state === 'REJECTED' ? 'SIMULATE-REJECTED' : state === 'FAILED' ? 'SIMULATE-FAILED' : 'Invoice 42';
  const id = await createPayout(who.c, payoutBody(who.beneficiary, { payout_reference: reference }));
  if (state !== 'READY_TO_SEND') await advance(who.c, 1);
  if (state === 'COMPLETED' || state === 'FAILED') await advance(who.c, 2);
  expect(await statusOf(who, id)).toBe(state);
  return { who, id };
}

it('has a row for every payout status and a column for every operation', () => {
  expectShape(TABLE, PAYOUT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const { who, id } = await payoutIn(state);
  await fireTransition(t, op, { id, accountId: who.id });
  await expectCell(cell, { status: 200, body: {} }, () => statusOf(who, id));
});

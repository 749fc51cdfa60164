import { PAYMENT_PAYOUT_SETTLE, PAYMENT_PAYOUT_SUBMIT } from '../../src/domain/acquiring/payouts/lifecycle';
import { PAYMENT_PAYOUT_STATUSES, type PaymentPayoutStatus } from '../../src/domain/acquiring/payouts/rules';
import { createBankAccount, v2Tenant, type V2Tenant } from '../acquiring/bank-accounts/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { fundPaymentBalance } from '../support/payment-balance';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Payment payout (PA16): every state × its operations. After PA16 it has no call of its own: the
 * simulated bank moves it on the clock (payment-payouts/lifecycle.ts), so its operations are the
 * submit and settle transitions, run on a payout in each state as a late or repeated one would be.
 */
const OPERATIONS = [PAYMENT_PAYOUT_SUBMIT, PAYMENT_PAYOUT_SETTLE] as const;
type Operation = (typeof OPERATIONS)[number];

const TABLE: Table<PaymentPayoutStatus, Operation> = {
  INITIATED: { [PAYMENT_PAYOUT_SUBMIT]: allowed('PROCESSING'), [PAYMENT_PAYOUT_SETTLE]: ignored('INITIATED') },
  PROCESSING: { [PAYMENT_PAYOUT_SUBMIT]: ignored('PROCESSING'), [PAYMENT_PAYOUT_SETTLE]: allowed('SUCCEEDED') },
  SUCCEEDED: { [PAYMENT_PAYOUT_SUBMIT]: ignored('SUCCEEDED'), [PAYMENT_PAYOUT_SETTLE]: ignored('SUCCEEDED') },
  FAILED: { [PAYMENT_PAYOUT_SUBMIT]: ignored('FAILED'), [PAYMENT_PAYOUT_SETTLE]: ignored('FAILED') },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (who: V2Tenant, id: string): Promise<string> => (await who.c.get(`/v2/payment/payout/${id}`)).body.payout_status;

/**
 * 100.00 USD of a 500.00 available balance paid out to a Valid USD bank account, moved to `state`
 * on its own tree's test clock: the first advance submits it, 2 s more settle it (FAILED when the
 * statement descriptor carries SIMULATE-FAILED). Without an advance it stays INITIATED.
 */
async function payoutIn(state: PaymentPayoutStatus): Promise<{ who: V2Tenant; id: string }> {
  const who = await v2Tenant(t, `Payment payout ${state}`);
  await fundPaymentBalance(t.services, who.id, 'USD', '500.00');
  await createBankAccount(who.c, 'USD_US');
  const descriptor = state === 'FAILED' ? 'SIMULATE-FAILED' : 'PAYRAIL PAYOUT';
  const created = await who.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '100.00', statement_descriptor: descriptor });
  const id: string = created.body.payout_id;
  if (state !== 'INITIATED') await advance(who.c, 1);
  if (state === 'SUCCEEDED' || state === 'FAILED') await advance(who.c, 2);
  expect(await statusOf(who, id)).toBe(state);
  return { who, id };
}

it('has a row for every payment payout status and a column for every operation', () => {
  expectShape(TABLE, PAYMENT_PAYOUT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const { who, id } = await payoutIn(state);
  await fireTransition(t, op, { id, accountId: who.id });
  await expectCell(cell, { status: 200, body: {} }, () => statusOf(who, id));
});

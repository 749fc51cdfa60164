import { BANK_ACCOUNT_STATUSES, type BankAccountStatus } from '../../src/domain/acquiring/bank-accounts/rules';
import { bankAccountBody, createBankAccount, v2Tenant, type V2Tenant } from '../acquiring/bank-accounts/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { fundPaymentBalance } from '../support/payment-balance';
import { allowed, cellsOf, expectCell, expectShape, refused, type Table } from '../support/state-table';

/**
 * Settlement bank account: both states × what acts on one. Its status is the sandbox bank's
 * answer to the account number (all zeros: unknown there, Invalid), so BA4 updates move it both
 * ways; a payment payout (PA16) needs a Valid account in its currency.
 */
const OPERATIONS = ['update_known_number', 'update_zeros', 'pay_out'] as const;
type Operation = (typeof OPERATIONS)[number];

const NO_VALID_ACCOUNT = refused(400, {
  code: 400,
  message: "Invalid value for field 'payout_currency': there is no Valid settlement bank account in USD; create one with POST /v2/payment/bankaccount/create or send payout_account_id",
});

const TABLE: Table<BankAccountStatus, Operation> = {
  Valid: { update_known_number: allowed('Valid'), update_zeros: allowed('Invalid'), pay_out: allowed('Valid') },
  Invalid: { update_known_number: allowed('Valid'), update_zeros: allowed('Invalid'), pay_out: NO_VALID_ACCOUNT },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (who: V2Tenant, id: string): Promise<string> => (await who.c.get(`/v2/payment/bankaccount/${id}`)).body.account_status;

/** The tenant's only USD bank account, created with a known number (Valid) or zeros (Invalid), and 500.00 available. */
async function bankAccountIn(state: BankAccountStatus): Promise<{ who: V2Tenant; id: string }> {
  const who = await v2Tenant(t, `Bank account ${state}`);
  await fundPaymentBalance(t.services, who.id, 'USD', '500.00');
  const id = await createBankAccount(who.c, 'USD_US', state === 'Invalid' ? { account_number: '00000000' } : {});
  expect(await statusOf(who, id)).toBe(state);
  return { who, id };
}

function apply(op: Operation, who: V2Tenant, id: string) {
  switch (op) {
    case 'update_known_number':
      return who.c.post(`/v2/payment/bankaccount/${id}`, bankAccountBody('USD_US', { account_number: '987654321098' }));
    case 'update_zeros':
      return who.c.post(`/v2/payment/bankaccount/${id}`, bankAccountBody('USD_US', { account_number: '00000000' }));
    case 'pay_out':
      return who.c.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '100.00', statement_descriptor: 'PAYRAIL PAYOUT' });
  }
}

it('has a row for every bank account status and a column for every operation', () => {
  expectShape(TABLE, BANK_ACCOUNT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const { who, id } = await bankAccountIn(state);
  const reply = await apply(op, who, id);
  await expectCell(cell, reply, () => statusOf(who, id));
});

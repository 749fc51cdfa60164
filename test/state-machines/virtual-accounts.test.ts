import { VIRTUAL_ACCOUNT_ACTIVATE } from '../../src/domain/wallet/virtual-accounts/lifecycle';
import { VIRTUAL_ACCOUNT_STATUSES, type VirtualAccountStatus } from '../../src/domain/wallet/virtual-accounts/rules';
import { depositBody } from '../wallet/deposits/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import { CloseVirtualAccountDocument } from '../support/graphql.generated';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, graphqlReply, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';
import { freshOwner, listed, openVirtualAccount, type Owner } from '../wallet/virtual-accounts/fixtures';

/**
 * Virtual account: every state × what acts on one: the close (GraphQL closeVirtualAccount, the
 * only door that has it), the bank's activation on the clock, a deposit to its account number
 * (POST /v1/simulation/deposit) and BT14 for the same currency and payment_method, whose slot an
 * open (PENDING or ACTIVE) account holds.
 */
const OPERATIONS = ['close', VIRTUAL_ACCOUNT_ACTIVATE, 'deposit', 'open_same'] as const;
type Operation = (typeof OPERATIONS)[number];

const receiverRefused = (message: string) => refused(400, { code: 400, message: `Invalid value for field 'receiver_account_number': ${message}` });
const ALREADY_OPEN = refused(400, { code: 400, message: 'A USD virtual account with payment_method LOCAL is already open' });

const TABLE: Table<VirtualAccountStatus, Operation> = {
  PENDING: {
    close: allowed('CLOSED'),
    [VIRTUAL_ACCOUNT_ACTIVATE]: allowed('ACTIVE'),
    deposit: receiverRefused('the virtual account is still being opened'),
    open_same: ALREADY_OPEN,
  },
  ACTIVE: {
    close: allowed('CLOSED'),
    [VIRTUAL_ACCOUNT_ACTIVATE]: ignored('ACTIVE'),
    deposit: allowed('ACTIVE'),
    open_same: ALREADY_OPEN,
  },
  CLOSED: {
    close: refused(200, {
      userErrors: [{ message: 'Virtual account is already closed', code: 'VIRTUAL_ACCOUNT_CLOSED', field: null }],
    }),
    [VIRTUAL_ACCOUNT_ACTIVATE]: ignored('CLOSED'),
    deposit: receiverRefused('the virtual account is closed'),
    open_same: allowed('CLOSED'),
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  owner: Owner;
  id: string;
  accountNumber: string;
}

const statusOf = async (s: Subject): Promise<string> => (await listed(s.owner.c)).find((va) => va.account_bank_id === s.id)!.status;

/**
 * A USD LOCAL virtual account of a fresh owner: PENDING once opened, ACTIVE after the next advance
 * of its tree's test clock (the bank's answer), CLOSED through closeVirtualAccount.
 */
async function virtualAccountIn(state: VirtualAccountStatus): Promise<Subject> {
  const owner = await freshOwner(t, `Virtual account ${state}`);
  await openVirtualAccount(owner.c, { currency: 'USD' });
  const [va] = await listed(owner.c);
  const s = { owner, id: va!.account_bank_id, accountNumber: va!.account_number };
  if (state === 'ACTIVE') await advance(owner.c, 1);
  if (state === 'CLOSED') await owner.c.gql(CloseVirtualAccountDocument, { input: { id: s.id, reason: 'Opened by mistake' } });
  expect(await statusOf(s)).toBe(state);
  return s;
}

async function apply(op: Operation, s: Subject) {
  switch (op) {
    case 'close':
      return graphqlReply(await s.owner.c.gql(CloseVirtualAccountDocument, { input: { id: s.id, reason: 'Moving to another bank' } }));
    case VIRTUAL_ACCOUNT_ACTIVATE:
      await fireTransition(t, op, { id: s.id, accountId: s.owner.accountId });
      return { status: 200, body: {} };
    case 'deposit':
      return s.owner.c.post('/v1/simulation/deposit', depositBody({ receiver_account_number: s.accountNumber }));
    case 'open_same':
      return s.owner.c.post('/v1/virtual/accounts', { currency: 'USD' });
  }
}

it('has a row for every virtual account status and a column for every operation', () => {
  expectShape(TABLE, VIRTUAL_ACCOUNT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await virtualAccountIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s));
});

import { runAdminCommand } from '../../src/admin/commands';
import type { Account } from '../../src/domain/onboarding/accounts/service';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../src/domain/onboarding/accounts/rules';
import { DomainError } from '../../src/platform/errors/domain-error';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { fundWallet } from '../support/ledger';
import { allowed, cellsOf, expectCell, expectShape, refused, type Table } from '../support/state-table';
import { makeMaster, makeSub } from '../support/tenants';
import { transferBody } from '../wallet/transfers/fixtures';

/**
 * Account: every status of spec 3.1 × what its status decides (accounts/status-policy.ts): the
 * operator's set-status to each status (admin set-status; CLOSED is final), a call made for it by
 * its master (x-on-behalf-of) and a transfer into it from its master (BT6, it is the counterparty).
 * The subject is a sub-account, so its master can still act while it changes.
 */
const OPERATIONS = ['set_ACTIVE', 'set_PROCESSING', 'set_INACTIVE', 'set_CLOSED', 'act_on_behalf', 'transfer_in'] as const;
type Operation = (typeof OPERATIONS)[number];

const CLOSED_IS_FINAL = refused(400, { code: 'account_closed', message: 'account is closed: a closed account cannot change status' });
const notOperable = (status: AccountStatus) =>
  refused(400, { code: 400, message: `x-on-behalf-of value err: the sub-account is ${status}; only an ACTIVE account can be operated` });
const notCounterparty = (status: AccountStatus) =>
  refused(400, { code: 400, message: `Invalid value for field 'target_account_id': the account is ${status}; money moves only to and from ACTIVE accounts` });

const TABLE: Table<AccountStatus, Operation> = {
  ACTIVE: {
    set_ACTIVE: allowed('ACTIVE'),
    set_PROCESSING: allowed('PROCESSING'),
    set_INACTIVE: allowed('INACTIVE'),
    set_CLOSED: allowed('CLOSED'),
    act_on_behalf: allowed('ACTIVE'),
    transfer_in: allowed('ACTIVE'),
  },
  PROCESSING: {
    set_ACTIVE: allowed('ACTIVE'),
    set_PROCESSING: allowed('PROCESSING'),
    set_INACTIVE: allowed('INACTIVE'),
    set_CLOSED: allowed('CLOSED'),
    act_on_behalf: notOperable('PROCESSING'),
    transfer_in: notCounterparty('PROCESSING'),
  },
  INACTIVE: {
    set_ACTIVE: allowed('ACTIVE'),
    set_PROCESSING: allowed('PROCESSING'),
    set_INACTIVE: allowed('INACTIVE'),
    set_CLOSED: allowed('CLOSED'),
    act_on_behalf: notOperable('INACTIVE'),
    transfer_in: notCounterparty('INACTIVE'),
  },
  CLOSED: {
    set_ACTIVE: CLOSED_IS_FINAL,
    set_PROCESSING: CLOSED_IS_FINAL,
    set_INACTIVE: CLOSED_IS_FINAL,
    set_CLOSED: allowed('CLOSED'),
    // A closed account answers as an unknown id: nothing about it can be probed.
    act_on_behalf: refused(400, { code: 400, message: 'x-on-behalf-of value err' }),
    transfer_in: refused(400, { code: 400, message: "Invalid value for field 'target_account_id': entity not found" }),
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (id: string): Promise<string> => (await t.db.prisma.account.findUniqueOrThrow({ where: { id } })).status;

/** The operator's command, its refusal read as a door would answer it: HTTP status, code and message. */
async function setStatus(id: string, status: string): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await runAdminCommand(t.services, ['set-status', '--account', id, '--status', status]);
    return { status: 200, body: {} };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: err.status, body: { code: err.code, message: err.message } };
  }
}

/** A sub-account of a fresh master (whose wallet holds 100.00 USD), put into `state` by the operator. */
async function subIn(state: AccountStatus): Promise<{ master: Client; sub: Account; masterId: string }> {
  const tenant = await makeMaster(t.services, { name: `Account ${state}` });
  const sub = await makeSub(t.services, tenant, `Account ${state} sub`);
  await fundWallet(t.services, tenant.account.id, 'USD', '100.00');
  if (state !== 'ACTIVE') expect((await setStatus(sub.id, state)).status).toBe(200);
  expect(await statusOf(sub.id)).toBe(state);
  return { master: await clientOf(t, tenant), sub, masterId: tenant.account.id };
}

async function apply(op: Operation, s: { master: Client; sub: Account; masterId: string }) {
  switch (op) {
    case 'act_on_behalf':
      return s.master.as(s.sub.id).get('/v1/beneficiaries', { page_number: 1, page_size: 10 });
    case 'transfer_in':
      return s.master.post('/v1/transfer', transferBody(s.masterId, s.sub.id));
    default:
      return setStatus(s.sub.id, op.slice('set_'.length));
  }
}

it('has a row for every account status and a column for every operation', () => {
  expectShape(TABLE, ACCOUNT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await subIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s.sub.id));
});

import { runAdminCommand } from '../../src/admin/commands';
import { ACCOUNT_VERIFICATION } from '../../src/domain/onboarding/accounts/verification';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../../src/domain/onboarding/accounts/rules';
import { DomainError } from '../../src/platform/errors/domain-error';
import { individualBody, PNG } from '../onboarding/accounts/onboarding-bodies';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { makeMaster } from '../support/tenants';
import { fireTransition } from '../support/transitions';

/**
 * Account verification (AF1, spec 3.1): every verification_status × what acts on it: the simulated
 * review on the clock (run as a late or repeated one would be), an operator's decision
 * (admin review-account, for PENDING only) and the resubmission of documents (RETURN only).
 */
const OPERATIONS = [ACCOUNT_VERIFICATION, 'operator_approves', 'resubmit_documents'] as const;
type Operation = (typeof OPERATIONS)[number];

const notPending = (status: VerificationStatus) =>
  refused(400, { code: 'verification_not_pending', message: `only a PENDING verification can be decided (verification_status is ${status})` });
const notReturned = (status: VerificationStatus) =>
  refused(400, { code: 400, message: `documents can be resubmitted only when verification_status is RETURN (it is ${status})` });

const TABLE: Table<VerificationStatus, Operation> = {
  REJECT: { [ACCOUNT_VERIFICATION]: ignored('REJECT'), operator_approves: notPending('REJECT'), resubmit_documents: notReturned('REJECT') },
  APPROVED: { [ACCOUNT_VERIFICATION]: ignored('APPROVED'), operator_approves: notPending('APPROVED'), resubmit_documents: notReturned('APPROVED') },
  PENDING: { [ACCOUNT_VERIFICATION]: allowed('APPROVED'), operator_approves: allowed('APPROVED'), resubmit_documents: notReturned('PENDING') },
  EXPIRED: { [ACCOUNT_VERIFICATION]: ignored('EXPIRED'), operator_approves: notPending('EXPIRED'), resubmit_documents: notReturned('EXPIRED') },
  RETURN: { [ACCOUNT_VERIFICATION]: ignored('RETURN'), operator_approves: notPending('RETURN'), resubmit_documents: allowed('PENDING') },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The sandbox test value in the applicant's name that makes the review end in each decided status. */
const NAME_FOR: Record<VerificationStatus, string> = {
  REJECT: 'Jane SIMULATE-REJECT Doe',
  APPROVED: 'Jane Doe',
  PENDING: 'Jane Doe',
  EXPIRED: 'Jane SIMULATE-EXPIRE Doe',
  RETURN: 'Jane SIMULATE-RETURN Doe',
};

interface Subject {
  c: Client;
  id: string;
}

const statusOf = async (s: Subject): Promise<string> => (await s.c.get(`/v1/accounts/${s.id}`)).body.verification_status;

/** An account onboarded by AF1 under a fresh platform: PENDING, then its review's outcome a minute later on the tree's test clock. */
async function accountIn(state: VerificationStatus): Promise<Subject> {
  const c = await clientOf(t, await makeMaster(t.services, { name: `Verification ${state}` }));
  const created = await c.post('/v1/accounts', individualBody(NAME_FOR[state]));
  const s = { c, id: created.body.account_id as string };
  if (state !== 'PENDING') await advance(c, 60);
  expect(await statusOf(s)).toBe(state);
  return s;
}

async function operatorApproves(id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await runAdminCommand(t.services, ['review-account', '--account', id, '--decision', 'APPROVED']);
    return { status: 200, body: {} };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: err.status, body: { code: err.code, message: err.message } };
  }
}

async function apply(op: Operation, s: Subject) {
  switch (op) {
    case ACCOUNT_VERIFICATION: {
      const parent = (await t.db.prisma.account.findUniqueOrThrow({ where: { id: s.id } })).parentId!;
      await fireTransition(t, op, { id: s.id, accountId: s.id, rootAccountId: parent });
      return { status: 200, body: {} };
    }
    case 'operator_approves':
      return operatorApproves(s.id);
    case 'resubmit_documents':
      return s.c.post(`/v1/accounts/${s.id}/documents`, { documents: [{ type: 'PROOF_OF_ADDRESS', front: PNG }] });
  }
}

it('has a row for every verification status and a column for every operation', () => {
  expectShape(TABLE, VERIFICATION_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await accountIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s));
});

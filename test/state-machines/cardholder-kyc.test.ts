import { randomUUID } from 'node:crypto';
import { CARDHOLDER_KYC_REVIEW } from '../../src/domain/issuing/cardholders/lifecycle';
import { CARDHOLDER_STATUSES, type CardholderStatus } from '../../src/domain/issuing/cardholders/rules';
import { createHolder, issuer } from '../issuing/cardholders/fixtures';
import { productOf } from '../issuing/cards/fixtures';
import { startTestApp, type TestApp } from '../support/app';
import type { Client } from '../support/client';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { fireTransition } from '../support/transitions';

/**
 * Cardholder identity check (spec 2.8, 3.1): every cardholder_status × what acts on it: CI17 with
 * kyc_verification (a new THIRD_PARTY check), the check's review on the clock, and CI1 issuing a
 * card to the holder (a FAILED holder is refused in spec 7.2's words, envelope B).
 */
const OPERATIONS = ['restart_check', CARDHOLDER_KYC_REVIEW, 'issue_card'] as const;
type Operation = (typeof OPERATIONS)[number];

const TABLE: Table<CardholderStatus, Operation> = {
  FAILED: {
    restart_check: allowed('PENDING'),
    [CARDHOLDER_KYC_REVIEW]: ignored('FAILED'),
    issue_card: refused(400, { code: 400, message: 'Card holder not exists or is illegal' }),
  },
  PENDING: { restart_check: allowed('PENDING'), [CARDHOLDER_KYC_REVIEW]: allowed('SUCCESS'), issue_card: allowed('PENDING') },
  SUCCESS: { restart_check: allowed('PENDING'), [CARDHOLDER_KYC_REVIEW]: ignored('SUCCESS'), issue_card: allowed('SUCCESS') },
  INCOMPLETE: { unreachable: 'listed by spec 3.1 (and taken as a list filter); no check of the sandbox ends in it' },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Subject {
  c: Client;
  id: string;
  accountId: string;
}

const statusOf = async (s: Subject): Promise<string> => (await s.c.get(`/v1/issuing/cardholders/${s.id}`)).body.cardholder_status;

/**
 * A cardholder of a fresh issuer with a THIRD_PARTY check: PENDING until the review 5 s later on the
 * tree's test clock, then SUCCESS, or FAILED for the sandbox test value kyc_fail in the email.
 */
async function holderIn(state: CardholderStatus): Promise<Subject> {
  const c = await issuer(t, `Cardholder ${state}`);
  const email = state === 'FAILED' ? `ann+kyc_fail.${randomUUID().slice(0, 8)}@example.com` : undefined;
  const holder = await createHolder(c, { kyc_verification: { method: 'THIRD_PARTY' }, ...(email ? { email } : {}) });
  if (state !== 'PENDING') await advance(c, 5);
  const accountId = (await t.db.prisma.cardholder.findUniqueOrThrow({ where: { id: holder.cardholder_id } })).accountId;
  const s = { c, id: holder.cardholder_id as string, accountId };
  expect(await statusOf(s)).toBe(state);
  return s;
}

async function apply(op: Operation, s: Subject) {
  switch (op) {
    case 'restart_check':
      return s.c.post(`/v1/issuing/cardholders/${s.id}`, { kyc_verification: { method: 'THIRD_PARTY' } });
    case CARDHOLDER_KYC_REVIEW:
      await fireTransition(t, op, { id: s.id, accountId: s.accountId });
      return { status: 200, body: {} };
    case 'issue_card':
      return s.c.post('/v1/issuing/cards', { card_currency: 'USD', card_product_id: await productOf(s.c, '428852'), cardholder_id: s.id });
  }
}

it('has a row for every cardholder status and a column for every operation', () => {
  expectShape(TABLE, CARDHOLDER_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const s = await holderIn(state);
  const reply = await apply(op, s);
  await expectCell(cell, reply, () => statusOf(s));
});

import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_STATUSES } from '../../src/domain/onboarding/accounts/rules';
import { setAccountStatus, type Account } from '../../src/domain/onboarding/accounts/service';
import { accountMay, ACCOUNT_STATUS_POLICY, COUNTERPARTY_HOLD_SQL, statusesThat } from '../../src/platform/tenancy/account-status';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client, type Refusable } from '../support/client';
import { fundWallet, ledgerBalance, walletBalance } from '../support/ledger';
import { fundPaymentBalance } from '../support/payment-balance';
import { advance } from '../support/sandbox';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';
import { fundIssuing } from '../issuing/balances/fixtures';
import { ownKeyOf, transferBody } from '../wallet/transfers/fixtures';

/**
 * An account's status (spec 3.1: ACTIVE, PROCESSING under review, INACTIVE temporarily inactive,
 * CLOSED) decides what it may do, whoever acts: its own key, or its master with x-on-behalf-of.
 */
let t: TestApp;
let master: Tenant;
let m: Client;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Status tree' });
  m = (await clientOf(t, master)).withHeaders({ 'x-client-id': master.clientId });
  await fundWallet(t.services, master.account.id, 'USD', '10000.00');
  await fundIssuing(m, 1000);
  await fundPaymentBalance(t.services, master.account.id, 'USD', '1000.00');
});
afterAll(() => t.close());

const outcome = (res: { status: number; body: unknown }) => [res.status, res.body];

async function funded(name: string): Promise<Account> {
  const sub = await makeSub(t.services, master, name);
  await fundWallet(t.services, sub.id, 'USD', '500.00');
  await fundIssuing(m.as(sub.id), 100);
  return sub;
}

describe.each(['INACTIVE', 'PROCESSING'] as const)('a sub-account set to %s', (status) => {
  let sub: Account;
  const notActing = `x-on-behalf-of value err: the sub-account is ${status}; only an ACTIVE account can be operated`;
  const issuanceRefusal = { type: 'account_error', code: 'sub_account_not_found', message: 'sub-account associated with the on-behalf-of not found or deactivated' };

  beforeAll(async () => {
    sub = await funded(`Suspended ${status}`);
    await setAccountStatus(t.services, sub.id, status);
  });

  it('cannot be operated by its master through x-on-behalf-of: no balance read, no transfer either way, no payout', async () => {
    const asSub = m.as(sub.id);
    const before = await walletBalance(t.services, sub.id, 'USD');
    expect(outcome(await asSub.get('/v1/balances'))).toEqual([400, { code: 400, message: notActing }]);
    expect(outcome(await asSub.post('/v1/transfer', transferBody(sub.id, master.account.id)))).toEqual([400, { code: 400, message: notActing }]);
    expect(outcome(await asSub.post('/v1/transfer', transferBody(master.account.id, sub.id)))).toEqual([400, { code: 400, message: notActing }]);
    expect(outcome(await asSub.post('/v1/payouts', {}))).toEqual([400, { code: 400, message: notActing }]);
    expect(outcome(await asSub.post('/v1/issuing/balances', { currency: 'USD' }))).toEqual([400, issuanceRefusal]);
    const viewer = await asSub.gql('{ viewer { id } }');
    expect(viewer.errors?.[0]?.message).toBe(notActing);
    expect(viewer.errors?.[0]?.extensions).toMatchObject({ code: 'on_behalf_of_not_active', field: 'x-on-behalf-of', httpStatus: 400 });
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe(before);
  });

  it("cannot be operated with its own key either: it gets no token (spec 7.1 'Api trading status error', as before)", async () => {
    await expect(ownKeyOf(t, sub)).rejects.toThrow('Api trading status error');
  });

  it('is no counterparty: its master cannot move money into it or out of it, on either door', async () => {
    const before = [await walletBalance(t.services, sub.id, 'USD'), await ledgerBalance(t.services, sub.id, 'USD', 'ISSUING_AVAILABLE')];
    const into = await m.post('/v1/transfer', transferBody(master.account.id, sub.id));
    expect(outcome(into)).toEqual([
      400,
      { code: 400, message: `Invalid value for field 'target_account_id': the account is ${status}; money moves only to and from ACTIVE accounts` },
    ]);
    const outOf = await m.post('/v1/transfer', transferBody(sub.id, master.account.id));
    expect(outOf.body).toEqual({
      code: 400,
      message: `Invalid value for field 'source_account_id': the account is ${status}; money moves only to and from ACTIVE accounts`,
    });
    const gql = await m.gql<Refusable<'createTransfer'>, unknown>(
      'mutation T($input: CreateTransferInput!) { createTransfer(input: $input) { transfer { id } userErrors { field message code } } }',
      { input: { sourceAccountId: master.account.id, targetAccountId: sub.id, currency: 'USD', amount: '1.00', reason: 'x' } },
    );
    expect(gql.data!.createTransfer.userErrors[0]).toMatchObject({ code: 'COUNTERPARTY_NOT_ACTIVE', field: ['input', 'targetAccountId'] });

    const issuing = await m.post('/v1/issuing/transfers', { source_account_id: master.account.id, destination_account_id: sub.id, currency: 'USD', amount: 5 });
    expect(outcome(issuing)).toEqual([400, { type: 'account_error', code: 'account_not_found', message: 'account not found or deactivated' }]);
    const issuingOut = await m.post('/v1/issuing/transfers', { source_account_id: sub.id, destination_account_id: master.account.id, currency: 'USD', amount: 5 });
    expect(outcome(issuingOut)).toEqual([400, { type: 'account_error', code: 'account_not_found', message: 'account not found or deactivated' }]);

    const payout = await m.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '10.00', statement_descriptor: 'SWEEP', payout_account_id: sub.id });
    expect(outcome(payout)).toEqual([
      400,
      { code: 400, message: `Invalid value for field 'payout_account_id': the account is ${status}; money moves only to and from ACTIVE accounts` },
    ]);
    expect([await walletBalance(t.services, sub.id, 'USD'), await ledgerBalance(t.services, sub.id, 'USD', 'ISSUING_AVAILABLE')]).toEqual(before);
  });

  it('is operated again once ACTIVE', async () => {
    const back = await funded(`Back ${status}`);
    await setAccountStatus(t.services, back.id, status);
    await setAccountStatus(t.services, back.id, 'ACTIVE');
    expect((await m.as(back.id).get('/v1/balances')).status).toBe(200);
    expect((await m.post('/v1/transfer', transferBody(master.account.id, back.id))).status).toBe(200);
    expect((await m.as(back.id).post('/v1/transfer', transferBody(back.id, master.account.id))).status).toBe(200);
  });
});

describe('a sub-account suspended while money is on its way to it', () => {
  it('a payment payout to its wallet fails when it settles, and the money returns to the payer', async () => {
    const sub = await funded('Suspended in flight');
    const res = await m.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '10.00', statement_descriptor: 'SWEEP', payout_account_id: sub.id });
    expect(res.status).toBe(200);
    const before = await walletBalance(t.services, sub.id, 'USD');
    await setAccountStatus(t.services, sub.id, 'INACTIVE');
    await advance(m, 3);
    const got = await m.get(`/v2/payment/payout/${res.body.payout_id}`);
    expect(got.body).toMatchObject({ payout_status: 'FAILED', failure_reason: 'The receiving account is INACTIVE' });
    expect(await walletBalance(t.services, sub.id, 'USD')).toBe(before);
  });
});

describe('the one policy (src/platform/tenancy/account-status.ts)', () => {
  it('gives every status of spec 3.1 a row: only ACTIVE operates, sends money or is a counterparty; CLOSED is not even known', () => {
    expect(ACCOUNT_STATUS_POLICY).toEqual({
      ACTIVE: { known: true, operate: true, sendMoney: true, counterparty: true },
      PROCESSING: { known: true, operate: false, sendMoney: false, counterparty: false },
      INACTIVE: { known: true, operate: false, sendMoney: false, counterparty: false },
      CLOSED: { known: false, operate: false, sendMoney: false, counterparty: false },
    });
    expect(Object.keys(ACCOUNT_STATUS_POLICY).sort()).toEqual([...ACCOUNT_STATUSES].sort());
    expect(accountMay('SOMETHING_NEW', 'known')).toBe(false);
  });

  it('the SQL guard that holds a counterparty to the commit agrees with the table for every status', async () => {
    const held: Record<string, boolean> = {};
    for (const status of ACCOUNT_STATUSES) {
      const sub = await makeSub(t.services, master, `Guarded ${status}`);
      await setAccountStatus(t.services, sub.id, status);
      const client = await t.db.pool.connect();
      try {
        await client.query('BEGIN');
        const res = await client.query(COUNTERPARTY_HOLD_SQL, [JSON.stringify({ id: sub.id, statuses: statusesThat('counterparty') })]);
        held[status] = res.rowCount === 1;
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
    expect(held).toEqual(Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, accountMay(s, 'counterparty')])));
  });

  it('no other SQL of the domain compares an account status to a literal', () => {
    const literal = /FROM accounts\b[^`]*?\bstatus\s*(=|<>|!=)\s*'[A-Z]+'/;
    const offenders = sourceFiles(path.resolve(__dirname, '../../src/domain')).filter((f) => literal.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(path.resolve(__dirname, '../../src'), f))).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

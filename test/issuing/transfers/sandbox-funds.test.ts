import { ensureSandboxMaster } from '../../../src/domain/onboarding/accounts/sandbox';
import fs from 'node:fs';
import { createMasterAccount, createSubAccount } from '../../../src/domain/onboarding/accounts/service';
import { grantSandboxTestFunds } from '../../../src/domain/issuing/transfers/sandbox-funds';
import { startBanner } from '../../../src/ops/banner';
import { startTestApp, testKek, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { eventData } from '../../support/events';
import { ledgerBalance } from '../../support/ledger';
import { makeMaster } from '../../support/tenants';
import { tempDataDir } from '../../support/temp-dirs';
import { freshSandbox } from '../../clients/sandbox';
import { authBody } from '../transactions/fixtures';
import { createCard } from '../cards/fixtures';
import { advance } from '../../support/sandbox';

/**
 * A sandbox user reaches an approved card authorization with the official clients' own methods
 * only: the sandbox master `npm start` makes starts with test funds on its issuing balances, given
 * once from the named sandbox source (docs/decisions/issuing/issuing-balances.md, "The official clients as callers").
 */
let t: TestApp;
let sandbox: { clientId: string; apiKey: string; accountId: string };
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  // First: the sandbox master is the oldest sandbox master account of the database.
  sandbox = await freshSandbox(t);
  c = await clientOf(t, sandbox);
});
afterAll(() => t.close());

const balances = async (client: Client) => (await client.get('/v1/issuing/balances', { page_number: 1, page_size: 10 })).body.data as { currency: string; available_balance: string }[];

describe('the sandbox master starts with issuing test funds', () => {
  it('has 10000.00 SGD and 10000.00 USD, each an issuing transfer SANDBOX_FUNDS from the named sandbox source, with its event', async () => {
    expect((await balances(c)).map((b) => [b.currency, b.available_balance])).toEqual([
      ['SGD', '10000.00'],
      ['USD', '10000.00'],
    ]);
    for (const currency of ['SGD', 'USD']) {
      expect(await ledgerBalance(t.services, sandbox.accountId, currency, 'SANDBOX_FUNDS')).toBe('-10000');
    }
    const lines = await c.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10 });
    expect(lines.body.data).toHaveLength(2);
    for (const line of lines.body.data as { transaction_type: string; amount: number; ending_balance: number; description: string }[]) {
      expect(line).toMatchObject({ transaction_type: 'ISSUING_TRANSFER', amount: 10000, ending_balance: 10000, description: 'sandbox test funds' });
    }
    const transfers = await t.db.prisma.issuingTransfer.findMany({ where: { accountId: sandbox.accountId }, orderBy: { currency: 'asc' } });
    expect(transfers.map((x) => [x.transferType, x.currency, x.amount.toFixed(2), x.sourceAccountId, x.destinationAccountId])).toEqual([
      ['SANDBOX_FUNDS', 'SGD', '10000.00', sandbox.accountId, sandbox.accountId],
      ['SANDBOX_FUNDS', 'USD', '10000.00', sandbox.accountId, sandbox.accountId],
    ]);
    const got = await c.get(`/v1/issuing/transfers/${transfers[0]!.id}`);
    expect(got.body).toMatchObject({ transfer_type: 'SANDBOX_FUNDS', amount: '10000.00', transfer_status: 'COMPLETED', remark: 'sandbox test funds' });
    expect(await eventData(t, transfers[0]!.id, 'issuing_balance.test_funds.succeeded')).toEqual(got.body);
  });

  it('is given once: a later start gives nothing more, and says so', async () => {
    const dir = tempDataDir('payrail-sandbox-again-');
    const again = await ensureSandboxMaster(t.services, { dataDir: dir, kek: testKek }).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
    expect(again.account.id).toBe(sandbox.accountId);
    expect(again.testFunds).toEqual([]);
    expect(await t.db.prisma.issuingTransfer.count({ where: { accountId: sandbox.accountId, transferType: 'SANDBOX_FUNDS' } })).toBe(2);
    const banner = (s: typeof again) => startBanner({ config: t.services.config, base: 'http://127.0.0.1:4000', embedded: undefined, sandbox: s });
    expect(banner(again)).not.toContain('test funds');
    expect(banner({ ...again, testFunds: [{ amount: '10000.00', currency: 'SGD' }, { amount: '10000.00', currency: 'USD' }] as typeof again.testFunds })).toContain(
      'issuing balances start with test funds: 10000.00 SGD, 10000.00 USD',
    );
  });

  it('two grants racing on one account give the funds once (the account row is locked first)', async () => {
    const tenant = await createMasterAccount(t.services, { name: 'Racing sandbox', isSandbox: true });
    const results = await Promise.all(Array.from({ length: 4 }, () => grantSandboxTestFunds(t.services, tenant.account.id)));
    expect(results.map((r) => r.length).sort()).toEqual([0, 0, 0, 2]);
    expect(await ledgerBalance(t.services, tenant.account.id, 'USD', 'ISSUING_AVAILABLE')).toBe('10000');
  });

  it('accounts made otherwise start empty: a production master, a sub-account, an operator-made sandbox master', async () => {
    const production = await createMasterAccount(t.services, { name: 'Live', isSandbox: false });
    expect(await grantSandboxTestFunds(t.services, production.account.id)).toEqual([]);
    const sub = await createSubAccount(t.services, sandbox.accountId, { name: 'Sandbox sub' });
    expect(await grantSandboxTestFunds(t.services, sub.id)).toEqual([]);
    const operatorMade = await makeMaster(t.services, { name: 'Made by the admin CLI' });
    for (const id of [production.account.id, sub.id, operatorMade.account.id]) {
      expect(await ledgerBalance(t.services, id, 'USD', 'ISSUING_AVAILABLE')).toBe('0');
    }
  });

  it('keeps insufficient funds reachable: an authorization above the balance declines, a transfer above it is refused', async () => {
    const { card_id } = await createCard(c);
    await advance(c, 3);
    const declined = await c.post('/v1/simulation/issuing/authorization', authBody(card_id as string, { transaction_amount: 10000.01 }));
    expect(declined.body).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'INSUFFICIENT_FUNDS' });
    const approved = await c.post('/v1/simulation/issuing/authorization', authBody(card_id as string, { transaction_amount: 25 }));
    expect(approved.body).toMatchObject({ transaction_status: 'APPROVED', card_available_balance: 9975 });
    const sub = await createSubAccount(t.services, sandbox.accountId, { name: 'Funded sub' });
    const refused = await c.post('/v1/issuing/transfers', { source_account_id: sandbox.accountId, destination_account_id: sub.id, currency: 'SGD', amount: 10000.01 });
    expect([refused.status, refused.body]).toEqual([400, { code: 400, message: 'Insufficient balance' }]);
    const moved = await c.post('/v1/issuing/transfers', { source_account_id: sandbox.accountId, destination_account_id: sub.id, currency: 'SGD', amount: 100 });
    expect(moved.status).toBe(200);
    expect(await ledgerBalance(t.services, sub.id, 'SGD', 'ISSUING_AVAILABLE')).toBe('100');
  });
});

import { runAdminCommand, UsageError } from '../../src/admin/commands';
import { startTestApp, type TestApp } from '../support/app';
import { tokenFor } from '../support/tenants';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const run = (...argv: string[]) => runAdminCommand(t.services, argv) as Promise<Record<string, any>>;

describe('npm run admin -- …', () => {
  it('creates a master account with a key whose api_key is shown once and works at the token endpoint', async () => {
    const made = await run('create-master', '--name', 'Tenant A', '--business-types', 'ISSUING,BANKING');
    expect(made.account).toMatchObject({ name: 'Tenant A', business_types: ['ISSUING', 'BANKING'], parent_id: null, is_sandbox: true });
    expect(await tokenFor(t, { clientId: made.client_id, apiKey: made.api_key })).toEqual(expect.any(String));
    const keys = (await run('list-keys', '--account', made.account.account_id)) as unknown as Record<string, unknown>[];
    expect(keys).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toContain(made.api_key);
  });

  it('creates, lists, disables keys and sets allowed IPs and permissions', async () => {
    const made = await run('create-master', '--name', 'Tenant B');
    const id = made.account.account_id as string;
    const key = await run('create-key', '--account', id, '--allowed-ips', '10.0.0.0/8,127.0.0.1', '--permissions', 'issuing.cards.read_sensitive');
    expect(key).toMatchObject({ allowed_ips: ['10.0.0.0/8', '127.0.0.1'], permissions: ['issuing.cards.read_sensitive'], status: 'ACTIVE' });
    expect(await run('set-allowed-ips', '--client-id', key.client_id, '--ips', '')).toMatchObject({ allowed_ips: [] });
    expect(await run('set-permissions', '--client-id', key.client_id, '--permissions', '')).toMatchObject({ permissions: [] });
    expect(await run('disable-key', '--client-id', key.client_id)).toMatchObject({ status: 'DISABLED' });
    expect(((await run('list-keys', '--account', id)) as unknown as unknown[]).length).toBe(2);
  });

  it('creates a sub-account under a master, with back-dating for migrated entities', async () => {
    const made = await run('create-master', '--name', 'Tenant C', '--created-at', '2024-01-01T00:00:00Z');
    expect(made.account.created_at).toBe('2024-01-01T00:00:00.000Z');
    const sub = await run('create-sub-account', '--parent', made.account.account_id, '--name', 'C-1');
    expect(sub).toMatchObject({ parent_id: made.account.account_id, name: 'C-1' });
  });

  it('lists every account, oldest first, in the same form create-master shows', async () => {
    const older = await run('create-master', '--name', 'Listed A', '--created-at', '2020-01-01T00:00:00Z');
    const sub = await run('create-sub-account', '--parent', older.account.account_id, '--name', 'Listed A-1');
    const listed = (await run('list-accounts')) as unknown as Record<string, unknown>[];
    expect(listed[0]).toEqual(older.account);
    expect(listed).toContainEqual(sub);
    const times = listed.map((a) => a.created_at as string);
    expect(times).toEqual([...times].sort());
  });

  it('refuses bad input with clear errors', async () => {
    await expect(run('create-key', '--account', 'nope')).rejects.toMatchObject({ message: "Invalid value for field 'accountId': Invalid UUID" });
    await expect(run('set-allowed-ips', '--client-id', 'whatever', '--ips', '10.0.0.1')).rejects.toMatchObject({ code: 'api_key_not_found' });
    const made = await run('create-master', '--name', 'Tenant D');
    const key = await run('create-key', '--account', made.account.account_id);
    await expect(run('set-allowed-ips', '--client-id', key.client_id, '--ips', '300.1.1.1')).rejects.toMatchObject({ field: '[0]' });
    await expect(run('set-permissions', '--client-id', key.client_id, '--permissions', 'root')).rejects.toMatchObject({ field: '[0]' });
    await expect(run('create-sub-account', '--parent', made.account.account_id)).rejects.toBeInstanceOf(UsageError);
    await expect(run('frobnicate')).rejects.toBeInstanceOf(UsageError);
  });
});

describe('npm run admin -- ledger-check', () => {
  it('passes on a consistent ledger and reports a balance that no longer equals its lines', async () => {
    expect(await run('ledger-check')).toEqual({ ok: true, violations: [] });
    const made = await run('create-master', '--name', 'Ledger probe');
    await t.db.pool.query(
      `INSERT INTO ledger_accounts (id, account_id, currency, purpose, balance, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'USD', 'WALLET', 5, now(), now())`,
      [made.account.account_id],
    );
    await expect(run('ledger-check')).rejects.toMatchObject({ violations: [expect.objectContaining({ kind: 'balance_mismatch' })] });
    await t.db.pool.query(`DELETE FROM ledger_accounts WHERE account_id = $1`, [made.account.account_id]);
  });
});

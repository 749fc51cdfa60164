import path from 'node:path';
import type { ServiceDeps } from '../../../platform/context';
import type { Kek } from '../../../platform/key-custody/kek';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { Permission } from '../../../platform/auth/permissions';
import { grantSandboxTestFunds } from '../../issuing/transfers/sandbox-funds';
import type { IssuingTransferView } from '../../issuing/transfers/view';
import { apiKeyMatches, createApiKey, setApiKeySecret, setPermissions } from '../../developers/keys/api-keys';
import { readSandboxCredentials, SANDBOX_CREDENTIALS_FILE, writeSandboxCredentials } from './sandbox-file';
import { createMasterAccount, type Account } from './service';
import { toAccountView } from './view';

export interface SandboxCredentials {
  account: Account;
  clientId: string;
  /** Undefined when the secret is not known to this process (generated at an earlier start and its file removed). */
  apiKey: string | undefined;
  created: boolean;
  /** The issuing test funds given at this start (empty when the master had them already). */
  testFunds: IssuingTransferView[];
}

/**
 * The sandbox key a fresh start creates may reveal cards (CI6, CI7, the card iframe), so the README's
 * walk-through can show one; it holds only test cards. Keys the admin CLI creates hold none unless given.
 */
export const SANDBOX_KEY_PERMISSIONS: string[] = [Permission.SensitiveCardDetails];

/** What the sandbox needs besides the database: where its credentials file lives and the KEK that seals it. */
export interface SandboxOptions {
  dataDir: string;
  clientId?: string;
  apiKey?: string;
  /** The key-encryption key (key-custody/kek.ts), loaded only when the credentials file is written or read. */
  kek: () => Promise<Kek>;
}

/**
 * The sandbox master account: created on an empty database with a generated key whose secret is
 * kept in the data directory, sealed under the key-encryption key (sandbox-file.ts), so every start
 * can print it and a copy of the data directory cannot use it; or, when the operator sets
 * PAYRAIL_SANDBOX_CLIENT_ID / PAYRAIL_SANDBOX_API_KEY, exactly those credentials (created or updated).
 * Its issuing balances start with test funds, given once (issuing-transfers/sandbox-funds.ts), so the
 * official clients' own methods reach an approved card authorization on a fresh sandbox.
 */
export async function ensureSandboxMaster(deps: ServiceDeps, opts: SandboxOptions): Promise<SandboxCredentials> {
  const found = await ensureMasterAndKey(deps, opts);
  return { ...found, testFunds: await grantSandboxTestFunds(deps, found.account.id) };
}

async function ensureMasterAndKey(deps: ServiceDeps, opts: SandboxOptions): Promise<Omit<SandboxCredentials, 'testFunds'>> {
  const prisma = deps.db.prisma;
  let created = false;
  const found = await prisma.account.findFirst({
    where: { parentId: null, isSandbox: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  let account = found && toAccountView(found);
  let generated: { clientId: string; apiKey: string } | undefined;
  if (!account) {
    const made = await createMasterAccount(deps, { name: 'Sandbox master', isSandbox: true });
    account = made.account;
    created = true;
    if (!opts.clientId) {
      generated = { clientId: made.key.clientId, apiKey: made.key.apiKey };
      await setPermissions(deps, made.key.clientId, SANDBOX_KEY_PERMISSIONS);
    } else {
      await prisma.apiKey.delete({ where: { id: made.key.record.id } });
      keyRecordsChanged(deps.db);
    }
  }

  const file = path.join(opts.dataDir, SANDBOX_CREDENTIALS_FILE);
  if (opts.clientId && opts.apiKey) {
    const existing = await prisma.apiKey.findUnique({ where: { clientId: opts.clientId } });
    if (!existing) await createApiKey(deps, { accountId: account.id, clientId: opts.clientId, apiKey: opts.apiKey, permissions: SANDBOX_KEY_PERMISSIONS });
    else if (existing.accountId !== account.id) {
      throw new Error(`PAYRAIL_SANDBOX_CLIENT_ID ${opts.clientId} belongs to another account`);
    } else if (!apiKeyMatches(opts.apiKey, existing.apiKeyHash) || existing.status !== 'ACTIVE') {
      await setApiKeySecret(deps, opts.clientId, opts.apiKey);
    }
    return { account, clientId: opts.clientId, apiKey: opts.apiKey, created };
  }

  if (generated) {
    await writeSandboxCredentials(opts.dataDir, await opts.kek(), { accountId: account.id, ...generated });
    return { account, ...generated, created };
  }

  const saved = await readSandboxCredentials(file, opts.kek);
  const key = saved ? await prisma.apiKey.findUnique({ where: { clientId: saved.clientId } }) : null;
  if (saved && key && key.accountId === account.id && apiKeyMatches(saved.apiKey, key.apiKeyHash)) {
    // A file an earlier version wrote in clear is sealed now.
    if (saved.inClear) await writeSandboxCredentials(opts.dataDir, await opts.kek(), { accountId: account.id, clientId: saved.clientId, apiKey: saved.apiKey });
    return { account, clientId: saved.clientId, apiKey: saved.apiKey, created };
  }
  const first = await prisma.apiKey.findFirst({ where: { accountId: account.id, status: 'ACTIVE' }, orderBy: { createdAt: 'asc' } });
  return { account, clientId: first?.clientId ?? '(none)', apiKey: undefined, created };
}

/**
 * The open (not CLOSED) sandbox accounts of the database, oldest first (at most `limit` ids, and their
 * number): a production server refuses to start while there is one (runtime/production-mode.ts).
 */
export async function openSandboxAccounts(deps: ServiceDeps, limit = 5): Promise<{ count: number; ids: string[] }> {
  const where = { isSandbox: true, status: { not: 'CLOSED' } };
  const [count, rows] = await Promise.all([
    deps.db.prisma.account.count({ where }),
    deps.db.prisma.account.findMany({ where, select: { id: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: limit }),
  ]);
  return { count, ids: rows.map((r) => r.id) };
}

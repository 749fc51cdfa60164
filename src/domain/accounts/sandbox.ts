import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServiceDeps } from '../context';
import { keyRecordsChanged } from '../auth/key-record';
import { Permission } from '../auth/permissions';
import { grantSandboxTestFunds } from '../issuing-transfers/sandbox-funds';
import type { IssuingTransferView } from '../issuing-transfers/view';
import { apiKeyMatches, createApiKey, setApiKeySecret, setPermissions } from './api-keys';
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

const CREDENTIALS_FILE = 'sandbox-credentials.json';

/**
 * The sandbox key a fresh start creates may reveal cards (CI6, CI7, the card iframe), so the README's
 * walk-through can show one; it holds only test cards. Keys the admin CLI creates hold none unless given.
 */
export const SANDBOX_KEY_PERMISSIONS: string[] = [Permission.SensitiveCardDetails];

/**
 * The sandbox master account: created on an empty database with a generated key whose secret is
 * kept in the data directory (mode 0600) so every start can print it; or, when the operator sets
 * PAYRAIL_SANDBOX_CLIENT_ID / PAYRAIL_SANDBOX_API_KEY, exactly those credentials (created or updated).
 * Its issuing balances start with test funds, given once (issuing-transfers/sandbox-funds.ts), so the
 * official clients' own methods reach an approved card authorization on a fresh sandbox.
 */
export async function ensureSandboxMaster(
  deps: ServiceDeps,
  opts: { dataDir: string; clientId?: string; apiKey?: string },
): Promise<SandboxCredentials> {
  const found = await ensureMasterAndKey(deps, opts);
  return { ...found, testFunds: await grantSandboxTestFunds(deps, found.account.id) };
}

async function ensureMasterAndKey(deps: ServiceDeps, opts: { dataDir: string; clientId?: string; apiKey?: string }): Promise<Omit<SandboxCredentials, 'testFunds'>> {
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

  const file = path.join(opts.dataDir, CREDENTIALS_FILE);
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
    await fs.mkdir(opts.dataDir, { recursive: true });
    await fs.writeFile(file, JSON.stringify({ accountId: account.id, ...generated }, null, 2), { mode: 0o600 });
    return { account, ...generated, created };
  }

  const saved = await readSaved(file);
  const key = saved ? await prisma.apiKey.findUnique({ where: { clientId: saved.clientId } }) : null;
  if (saved && key && key.accountId === account.id && apiKeyMatches(saved.apiKey, key.apiKeyHash)) {
    return { account, clientId: saved.clientId, apiKey: saved.apiKey, created };
  }
  const first = await prisma.apiKey.findFirst({ where: { accountId: account.id, status: 'ACTIVE' }, orderBy: { createdAt: 'asc' } });
  return { account, clientId: first?.clientId ?? '(none)', apiKey: undefined, created };
}

async function readSaved(file: string): Promise<{ clientId: string; apiKey: string } | undefined> {
  try {
    const data = JSON.parse(await fs.readFile(file, 'utf8')) as { clientId?: unknown; apiKey?: unknown };
    return typeof data.clientId === 'string' && typeof data.apiKey === 'string'
      ? { clientId: data.clientId, apiKey: data.apiKey }
      : undefined;
  } catch {
    return undefined;
  }
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

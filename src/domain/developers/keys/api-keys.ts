import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiKey } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import type { ServiceDeps } from '../../../platform/context';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { newId, randomAlphanumeric } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { accountErrors } from '../../onboarding/accounts/errors';
import { allowedIpsInput, createApiKeyInput, permissionsInput, type CreateApiKeyInput } from '../../onboarding/accounts/rules';

export type { ApiKey };

/** The credentials as shown once, at creation: api_key is never recoverable afterwards. */
export interface IssuedApiKey {
  clientId: string;
  apiKey: string;
  record: ApiKey;
}

/** api_key values carry 256 random bits, so SHA-256 is a safe and fast verifier (no slow hash needed). */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey, 'utf8').digest('hex');

export function apiKeyMatches(apiKey: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(apiKey), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Inserts a key inside the caller's transaction. */
export async function issueApiKey(tx: Tx, now: Date, rawInput: CreateApiKeyInput): Promise<IssuedApiKey> {
  const input = parseInput(createApiKeyInput, rawInput);
  const clientId = input.clientId ?? randomAlphanumeric(20);
  // 43 letters and digits: 256 bits, and never a leading "-" — a base64url key did that once in 64
  // and `npm run cli -- … --api-key KEY` (node's parseArgs) then took it for an option.
  const apiKey = input.apiKey ?? randomAlphanumeric(43);
  const record = await tx.apiKey.create({
    data: {
      id: newId(),
      accountId: input.accountId,
      clientId,
      apiKeyHash: hashApiKey(apiKey),
      apiKeyLast4: apiKey.slice(-4),
      status: 'ACTIVE',
      expiresAt: input.expiresAt ?? null,
      allowedIps: input.allowedIps,
      permissions: input.permissions,
      createdAt: now,
      updatedAt: now,
    },
  });
  return { clientId, apiKey, record };
}

export async function createApiKey(deps: ServiceDeps, rawInput: CreateApiKeyInput): Promise<IssuedApiKey> {
  const input = parseInput(createApiKeyInput, rawInput);
  return deps.db.prisma.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { id: input.accountId } });
    if (!account) throw accountErrors.accountNotFound();
    return issueApiKey(tx, deps.clock.now(), input);
  });
}

export async function listApiKeys(deps: ServiceDeps, accountId: string): Promise<ApiKey[]> {
  return deps.db.prisma.apiKey.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
}

async function updateKey(deps: ServiceDeps, clientId: string, data: Partial<ApiKey>): Promise<ApiKey> {
  const existing = await deps.db.prisma.apiKey.findUnique({ where: { clientId } });
  if (!existing) throw accountErrors.apiKeyNotFound();
  const updated = await deps.db.prisma.apiKey.update({ where: { clientId }, data: { ...data, updatedAt: deps.clock.now() } });
  // Committed (one statement): this process's next call with the key sees it (a disabled key revokes its tokens at once).
  keyRecordsChanged(deps.db);
  return updated;
}

export const disableApiKey = (deps: ServiceDeps, clientId: string): Promise<ApiKey> =>
  updateKey(deps, clientId, { status: 'DISABLED' });

export const enableApiKey = (deps: ServiceDeps, clientId: string): Promise<ApiKey> =>
  updateKey(deps, clientId, { status: 'ACTIVE' });

export const setAllowedIps = (deps: ServiceDeps, clientId: string, ips: string[]): Promise<ApiKey> =>
  updateKey(deps, clientId, { allowedIps: parseInput(allowedIpsInput, ips) });

export const setPermissions = (deps: ServiceDeps, clientId: string, permissions: string[]): Promise<ApiKey> =>
  updateKey(deps, clientId, { permissions: parseInput(permissionsInput, permissions) });

export const setKeyExpiry = (deps: ServiceDeps, clientId: string, expiresAt: Date | null): Promise<ApiKey> =>
  updateKey(deps, clientId, { expiresAt });

/** Sets a key's secret to a chosen value (sandbox credentials from the environment). */
export const setApiKeySecret = (deps: ServiceDeps, clientId: string, apiKey: string): Promise<ApiKey> =>
  updateKey(deps, clientId, { apiKeyHash: hashApiKey(apiKey), apiKeyLast4: apiKey.slice(-4), status: 'ACTIVE' });

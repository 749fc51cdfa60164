import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { afterCommit, type Tx } from '../../../platform/db/tx';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { Permission } from '../../../platform/auth/permissions';
import { platformErrors } from '../../../platform/errors/platform-errors';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { parseInput } from '../../../platform/validation/validate';
import { accountErrors } from '../../onboarding/accounts/errors';
import { allowedIpsInput, permissionsInput } from '../../onboarding/accounts/rules';
import { issueApiKey, type ApiKey } from './api-keys';
import { apiKeyErrors } from './errors';

/**
 * The acting account's API keys as a caller manages them itself (GraphQL apiKeys, createApiKey,
 * disableApiKey, rotateApiKey); operators use the admin CLI (src/admin), which these do not change.
 * Every call needs the key's developers.api_keys.manage permission, checked before anything is
 * read; a key grants only permissions it holds itself, so the permission never widens a caller's
 * reach (docs/decisions/platform/api-keys.md).
 */

export const API_KEY_STATUSES = ['ACTIVE', 'DISABLED'] as const;

/** A key as a caller sees it: never its hash; the secret's last four characters tell keys apart. */
export interface ApiKeyView {
  id: string;
  clientId: string;
  secretLast4: string;
  status: (typeof API_KEY_STATUSES)[number];
  permissions: string[];
  allowedIps: string[];
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The answer of create and rotate: the key, and its secret, shown this once. */
export interface ApiKeyWithSecret {
  apiKey: ApiKeyView;
  secret: string;
}

const KEY_SELECT = {
  id: true,
  clientId: true,
  apiKeyLast4: true,
  status: true,
  permissions: true,
  allowedIps: true,
  expiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type KeyRow = Pick<ApiKey, keyof typeof KEY_SELECT>;

const toApiKeyView = (r: KeyRow): ApiKeyView => ({
  id: r.id,
  clientId: r.clientId,
  secretLast4: r.apiKeyLast4,
  status: r.status as ApiKeyView['status'],
  permissions: r.permissions,
  allowedIps: r.allowedIps,
  expiresAt: r.expiresAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The top-level `forbidden` refusal (as spec 5.7's card secrets) when the caller's key lacks the permission. */
export function requireKeyManagement(ctx: RequestContext, permission: string = Permission.ManageApiKeys): void {
  if (!ctx.principal.permissions.includes(permission)) throw platformErrors.permissionDenied(permission);
}

/** The acting account's keys, newest first (disabled ones included: a client shows and re-reads them). */
export const apiKeyList = defineList({
  filter: z.object({}),
  order: newestFirst('apiKeys'),
  find(ctx, _filter, page) {
    requireKeyManagement(ctx);
    const where = { accountId: ctx.acting.id };
    return page.slice(ctx.db.prisma.apiKey.findMany({ select: KEY_SELECT, ...page.prisma(where) }), ctx.db.prisma.apiKey.count({ where }), toApiKeyView);
  },
});

export const createOwnKeyCommand = z.object({
  permissions: permissionsInput.default([]),
  allowedIps: allowedIpsInput.default([]),
  expiresAt: z.coerce.date().optional(),
});

/** Each permission asked for must be one the caller's key holds: refused top-level, as a call that needs it. */
function grantable(ctx: RequestContext, permissions: readonly string[]): void {
  for (const p of permissions) requireKeyManagement(ctx, p);
}

/** A new key of the acting account; its secret is in this answer only (the row keeps a hash). */
export async function createOwnApiKey(ctx: RequestContext, raw: unknown): Promise<ApiKeyWithSecret> {
  requireKeyManagement(ctx);
  const input = parseInput(createOwnKeyCommand, raw ?? {});
  grantable(ctx, input.permissions);
  const issued = await ctx.commit('locking', ({ tx }) => issueApiKey(tx, ctx.clock.now(), { ...input, accountId: ctx.acting.id }));
  return { apiKey: toApiKeyView(issued.record), secret: issued.apiKey };
}

/** The acting account's key, or api_key_not_found (an unknown, malformed or another tenant's id alike). */
async function ownKey(tx: Tx, ctx: RequestContext, id: string): Promise<KeyRow> {
  const row = isUuid(id) ? await tx.apiKey.findFirst({ where: { id, accountId: ctx.acting.id }, select: KEY_SELECT }) : null;
  if (!row) throw accountErrors.apiKeyNotFound();
  return row;
}

/**
 * ACTIVE to DISABLED in one conditional statement, so of two calls racing on one key exactly one
 * makes the change (the other waits on the row and then matches nothing).
 */
async function disableIfActive(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await tx.apiKey.updateMany({ where: { id, status: 'ACTIVE' }, data: { status: 'DISABLED', updatedAt: now } });
  return count === 1;
}

/**
 * Disables the key at once: its tokens stop working on the next call, in this process and (through
 * the api_keys notification) in every other. Disabling a disabled key answers it unchanged.
 */
export async function disableOwnApiKey(ctx: RequestContext, id: string): Promise<ApiKeyView> {
  requireKeyManagement(ctx);
  const row = await ctx.commit('locking', async ({ tx }) => {
    await ownKey(tx, ctx, id);
    await disableIfActive(tx, id, ctx.clock.now());
    return tx.apiKey.findUniqueOrThrow({ where: { id }, select: KEY_SELECT });
  });
  afterCommit(ctx, () => keyRecordsChanged(ctx.db));
  return toApiKeyView(row);
}

/**
 * Rotation: a new key (new client id and secret) with the old one's permissions, allowed addresses
 * and expiry, and the old key disabled, in one transaction. A client swaps both credentials at once;
 * the old key's tokens stop working at once (a key replaced because it leaked must not keep working
 * for a token's lifetime). The caller's own key may be rotated: this answer still arrives. A disabled
 * key is refused (api_key_disabled): it was replaced or revoked already, and a key has one successor.
 */
export async function rotateOwnApiKey(ctx: RequestContext, id: string): Promise<ApiKeyWithSecret> {
  requireKeyManagement(ctx);
  const issued = await ctx.commit('locking', async ({ tx }) => {
    const old = await ownKey(tx, ctx, id);
    grantable(ctx, old.permissions);
    const now = ctx.clock.now();
    if (!(await disableIfActive(tx, id, now))) throw apiKeyErrors.disabled();
    return issueApiKey(tx, now, { accountId: ctx.acting.id, permissions: old.permissions, allowedIps: old.allowedIps, expiresAt: old.expiresAt ?? undefined });
  });
  afterCommit(ctx, () => keyRecordsChanged(ctx.db));
  return { apiKey: toApiKeyView(issued.record), secret: issued.apiKey };
}

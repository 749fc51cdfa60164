import type { Account } from '../../generated/prisma/client';
import { inTransaction, type Tx } from '../../db/tx';
import type { RequestContext, ServiceDeps } from '../context';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { isUuid, newId } from '../ids/ids';
import { parseInput, validationError } from '../validation/validate';
import { accountErrors } from './errors';
import { issueApiKey, type IssuedApiKey } from './api-keys';
import {
  createMasterAccountInput,
  createSubAccountInput,
  type AccountStatus,
  type CreateMasterAccountInput,
  type CreateSubAccountInput,
} from './rules';

export type { Account };

async function insertAccount(
  tx: Tx,
  now: Date,
  fields: {
    name: string;
    entityType: string;
    businessTypes: string[];
    parentId: string | null;
    isSandbox: boolean;
    createdAt?: Date;
    apiVersion: string;
  },
): Promise<Account> {
  const createdAt = fields.createdAt ?? now;
  // Account short references are unique platform-wide; a collision is retried with a fresh one.
  const account = await insertWithFreshShortReference('PA', (shortReferenceId) =>
    tx.account.createManyAndReturn({
      skipDuplicates: true,
      data: [
        {
          id: newId(),
          shortReferenceId,
          parentId: fields.parentId,
          name: fields.name,
          entityType: fields.entityType,
          businessTypes: fields.businessTypes,
          status: 'ACTIVE',
          verificationStatus: 'APPROVED',
          isSandbox: fields.isSandbox,
          createdAt,
          updatedAt: now,
        },
      ],
    }),
  );
  await tx.accessProfile.create({ data: { accountId: account.id, apiVersion: fields.apiVersion, createdAt: now } });
  return account;
}

/** Creates a master account with its access profile and a first API key, in one transaction. */
export async function createMasterAccount(
  deps: ServiceDeps,
  rawInput: CreateMasterAccountInput,
): Promise<{ account: Account; key: IssuedApiKey }> {
  const input = parseInput(createMasterAccountInput, rawInput);
  return inTransaction(deps, async (tx) => {
    const account = await insertAccount(tx, deps.clock.now(), { ...input, parentId: null });
    const key = await issueApiKey(tx, deps.clock.now(), { accountId: account.id });
    return { account, key };
  });
}

/**
 * Creates a connected sub-account under a master. Sub-accounts inherit the sandbox flag and API
 * version; their business types must be among the master's (spec 7.1 "corresponding service").
 */
export async function createSubAccount(
  deps: ServiceDeps & { tx?: Tx },
  parentId: string,
  rawInput: CreateSubAccountInput,
): Promise<Account> {
  const input = parseInput(createSubAccountInput, rawInput);
  return inTransaction(deps, async (tx) => {
    // FOR SHARE: a status change of the master (FOR UPDATE) and this creation serialise, so no
    // sub-account is added under a master whose close committed while it was being checked.
    const locked = isUuid(parentId) ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM accounts WHERE id = ${parentId}::uuid FOR SHARE` : [];
    const parent = locked.length > 0 ? await tx.account.findUnique({ where: { id: parentId }, include: { accessProfile: true } }) : null;
    if (!parent) throw accountErrors.accountNotFound();
    if (parent.parentId !== null) throw accountErrors.parentNotMaster();
    if (parent.status !== 'ACTIVE') throw accountErrors.masterNotActive();
    const businessTypes = input.businessTypes ?? parent.businessTypes;
    if (!businessTypes.every((t) => parent.businessTypes.includes(t))) throw accountErrors.serviceNotOpened();
    return insertAccount(tx, deps.clock.now(), {
      name: input.name,
      entityType: input.entityType,
      businessTypes,
      parentId: parent.id,
      isSandbox: parent.isSandbox,
      createdAt: input.createdAt,
      apiVersion: parent.accessProfile?.apiVersion ?? 'V1.0',
    });
  });
}

export async function getAccount(deps: ServiceDeps, accountId: string): Promise<Account> {
  const account = isUuid(accountId) ? await deps.db.prisma.account.findUnique({ where: { id: accountId } }) : null;
  if (!account) throw accountErrors.accountNotFound();
  return account;
}

/**
 * Operator command (admin set-status). The account row is locked FOR UPDATE for the change, so two
 * changes apply one after the other and each sees the other's result; areas that check an account
 * is open lock it FOR SHARE and serialise with a close the same way. CLOSED is final: a closed
 * account never changes status again, so "close" racing "activate" has one clear loser.
 */
export async function setAccountStatus(deps: ServiceDeps, accountId: string, status: AccountStatus): Promise<Account> {
  return inTransaction(deps, async (tx) => {
    const [current] = isUuid(accountId)
      ? await tx.$queryRaw<{ status: string }[]>`SELECT status FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`
      : [];
    if (!current) throw accountErrors.accountNotFound();
    if (current.status === 'CLOSED' && status !== 'CLOSED') throw accountErrors.accountClosed();
    return tx.account.update({ where: { id: accountId }, data: { status, updatedAt: deps.clock.now() } });
  });
}

/**
 * The sub-accounts of a master, oldest first. Only the calling entity's own sub-accounts are
 * visible: a sub-account's key reaching its master through `parent` must not list its siblings.
 */
export async function listSubAccounts(
  ctx: Pick<RequestContext, 'db' | 'clock' | 'principal'>,
  parentId: string,
  page: { first: number; afterId?: string },
): Promise<{ items: Account[]; totalCount: number; hasNextPage: boolean }> {
  if (parentId !== ctx.principal.accountId) return { items: [], totalCount: 0, hasNextPage: false };
  if (page.afterId !== undefined && !isUuid(page.afterId)) {
    throw validationError({ field: 'after', rule: 'invalid_value', message: "Invalid value for field 'after'" });
  }
  const deps = ctx;
  const where = { parentId };
  const [items, totalCount] = await Promise.all([
    deps.db.prisma.account.findMany({
      where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: page.first + 1,
      ...(page.afterId ? { cursor: { id: page.afterId }, skip: 1 } : {}),
    }),
    deps.db.prisma.account.count({ where }),
  ]);
  return { items: items.slice(0, page.first), totalCount, hasNextPage: items.length > page.first };
}

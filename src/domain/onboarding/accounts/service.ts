import { Prisma, type Account as AccountRow } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import { inTransaction, type Tx } from '../../../platform/db/tx';
import type { RequestContext, ServiceDeps } from '../../../platform/context';
import { insertWithFreshShortReference } from '../../../platform/ids/fresh-short-reference';
import { isUuid, newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { accountErrors } from './errors';
import { countSubAccountsWithUen } from './store';
import { accountMay } from '../../../platform/tenancy/account-status';
import { issueApiKey, type IssuedApiKey } from '../../developers/keys/api-keys';
import {
  createMasterAccountInput,
  createSubAccountInput,
  createConnectedAccountCommand,
  type AccountStatus,
  type CreateMasterAccountInput,
  type CreateSubAccountInput,
} from './rules';
import { toAccountView, type AccountView } from './view';
import { startVerification } from './verification';
import { claimIdentifications, type IdentificationRef } from './identifications';
import { SAME_UEN_LIMIT } from './sub-account-rules';
import { keyRecordsChanged } from '../../../platform/auth/key-record';
import { storedApplication } from './stored';

/** Every caller of this service (doors, admin command line, sandbox start, tests) reads accounts as views. */
export type { AccountView as Account };

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
    /** Onboarded accounts start PENDING (verification.ts); operator-made ones are APPROVED at once. */
    verificationStatus?: 'PENDING' | 'APPROVED';
    country?: string;
    onboarding?: Prisma.InputJsonValue;
  },
): Promise<AccountRow> {
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
          verificationStatus: fields.verificationStatus ?? 'APPROVED',
          country: fields.country ?? null,
          onboarding: fields.onboarding ?? Prisma.DbNull,
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
): Promise<{ account: AccountView; key: IssuedApiKey }> {
  const input = parseInput(createMasterAccountInput, rawInput);
  return inTransaction(deps, async (tx) => {
    const account = await insertAccount(tx, deps.clock.now(), { ...input, parentId: null });
    const key = await issueApiKey(tx, deps.clock.now(), { accountId: account.id });
    return { account: toAccountView(account), key };
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
  /** An onboarded account's application, in the domain's names (stored.ts keeps it in the wire's). */
  onboarded?: { country?: string; application: object; uen?: string; identifications?: IdentificationRef[] },
): Promise<AccountView> {
  const input = parseInput(createSubAccountInput, rawInput);
  return inTransaction(deps, async (tx) => {
    // FOR SHARE: a status change of the master (FOR UPDATE) and this creation serialise, so no
    // sub-account is added under a master whose close committed while it was being checked.
    // With a registration number to count (AF2), FOR UPDATE: two creations under one master then
    // count one after the other, so the same-UEN limit cannot be passed by a race.
    const parent = isUuid(parentId) ? await lockRow(tx, 'accounts', { id: parentId }, onboarded?.uen !== undefined ? 'update' : 'share') : undefined;
    if (!parent) throw accountErrors.accountNotFound();
    if (parent.parentId !== null) throw accountErrors.parentNotMaster();
    if (!accountMay(parent.status, 'operate')) throw accountErrors.masterNotActive();
    const businessTypes = input.businessTypes ?? parent.businessTypes;
    if (!businessTypes.every((t) => parent.businessTypes.includes(t))) throw accountErrors.serviceNotOpened();
    if (onboarded?.uen !== undefined) await checkSameUenLimit(tx, parent.id, onboarded.uen);
    const profile = await tx.accessProfile.findUnique({ where: { accountId: parent.id } });
    const account = await insertAccount(tx, deps.clock.now(), {
      name: input.name,
      entityType: input.entityType,
      businessTypes,
      parentId: parent.id,
      isSandbox: parent.isSandbox,
      createdAt: input.createdAt,
      apiVersion: profile?.apiVersion ?? 'V1.0',
      ...(onboarded ? { verificationStatus: 'PENDING' as const, country: onboarded.country, onboarding: storedApplication(onboarded.application) } : {}),
    });
    if (onboarded?.identifications) await claimIdentifications(tx, parent.id, account.id, onboarded.identifications, deps.clock.now());
    if (onboarded) await startVerification(tx, { ...account, verificationStatus: 'PENDING' }, deps.clock.now());
    return toAccountView(account);
  });
}

/**
 * GraphQL createSubAccount: a connected sub-account of the calling entity (the master is always the
 * caller, never the account acted for).
 */
export async function createConnectedAccount(ctx: RequestContext, raw: unknown): Promise<AccountView> {
  const v = parseInput(createConnectedAccountCommand, raw);
  // The onboarding column keeps what was submitted, as every onboarded account's does.
  const application = { name: v.name, entityType: v.entityType, ...(v.businessTypes !== undefined ? { businessTypes: v.businessTypes } : {}) };
  return createSubAccount(ctx, ctx.principal.accountId, { name: v.name, entityType: v.entityType, businessTypes: v.businessTypes }, { application });
}

async function checkSameUenLimit(tx: Tx, parentId: string, uen: string): Promise<void> {
  const current = await countSubAccountsWithUen(tx, parentId, uen);
  if (current >= SAME_UEN_LIMIT) throw accountErrors.sameUenLimit(current, SAME_UEN_LIMIT);
}

async function findAccount(deps: ServiceDeps, accountId: string): Promise<AccountRow> {
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
export async function setAccountStatus(deps: ServiceDeps, accountId: string, status: AccountStatus): Promise<AccountView> {
  const changed = await inTransaction(deps, async (tx) => {
    const current = isUuid(accountId) ? await lockRow(tx, 'accounts', { id: accountId }) : undefined;
    if (!current) throw accountErrors.accountNotFound();
    if (current.status === 'CLOSED' && status !== 'CLOSED') throw accountErrors.accountClosed();
    return toAccountView(await tx.account.update({ where: { id: accountId }, data: { status, updatedAt: deps.clock.now() } }));
  });
  // Committed: the next call of a key of this account sees the status (an inactive entity's tokens stop working).
  keyRecordsChanged(deps.db);
  return changed;
}

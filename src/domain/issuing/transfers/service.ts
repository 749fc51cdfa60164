import { Prisma, type IssuingTransfer } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import type { EventName } from '../../../platform/events/outbox';
import { addIssuingTransferEvent } from './events';
import { isUuid, newId, shortReference } from '../../../platform/ids/ids';
import { issuingBalanceErrors } from '../balances/errors';
import { fundingCommand, isIssuingCurrency } from '../balances/rules';
import { addJournalEntry, type LedgerPurpose } from '../../../platform/ledger/posting';
import { parseInput } from '../../../platform/validation/validate';
import { WriteSet, type ColumnValue } from '../../../platform/writes/write-set';
import { issuingTransferErrors } from './errors';
import { readIssuingTransferParties } from './store';
import { createIssuingTransferCommand, inTree, mayDebit, type IssuingParty, type IssuingTransferType } from './rules';
import { toIssuingTransferView, type IssuingTransferView } from './view';
import { assertCounterparty, holdCounterparty, KNOWN_STATUSES } from '../../../platform/tenancy/account-status';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

interface Movement {
  type: IssuingTransferType;
  source: string;
  destination: string;
  currency: string;
  amount: Prisma.Decimal;
  remark: string | null;
  event: EventName;
}

/** Who makes a transfer, and when: the acting account and the entity whose key it is. */
export interface TransferMaker {
  accountId: string;
  creatorId: string;
  at: Date;
}

export const makerOf = (ctx: RequestContext): TransferMaker => ({ accountId: ctx.acting.id, creatorId: ctx.principal.accountId, at: ctx.clock.now() });

/** Where each type of transfer takes its money from and puts it (ledger purposes). */
const LEGS: Record<IssuingTransferType, { from: LedgerPurpose; to: LedgerPurpose; description: string }> = {
  ACCOUNT: { from: 'ISSUING_AVAILABLE', to: 'ISSUING_AVAILABLE', description: 'issuing transfer' },
  WALLET_IN: { from: 'WALLET', to: 'ISSUING_AVAILABLE', description: 'wallet to issuing balance' },
  WALLET_OUT: { from: 'ISSUING_AVAILABLE', to: 'WALLET', description: 'issuing balance to wallet' },
  SANDBOX_FUNDS: { from: 'SANDBOX_FUNDS', to: 'ISSUING_AVAILABLE', description: 'sandbox test funds' },
};

/**
 * One issuing transfer in a write set: its row, its event and its posting, the guarded debit last
 * so the hot balance's row lock is held briefly. An uncovered amount refuses the whole set with
 * `Insufficient balance` and records nothing, so a transfer is COMPLETED when it exists. The
 * sandbox's source of test funds is the one unguarded source: its balance is minus what it gave.
 */
export function prepareTransfer(by: TransferMaker, writes: WriteSet, m: Movement): IssuingTransferView {
  const now = by.at;
  const row: IssuingTransfer = {
    id: newId(),
    accountId: by.accountId,
    shortTransactionId: shortReference('IT'),
    transferType: m.type,
    sourceAccountId: m.source,
    destinationAccountId: m.destination,
    currency: m.currency,
    amount: m.amount,
    remark: m.remark,
    status: 'COMPLETED',
    creatorId: by.creatorId,
    createdAt: now,
    completedAt: now,
  };
  const view = toIssuingTransferView(row);
  writes.insertWithFreshReference('issuing_transfers', row as unknown as Record<string, ColumnValue>);
  addIssuingTransferEvent(writes, row, m.event, now);
  const legs = LEGS[m.type];
  const amount = new Prisma.Decimal(m.amount);
  addJournalEntry(writes, {
    accountId: by.accountId,
    kind: 'ISSUING_TRANSFER',
    referenceType: 'ISSUING_TRANSFER',
    referenceId: row.id,
    description: m.type === 'ACCOUNT' ? (m.remark ?? legs.description) : legs.description,
    at: now,
    lines: [
      {
        accountId: m.source,
        currency: m.currency,
        purpose: legs.from,
        amount: amount.neg(),
        ...(legs.from === 'SANDBOX_FUNDS' ? {} : { guardNonNegative: true, shortfall: issuingBalanceErrors.insufficientBalance() }),
      },
      { accountId: m.destination, currency: m.currency, purpose: legs.to, amount },
    ],
  });
  return view;
}

/**
 * Funding extension: moves `amount` between the acting account's banking wallet (WALLET) and its
 * issuing balance (ISSUING_AVAILABLE) of one currency, in one write set, the debit guarded.
 */
export async function fundIssuingBalance(ctx: RequestContext, direction: 'in' | 'out', raw: unknown): Promise<IssuingTransferView> {
  const input = parseInput(fundingCommand, raw);
  if (!isIssuingCurrency(input.currency)) throw issuingBalanceErrors.balanceNotExists();
  return ctx.commit(async ({ writes }) => {
    const view = prepareTransfer(makerOf(ctx), writes, {
      type: direction === 'in' ? 'WALLET_IN' : 'WALLET_OUT',
      source: ctx.acting.id,
      destination: ctx.acting.id,
      currency: input.currency,
      amount: new Prisma.Decimal(input.amount.toFixed(2)),
      remark: null,
      event: direction === 'in' ? 'issuing_balance.transfer_in.succeeded' : 'issuing_balance.transfer_out.succeeded',
    });
    return view;
  });
}

/**
 * Both parties, read and checked against the acting tree, what the caller may debit and what their
 * status allows; the write set then holds both account rows FOR SHARE in id order until it commits,
 * requiring their status still to allow it, as wallet transfers do (src/domain/wallet/transfers/service.ts).
 */
async function resolveParties(writes: WriteSet, ctx: RequestContext, sourceId: string, destinationId: string): Promise<void> {
  const root = rootOf(ctx.acting);
  const ids = [sourceId, destinationId].filter(isUuid);
  const rows = await readIssuingTransferParties(ctx, ids, KNOWN_STATUSES);
  const party = (id: string) => rows.find((r) => r.id === id && inTree(root, r));
  const source = party(sourceId);
  if (!source || !mayDebit(ctx.acting, source)) throw issuingTransferErrors.accountNotExists('sourceAccountId');
  const destination = party(destinationId);
  if (!destination) throw issuingTransferErrors.accountNotExists('destinationAccountId');
  assertCounterparty(source, 'sourceAccountId');
  assertCounterparty(destination, 'destinationAccountId');
  for (const id of [...new Set([sourceId, destinationId])].sort()) holdCounterparty(writes, id);
}

/** CI24: one account's issuing balance to another's of the same tree (master and sub-accounts). */
export async function createIssuingTransfer(ctx: RequestContext, raw: unknown): Promise<IssuingTransferView> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createIssuingTransferCommand, raw);
  return ctx.commit(async ({ writes }) => {
    await resolveParties(writes, ctx, input.sourceAccountId, input.destinationAccountId);
    if (!isIssuingCurrency(input.currency)) throw issuingBalanceErrors.balanceNotExists();
    const view = prepareTransfer(makerOf(ctx), writes, {
      type: 'ACCOUNT',
      source: input.sourceAccountId,
      destination: input.destinationAccountId,
      currency: input.currency,
      amount: new Prisma.Decimal(input.amount.toFixed(2)),
      remark: input.remark ?? null,
      event: 'issuing_transfer.create.succeeded',
    });
    return view;
  });
}

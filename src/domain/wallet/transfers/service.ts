import { Prisma, type Transfer } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { addTransferEvent } from './events';
import { isUuid, newId, shortReference } from '../../../platform/ids/ids';
import { addJournalEntry } from '../../../platform/ledger/posting';
import { parseInput } from '../../../platform/validation/validate';
import { WriteSet, type ColumnValue } from '../../../platform/writes/write-set';
import { transferErrors } from './errors';
import { readTransferParties } from './store';
import { createTransferCommand, inTree, mayDebit, type CreateTransferCommand, type TransferParty } from './rules';
import { toTransferView, type TransferView } from './view';
import { assertCounterparty, holdCounterparty, KNOWN_STATUSES } from '../../../platform/tenancy/account-status';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

/**
 * Both parties, checked against the acting account's tree, what it may debit and what their status
 * allows (accounts/status-policy.ts). They are read first; the write set then locks both rows FOR
 * SHARE, in id order as every transfer takes them, until the transfer commits, and requires their
 * status still to allow it: a status change locks the account FOR UPDATE, so it waits for a
 * transfer in progress, and a transfer that meets a change in progress waits for it and is prepared
 * again — to find the new status. Money never lands in (or leaves) an account suspended or closed
 * under it.
 */
async function resolveParties(writes: WriteSet, ctx: RequestContext, input: CreateTransferCommand): Promise<{ source: TransferParty; target: TransferParty }> {
  const root = rootOf(ctx.acting);
  const ids = [input.sourceAccountId, input.targetAccountId].filter(isUuid);
  const rows = await readTransferParties(ctx, ids, KNOWN_STATUSES);
  const party = (id: string) => rows.find((r) => r.id === id && inTree(root, r));
  const source = party(input.sourceAccountId);
  if (!source) throw transferErrors.accountNotFound('sourceAccountId');
  const target = party(input.targetAccountId);
  if (!target) throw transferErrors.accountNotFound('targetAccountId');
  if (!mayDebit(ctx.acting, source)) throw transferErrors.sourceNotPermitted();
  assertCounterparty(source, 'sourceAccountId');
  assertCounterparty(target, 'targetAccountId');
  for (const id of [...new Set([source.id, target.id])].sort()) holdCounterparty(writes, id);
  return { source, target };
}

/**
 * BT6: moves money between two wallets of one tree. The transfer row, both legs (source WALLET
 * debit, guarded so it cannot go below zero, and target WALLET credit) and the outbox event commit
 * together; an uncovered amount refuses the whole transfer and records nothing, so a transfer is
 * COMPLETED when it exists.
 */
export async function createTransfer(ctx: RequestContext, raw: unknown): Promise<TransferView> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createTransferCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const { source, target } = await resolveParties(writes, ctx, input);
    const now = ctx.clock.now();
    const id = newId();
    const transfer: Transfer = {
      id,
      accountId: ctx.acting.id,
      shortReferenceId: shortReference('TR'),
      sourceAccountId: source.id,
      targetAccountId: target.id,
      currency: input.currency,
      amount: new Prisma.Decimal(input.amount.toFixed()),
      reason: input.reason,
      status: 'COMPLETED',
      createdBy: ctx.principal.accountId,
      createdAt: now,
      completedAt: now,
    };
    writes.insertWithFreshReference('transfers', transfer as unknown as Record<string, ColumnValue>);
    // The entry's id is named first so the event can carry the transfer as BT8 answers it, while the
    // posting stays last (it takes the hot wallet's row lock).
    const entryId = newId();
    const view = toTransferView(transfer, { sourceAccountName: source.name, targetAccountName: target.name, entryId });
    addTransferEvent(writes, ctx.acting.id, view, now);
    // Last, so the hot wallet's row lock (taken by the guarded debit) is held for as short a time as possible.
    addJournalEntry(writes, {
      entryId,
      accountId: ctx.acting.id,
      kind: 'TRANSFER',
      referenceType: 'TRANSFER',
      referenceId: id,
      at: now,
      lines: [
        { accountId: source.id, currency: input.currency, purpose: 'WALLET', amount: input.amount.neg(), guardNonNegative: true },
        { accountId: target.id, currency: input.currency, purpose: 'WALLET', amount: input.amount },
      ],
    });
    return view;
  });
}

import { inTransaction, type Tx } from '../../db/tx';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import { recordEvent } from '../events/outbox';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { isUuid, newId } from '../ids/ids';
import { postJournalEntry } from '../ledger/posting';
import { formatAmount } from '../money/amount';
import { parseInput } from '../validation/validate';
import { transferErrors } from './errors';
import { createTransferWire, inTree, mayDebit, type CreateTransferInput, type TransferParty } from './rules';
import { toTransferView, type TransferView } from './view';

/**
 * Both parties, checked against the acting account's tree and what it may debit. The rows are
 * locked FOR SHARE until the transfer commits: closing an account locks it FOR UPDATE, so a close
 * waits for a transfer in progress, and a transfer that meets a close in progress waits for it and
 * then finds the account closed — money never lands in (or leaves) an account closed under it.
 * Locked in id order, as every transfer takes them.
 */
async function resolveParties(tx: Tx, ctx: RequestContext, input: CreateTransferInput): Promise<{ source: TransferParty; target: TransferParty }> {
  const root = rootOf(ctx.acting);
  const ids = [input.source_account_id, input.target_account_id].filter(isUuid);
  const rows = await tx.$queryRaw<TransferParty[]>`
    SELECT id, name, parent_id AS "parentId" FROM accounts
    WHERE id = ANY(${ids}::uuid[]) AND status <> 'CLOSED'
    ORDER BY id FOR SHARE`;
  const party = (id: string) => rows.find((r) => r.id === id && inTree(root, r));
  const source = party(input.source_account_id);
  if (!source) throw transferErrors.accountNotFound('source_account_id');
  const target = party(input.target_account_id);
  if (!target) throw transferErrors.accountNotFound('target_account_id');
  if (!mayDebit(ctx.acting, source)) throw transferErrors.sourceNotPermitted();
  return { source, target };
}

/**
 * Both legs in one entry: the source WALLET debit is guarded (check and debit in one statement),
 * so concurrent transfers out of one hot wallet can never take it below zero.
 */
function postTransferLegs(
  tx: Tx,
  t: { transferId: string; actingId: string; source: TransferParty; target: TransferParty; input: CreateTransferInput; at: Date },
): Promise<{ entryId: string }> {
  return postJournalEntry(tx, {
    accountId: t.actingId,
    kind: 'TRANSFER',
    referenceType: 'TRANSFER',
    referenceId: t.transferId,
    at: t.at,
    lines: [
      { accountId: t.source.id, currency: t.input.currency, purpose: 'WALLET', amount: t.input.amount.neg(), guardNonNegative: true },
      { accountId: t.target.id, currency: t.input.currency, purpose: 'WALLET', amount: t.input.amount },
    ],
  });
}

/**
 * BT6: moves money between two wallets of one tree. The transfer row, both legs (source WALLET
 * debit, guarded so it cannot go below zero, and target WALLET credit) and the outbox event commit
 * in one transaction; an uncovered amount refuses the whole transfer and records nothing, so a
 * transfer is COMPLETED when it exists.
 */
export async function createTransfer(ctx: RequestContext, raw: unknown): Promise<TransferView> {
  const input = parseInput(createTransferWire, raw);
  return inTransaction(ctx, async (tx) => {
    const { source, target } = await resolveParties(tx, ctx, input);
    const now = ctx.clock.now();
    const id = newId();
    const transfer = await insertWithFreshShortReference('TR', (reference) =>
      tx.transfer.createManyAndReturn({
        skipDuplicates: true,
        data: [
          {
            id,
            accountId: ctx.acting.id,
            shortReferenceId: reference,
            sourceAccountId: source.id,
            targetAccountId: target.id,
            currency: input.currency,
            amount: input.amount.toFixed(),
            reason: input.reason,
            status: 'COMPLETED',
            createdBy: ctx.principal.accountId,
            createdAt: now,
            completedAt: now,
          },
        ],
      }),
    );
    await recordEvent(tx, {
      accountId: ctx.acting.id,
      eventName: 'transfer.create.succeeded',
      sourceId: id,
      data: {
        transfer_id: id,
        short_reference_id: transfer.shortReferenceId,
        source_account_id: source.id,
        target_account_id: target.id,
        currency: input.currency,
        amount: formatAmount(input.amount, input.currency),
        transfer_status: 'COMPLETED',
      },
      at: now,
    });
    // Last, so the hot wallet's row lock (taken by the guarded debit) is held for as short a time as possible.
    const { entryId } = await postTransferLegs(tx, { transferId: id, actingId: ctx.acting.id, source, target, input, at: now });
    return toTransferView(transfer, { sourceAccountName: source.name, targetAccountName: target.name, entryId });
  });
}

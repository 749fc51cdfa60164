import { Prisma, type IssuingTransfer } from '../../generated/prisma/client';
import { readRows } from '../../db/reads';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import type { EventName } from '../events/outbox';
import { addIssuingTransferEvent } from './events';
import { isUuid, newId, shortReference } from '../ids/ids';
import { issuingBalanceErrors } from '../issuing-balances/errors';
import { fundingInput, isIssuingCurrency } from '../issuing-balances/rules';
import { addJournalEntry, type PostingLine } from '../ledger/posting';
import { parseInput } from '../validation/validate';
import { commitPrepared } from '../writes/commit';
import { STALE, WriteSet, type ColumnValue } from '../writes/write-set';
import { issuingTransferErrors } from './errors';
import { createIssuingTransferInput, inTree, mayDebit, type IssuingParty, type IssuingTransferType } from './rules';
import { toIssuingTransferView, type IssuingTransferView } from './view';
import { assertMayMoveMoney } from '../accounts/verification';

interface Movement {
  type: IssuingTransferType;
  source: string;
  destination: string;
  currency: string;
  amount: Prisma.Decimal;
  remark: string | null;
  event: EventName;
}

/**
 * One issuing transfer in a write set: its row, its event and its posting, the guarded debit last
 * so the hot balance's row lock is held briefly. An uncovered amount refuses the whole set with
 * `Insufficient balance` and records nothing, so a transfer is COMPLETED when it exists.
 */
function prepareTransfer(ctx: RequestContext, writes: WriteSet, m: Movement): IssuingTransferView {
  const now = ctx.clock.now();
  const row: IssuingTransfer = {
    id: newId(),
    accountId: ctx.acting.id,
    shortTransactionId: shortReference('IT'),
    transferType: m.type,
    sourceAccountId: m.source,
    destinationAccountId: m.destination,
    currency: m.currency,
    amount: m.amount,
    remark: m.remark,
    status: 'COMPLETED',
    creatorId: ctx.principal.accountId,
    createdAt: now,
    completedAt: now,
  };
  const view = toIssuingTransferView(row);
  writes.insertWithFreshReference('issuing_transfers', row as unknown as Record<string, ColumnValue>);
  addIssuingTransferEvent(writes, row, m.event, now);
  const shortfall = issuingBalanceErrors.insufficientBalance();
  const from: PostingLine['purpose'] = m.type === 'WALLET_IN' ? 'WALLET' : 'ISSUING_AVAILABLE';
  const to: PostingLine['purpose'] = m.type === 'WALLET_OUT' ? 'WALLET' : 'ISSUING_AVAILABLE';
  const amount = new Prisma.Decimal(m.amount);
  addJournalEntry(writes, {
    accountId: ctx.acting.id,
    kind: 'ISSUING_TRANSFER',
    referenceType: 'ISSUING_TRANSFER',
    referenceId: row.id,
    description: m.type === 'ACCOUNT' ? (m.remark ?? 'issuing transfer') : m.type === 'WALLET_IN' ? 'wallet to issuing balance' : 'issuing balance to wallet',
    at: now,
    lines: [
      { accountId: m.source, currency: m.currency, purpose: from, amount: amount.neg(), guardNonNegative: true, shortfall },
      { accountId: m.destination, currency: m.currency, purpose: to, amount },
    ],
  });
  return view;
}

/**
 * Funding extension: moves `amount` between the acting account's banking wallet (WALLET) and its
 * issuing balance (ISSUING_AVAILABLE) of one currency, in one write set, the debit guarded.
 */
export async function fundIssuingBalance(ctx: RequestContext, direction: 'in' | 'out', raw: unknown): Promise<IssuingTransferView> {
  const input = parseInput(fundingInput, raw);
  if (!isIssuingCurrency(input.currency)) throw issuingBalanceErrors.balanceNotExists();
  return commitPrepared(ctx, async () => {
    const writes = new WriteSet();
    const view = prepareTransfer(ctx, writes, {
      type: direction === 'in' ? 'WALLET_IN' : 'WALLET_OUT',
      source: ctx.acting.id,
      destination: ctx.acting.id,
      currency: input.currency,
      amount: new Prisma.Decimal(input.amount.toFixed(2)),
      remark: null,
      event: direction === 'in' ? 'issuing_balance.transfer_in.succeeded' : 'issuing_balance.transfer_out.succeeded',
    });
    return { writes, view };
  });
}

/**
 * Both parties, read and checked against the acting tree and what the caller may debit; the write
 * set then holds both account rows FOR SHARE in id order until it commits, requiring them still
 * open, as wallet transfers do (src/domain/transfers/service.ts).
 */
async function resolveParties(writes: WriteSet, ctx: RequestContext, sourceId: string, destinationId: string): Promise<void> {
  const root = rootOf(ctx.acting);
  const ids = [sourceId, destinationId].filter(isUuid);
  const rows = await readRows<IssuingParty>(ctx, {
    name: 'issuing_transfer_parties',
    text: `SELECT id, parent_id AS "parentId" FROM accounts WHERE id = ANY($1::uuid[]) AND status <> 'CLOSED'`,
    values: [ids],
  });
  const party = (id: string) => rows.find((r) => r.id === id && inTree(root, r));
  const source = party(sourceId);
  if (!source || !mayDebit(ctx.acting, source)) throw issuingTransferErrors.accountNotExists('source_account_id');
  if (!party(destinationId)) throw issuingTransferErrors.accountNotExists('destination_account_id');
  for (const id of [...new Set([sourceId, destinationId])].sort()) {
    writes.require(
      { sql: `SELECT 'true'::jsonb FROM accounts WHERE id = ($1::jsonb->>'id')::uuid AND status <> 'CLOSED' FOR SHARE`, args: { id } },
      STALE,
    );
  }
}

/** CI24: one account's issuing balance to another's of the same tree (master and sub-accounts). */
export async function createIssuingTransfer(ctx: RequestContext, raw: unknown): Promise<IssuingTransferView> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createIssuingTransferInput, raw);
  return commitPrepared(ctx, async () => {
    const writes = new WriteSet();
    await resolveParties(writes, ctx, input.source_account_id, input.destination_account_id);
    if (!isIssuingCurrency(input.currency)) throw issuingBalanceErrors.balanceNotExists();
    const view = prepareTransfer(ctx, writes, {
      type: 'ACCOUNT',
      source: input.source_account_id,
      destination: input.destination_account_id,
      currency: input.currency,
      amount: new Prisma.Decimal(input.amount.toFixed(2)),
      remark: input.remark ?? null,
      event: 'issuing_transfer.create.succeeded',
    });
    return { writes, view };
  });
}

import { Prisma, type PaymentPayout } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { holdPayoutBankAccount } from '../bank-accounts/contract';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { addTransition } from '../../../platform/scheduler/transitions';
import { parseInput } from '../../../platform/validation/validate';
import { WriteSet, type ColumnValue } from '../../../platform/writes/write-set';
import { paymentPayoutErrors } from './errors';
import { addPaymentPayoutEvent } from './events';
import { debitAvailableForPaymentPayout } from './ledger';
import { PAYMENT_PAYOUT_SUBMIT } from './lifecycle';
import { createPaymentPayoutCommand, type CreatePaymentPayoutCommand } from './rules';
import { readTreeAccountByRef } from './store';
import { toPaymentPayoutView, type PaymentPayoutView } from './view';
import { assertCounterparty, holdCounterparty, KNOWN_STATUSES } from '../../../platform/tenancy/account-status';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

/**
 * payout_account_id: an account of the caller's tree (its master or one of the master's
 * sub-accounts, the acting account included), by id or short reference, whose status lets it take
 * money (accounts/status-policy.ts). The write set locks it FOR SHARE until the payout commits and
 * requires its status still to allow it, as transfers do (a status change waits).
 */
async function holdPayoutAccount(reader: Tx, writes: WriteSet, ctx: RequestContext, ref: string): Promise<string> {
  const root = rootOf(ctx.acting);
  const target = await readTreeAccountByRef(reader, ref, root, KNOWN_STATUSES);
  if (!target) throw paymentPayoutErrors.payoutAccountNotFound();
  assertCounterparty(target, 'payoutAccountId');
  holdCounterparty(writes, target.id);
  return target.id;
}

async function destinationOf(reader: Tx, writes: WriteSet, ctx: RequestContext, input: CreatePaymentPayoutCommand) {
  if (input.payoutAccountId !== undefined) {
    return { bankAccountId: null, payoutAccountId: await holdPayoutAccount(reader, writes, ctx, input.payoutAccountId) };
  }
  const bank = await holdPayoutBankAccount(reader, writes, ctx.acting.id, input.payoutCurrency);
  if (!bank) throw paymentPayoutErrors.noBankAccount(input.payoutCurrency);
  return { bankAccountId: bank.id, payoutAccountId: null };
}

/**
 * PA16: moves money out of the acting account's available payment balance, to its Valid settlement
 * bank account in payout_currency or to the wallet of an account of its tree (payout_account_id).
 * The payout row INITIATED, its submission, the event and — last, as it locks the balance row —
 * the guarded debit commit together; a short balance refuses it all (400, nothing written).
 */
export async function createPaymentPayout(ctx: RequestContext, raw: unknown): Promise<PaymentPayoutView> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createPaymentPayoutCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const destination = await destinationOf(ctx.tx ?? ctx.db.prisma, writes, ctx, input);
    const now = ctx.clock.now();
    const payout: PaymentPayout = {
      id: newId(),
      accountId: ctx.acting.id,
      status: 'INITIATED',
      currency: input.payoutCurrency,
      amount: new Prisma.Decimal(input.payoutAmount.toFixed()),
      statementDescriptor: input.statementDescriptor,
      internalNote: input.internalNote ?? null,
      ...destination,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    };
    writes.insert('payment_payouts', payout as unknown as Record<string, ColumnValue>);
    addTransition(writes, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: PAYMENT_PAYOUT_SUBMIT,
      subjectId: payout.id,
      dueAt: now,
      now,
    });
    addPaymentPayoutEvent(writes, payout, 'payment_payout.create.succeeded', now);
    debitAvailableForPaymentPayout(writes, payout, now);
    return toPaymentPayoutView(payout);
  });
}

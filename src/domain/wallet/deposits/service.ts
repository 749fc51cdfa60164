import { Prisma, type Deposit } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId, shortReference } from '../../../platform/ids/ids';
import { addTransition } from '../../../platform/scheduler/transitions';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { checkDepositReceiver } from '../virtual-accounts/receiving';
import { parseInput } from '../../../platform/validation/validate';
import { depositErrors } from './errors';
import { addDepositEvent } from './events';
import { addSettlement, DEPOSIT_SETTLE, settlementOf } from './lifecycle';
import { depositStaysPendingInSandbox, simulateDepositCommand } from './rules';
import { toDepositView, type DepositView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';

/**
 * SI1 (spec 4.5): a simulated incoming bank deposit into the acting account's wallet, in one
 * transaction. By default it settles at once (lifecycle.ts): the answer already shows it COMPLETED
 * and the wallet credited, so a payout can follow straight away. The sandbox test values of
 * sender_swift_code (rules.ts) make it FAILED at once, or leave it PENDING with its settlement
 * scheduled — on the real clock within about a second, under a test clock at the next advance. A
 * receiver_account_number naming a virtual account is checked against it (virtual-accounts/receiving.ts).
 *
 * `amountAs`: REST sends the amount as a JSON number (4.5), GraphQL as a Decimal string.
 */
export async function simulateDeposit(ctx: RequestContext, raw: unknown, opts: { amountAs: 'number' | 'string' }): Promise<DepositView> {
  requireSandbox(ctx.acting, 'simulations', depositErrors.sandboxOnly);
  const input = parseInput(simulateDepositCommand(opts.amountAs), raw);
  return ctx.commit(async ({ writes }) => {
    await checkDepositReceiver(ctx, { receiverAccountNumber: input.receiverAccountNumber, currency: input.currency }, writes);
    const now = ctx.clock.now();
    const id = newId();
    const settlement = depositStaysPendingInSandbox(input.senderSwiftCode) ? undefined : settlementOf(input.senderSwiftCode, now);
    const state = settlement
      ? { status: settlement.to, completedAt: null, failureReason: null, ...settlement.changes, updatedAt: now }
      : { status: 'PENDING' as const, completedAt: null, updatedAt: now, failureReason: null };
    const deposit: Deposit = {
      id,
      accountId: ctx.acting.id,
      shortReferenceId: shortReference('DP'),
      amount: new Prisma.Decimal(input.amount.toFixed()),
      currency: input.currency,
      depositFee: new Prisma.Decimal(0),
      depositReference: shortReference('SIM', 10),
      // Spec 2.10 makes receiver_account_number a required response field: when the sender
      // gives none, the deposit went to the acting account's own reference.
      receiverAccountNumber: input.receiverAccountNumber ?? ctx.acting.shortReferenceId,
      senderName: input.senderName ?? null,
      senderCountry: (input.senderCountry ?? null) as Prisma.JsonValue,
      senderAccountNumber: input.senderAccountNumber ?? null,
      senderSwiftCode: input.senderSwiftCode,
      createdAt: now,
      ...state,
    };
    writes.insertWithFreshReference('deposits', deposit as unknown as Record<string, ColumnValue>);
    addDepositEvent(writes, deposit, 'deposit.create.succeeded', now);
    if (settlement === undefined) {
      addTransition(writes, {
        accountId: ctx.acting.id,
        rootAccountId: rootOf(ctx.acting),
        kind: DEPOSIT_SETTLE,
        subjectId: id,
        dueAt: now,
        now,
      });
    } else {
      // The settlement in its own request: the same rule as the scheduled one (lifecycle.ts).
      addDepositEvent(writes, deposit, settlement.event, now);
      addSettlement(writes, deposit, now);
    }
    return toDepositView(deposit);
  });
}

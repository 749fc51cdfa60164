import { Prisma } from '../../generated/prisma/client';
import { inTransaction } from '../../db/tx';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import { recordEvent } from '../events/outbox';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { newId, shortReference } from '../ids/ids';
import { scheduleTransition } from '../scheduler/transitions';
import { checkDepositReceiver } from '../virtual-accounts/receiving';
import { parseInput } from '../validation/validate';
import { depositErrors } from './errors';
import { DEPOSIT_SETTLE, depositEventData, postSettlement, settledState } from './lifecycle';
import { depositStaysPendingInSandbox, simulateDepositInput } from './rules';
import { toDepositView, type DepositView } from './view';

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
  if (!ctx.acting.isSandbox) throw depositErrors.sandboxOnly();
  const input = parseInput(simulateDepositInput(opts.amountAs), raw);
  return inTransaction(ctx, async (tx) => {
    await checkDepositReceiver(tx, ctx, { receiverAccountNumber: input.receiver_account_number, currency: input.currency });
    const now = ctx.clock.now();
    const id = newId();
    const staysPending = depositStaysPendingInSandbox(input.sender_swift_code);
    const state = staysPending
      ? { status: 'PENDING' as const, completedAt: null, updatedAt: now, failureReason: null }
      : settledState(input.sender_swift_code, now);
    const deposit = await insertWithFreshShortReference('DP', (reference) =>
      tx.deposit.createManyAndReturn({
        skipDuplicates: true,
        data: [
          {
            id,
            accountId: ctx.acting.id,
            shortReferenceId: reference,
            amount: input.amount.toFixed(),
            currency: input.currency,
            depositFee: '0',
            depositReference: shortReference('SIM', 10),
            // Spec 2.10 makes receiver_account_number a required response field: when the sender
            // gives none, the deposit went to the acting account's own reference.
            receiverAccountNumber: input.receiver_account_number ?? ctx.acting.shortReferenceId,
            senderName: input.sender_name ?? null,
            senderCountry: input.sender_country == null ? Prisma.DbNull : (input.sender_country as Prisma.InputJsonValue),
            senderAccountNumber: input.sender_account_number ?? null,
            senderSwiftCode: input.sender_swift_code,
            createdAt: now,
            ...state,
          },
        ],
      }),
    );
    await recordEvent(tx, {
      accountId: ctx.acting.id,
      eventName: 'deposit.create.succeeded',
      sourceId: id,
      data: depositEventData(deposit),
      at: now,
    });
    if (!staysPending) {
      await postSettlement(tx, deposit, now);
      return toDepositView(deposit);
    }
    await scheduleTransition(tx, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: DEPOSIT_SETTLE,
      subjectId: id,
      dueAt: now,
      now,
    });
    return toDepositView(deposit);
  });
}

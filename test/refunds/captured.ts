import { Prisma } from '../../src/generated/prisma/client';
import { newId } from '../../src/domain/ids/ids';
import { postJournalEntry } from '../../src/domain/ledger/posting';
import { money } from '../../src/domain/money/amount';
import { addSettlementCut } from '../../src/domain/settlements/contract';
import { applyInTransaction } from '../../src/domain/writes/apply';
import { WriteSet } from '../../src/domain/writes/write-set';
import type { TestApp } from '../support/app';

export interface CapturedIntent {
  intentId: string;
  attemptId: string;
  merchantOrderId: string;
}

/**
 * A SUCCEEDED PaymentIntent whose SUCCEEDED attempt captured `amount`, as the intents area will
 * leave it (that area is built beside this one): the rows, the capture's posting (CARD_CLEARING
 * −amount, PAYMENT_PENDING +amount, PAYMENT_CAPTURE referencing the intent, docs/decisions.md) and
 * the settlement cut the capture schedules, in one transaction. When the intents area lands, this
 * body becomes create + confirm through REST; every refund and settlement test goes through here.
 * `at` defaults to the account's tree time (its frozen test clock, else the process clock).
 */
export async function capturedIntent(
  t: TestApp,
  accountId: string,
  opts: { amount: string; currency: string; at?: Date; merchantOrderId?: string },
): Promise<CapturedIntent> {
  const prisma = t.db.prisma;
  const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  const root = account.parentId ?? account.id;
  const frozen = await prisma.testClock.findUnique({ where: { rootAccountId: root } });
  const at = opts.at ?? frozen?.frozenTime ?? t.clock.now();
  const intentId = newId();
  const attemptId = newId();
  const merchantOrderId = opts.merchantOrderId ?? `order-${intentId.slice(0, 8)}`;
  const amount = new Prisma.Decimal(opts.amount);
  await prisma.$transaction(async (tx) => {
    await tx.paymentIntent.create({
      data: {
        id: intentId,
        accountId,
        status: 'SUCCEEDED',
        amount,
        currency: opts.currency,
        capturedAmount: amount,
        description: 'Test order',
        merchantOrderId,
        returnUrl: 'https://shop.example/return',
        availablePaymentMethodTypes: ['card'],
        clientSecretExpiresAt: new Date(at.getTime() + 3_600_000),
        latestAttemptId: attemptId,
        completedAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await tx.paymentAttempt.create({
      data: {
        id: attemptId,
        accountId,
        paymentIntentId: intentId,
        status: 'SUCCEEDED',
        amount,
        currency: opts.currency,
        capturedAmount: amount,
        refundedAmount: new Prisma.Decimal(0),
        paymentMethodType: 'card',
        card: { bin: '424242', last4: '4242', brand: 'VISA', network: 'VISA', card_type: 'CREDIT' },
        completedAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    await postJournalEntry(tx, {
      accountId,
      kind: 'PAYMENT_CAPTURE',
      referenceType: 'PAYMENT_INTENT',
      referenceId: intentId,
      at,
      lines: [
        { accountId, currency: opts.currency, purpose: 'CARD_CLEARING', amount: money(opts.amount).neg() },
        { accountId, currency: opts.currency, purpose: 'PAYMENT_PENDING', amount: money(opts.amount) },
      ],
    });
    const writes = new WriteSet();
    addSettlementCut(writes, { accountId, rootAccountId: root, capturedAt: at, now: at });
    await applyInTransaction(tx, writes);
  });
  return { intentId, attemptId, merchantOrderId };
}

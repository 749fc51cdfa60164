import { randomUUID } from 'node:crypto';
import { Prisma } from '../../src/generated/prisma/client';
import type { Tx } from '../../src/platform/db/tx';
import { lockRow } from '../../src/platform/db/locks';
import { transitionHandler, type ScheduledTransition } from '../../src/platform/scheduler/transitions';
import { PAYOUT_SETTLE, PAYOUT_SUBMIT, payoutLifecycle } from '../../src/domain/wallet/payouts/lifecycle';
import { paymentPayoutLifecycle } from '../../src/domain/acquiring/payouts/lifecycle';
import { refundLifecycle } from '../../src/domain/acquiring/refunds/lifecycle';
import { paymentIntentLifecycle } from '../../src/domain/acquiring/payments/lifecycle';
import { cardCreationLifecycle, cardLifecycle } from '../../src/domain/issuing/cards/lifecycle';
import { limitElevationLifecycle } from '../../src/domain/issuing/card-orders/lifecycle';
import { cardholderLifecycle } from '../../src/domain/issuing/cardholders/lifecycle';
import { DEPOSIT_SETTLE, depositLifecycle } from '../../src/domain/wallet/deposits/lifecycle';
import { virtualAccountLifecycle } from '../../src/domain/wallet/virtual-accounts/lifecycle';
import { verificationLifecycle } from '../../src/domain/onboarding/accounts/lifecycle';
import { rfiLifecycle } from '../../src/domain/onboarding/rfis/lifecycle';
import { applicationLifecycle } from '../../src/domain/onboarding/virtual-account-applications/lifecycle';
import { startTestApp, type TestApp } from '../support/app';
import { createPayout, payer, payoutBody } from '../wallet/payouts/fixtures';
import { depositBody } from '../wallet/deposits/fixtures';

/**
 * The declared lifecycles (src/platform/lifecycle/define.ts): the row a transition locks is the row
 * Prisma reads, and a transition takes one round trip for the lock and one per write.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Each declared table and the Prisma model whose fields its locked row must carry. */
const DECLARED = [
  { lifecycle: payoutLifecycle, fields: Prisma.PayoutScalarFieldEnum },
  { lifecycle: paymentPayoutLifecycle, fields: Prisma.PaymentPayoutScalarFieldEnum },
  { lifecycle: refundLifecycle, fields: Prisma.RefundScalarFieldEnum },
  { lifecycle: paymentIntentLifecycle, fields: Prisma.PaymentIntentScalarFieldEnum },
  { lifecycle: cardCreationLifecycle, fields: Prisma.CardScalarFieldEnum },
  { lifecycle: cardLifecycle, fields: Prisma.CardScalarFieldEnum },
  { lifecycle: limitElevationLifecycle, fields: Prisma.CardOrderScalarFieldEnum },
  { lifecycle: cardholderLifecycle, fields: Prisma.CardholderScalarFieldEnum },
  { lifecycle: depositLifecycle, fields: Prisma.DepositScalarFieldEnum },
  { lifecycle: virtualAccountLifecycle, fields: Prisma.VirtualAccountScalarFieldEnum },
  { lifecycle: verificationLifecycle, fields: Prisma.AccountScalarFieldEnum },
  { lifecycle: rfiLifecycle, fields: Prisma.RfiScalarFieldEnum },
  { lifecycle: applicationLifecycle, fields: Prisma.VirtualAccountApplicationScalarFieldEnum },
];

it.each(DECLARED.map((d) => [d.lifecycle.table, d.fields] as const))('%s: its columns in camelCase are the Prisma model fields', async (table, fields) => {
  const { rows } = await t.db.pool.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table]);
  const columns = rows.map((r) => r.column_name);
  const camel = columns.map((c) => c.replace(/_([a-z0-9])/g, (_, x: string) => x.toUpperCase()));
  expect(camel.sort()).toEqual(Object.keys(fields).sort());
});

/** Runs a transition now as the scheduler would, counting the statements its transaction sends. */
async function fireCounting(kind: string, subject: { id: string; accountId: string }): Promise<number> {
  const handler = transitionHandler(kind)!;
  const at = t.clock.now();
  const row: ScheduledTransition = {
    id: randomUUID(), accountId: subject.accountId, rootAccountId: subject.accountId, kind, subjectId: subject.id, dueAt: at,
    status: 'PENDING', attempts: 0, lastError: null, createdAt: at, doneAt: null, underTestClock: false,
  };
  let statements = 0;
  await t.db.prisma.$transaction(async (tx) => {
    const counting = new Proxy(tx, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof key === 'string' && key.startsWith('$') && typeof value === 'function') {
          return (...args: unknown[]) => {
            statements++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        // A model delegate (tx.payout.update…): each of its calls is a statement.
        if (typeof value === 'object' && value !== null) {
          return new Proxy(value, {
            get(d, op) {
              const f: unknown = Reflect.get(d, op);
              return typeof f === 'function' ? (...a: unknown[]) => (statements++, (f as (...x: unknown[]) => unknown).apply(d, a)) : f;
            },
          });
        }
        return value;
      },
    }) as Tx;
    await handler(counting, row, at, t.services);
  });
  return statements;
}

describe('a payout transition', () => {
  it('locks and reads its row in one statement: the row Prisma reads', async () => {
    const who = await payer(t, 'Lifecycle row');
    const id = await createPayout(who.c, payoutBody(who.beneficiary));
    const locked = await t.db.prisma.$transaction((tx) => lockRow(tx, 'payouts', { id }));
    expect(locked).toEqual(await t.db.prisma.payout.findUnique({ where: { id } }));
  });

  // Before the lifecycle was declared each took 5: the lock, a re-read, the update, the schedule or posting, the event.
  it('takes 4 round trips: the lock, then the posting or the schedule, the status change and the event', async () => {
    const who = await payer(t, 'Lifecycle trips');
    const id = await createPayout(who.c, payoutBody(who.beneficiary));
    expect(await fireCounting(PAYOUT_SUBMIT, { id, accountId: who.id })).toBe(4);
    expect(await fireCounting(PAYOUT_SETTLE, { id, accountId: who.id })).toBe(4);
    // Moved on: the lock alone.
    expect(await fireCounting(PAYOUT_SETTLE, { id, accountId: who.id })).toBe(1);
    const rejected = await createPayout(who.c, payoutBody(who.beneficiary, { payout_reference: 'SIMULATE-REJECTED' }));
    expect(await fireCounting(PAYOUT_SUBMIT, { id: rejected, accountId: who.id })).toBe(4);
    expect((await who.c.get(`/v1/payouts/${rejected}`)).body.payout_status).toBe('REJECTED');
  });
});

describe('a deposit settlement', () => {
  // Before the lifecycle was declared it took 4 as well: a read, the guarded update, the event, the credit.
  it('takes 4 round trips: the lock, the credit, the status change and the event', async () => {
    const who = await payer(t, 'Lifecycle deposit');
    expect((await who.c.post('/v1/simulation/deposit', depositBody({ sender_swift_code: 'PENDHKHH' }))).status).toBe(200);
    const pending = await t.db.prisma.deposit.findFirstOrThrow({ where: { accountId: who.id, status: 'PENDING' } });
    expect(await fireCounting(DEPOSIT_SETTLE, { id: pending.id, accountId: who.id })).toBe(4);
    expect((await t.db.prisma.deposit.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('COMPLETED');
    // Settled: the lock alone.
    expect(await fireCounting(DEPOSIT_SETTLE, { id: pending.id, accountId: who.id })).toBe(1);
  });
});

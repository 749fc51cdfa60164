import { randomUUID } from 'node:crypto';
import { authenticate } from '../../../src/platform/auth/authenticate';
import type { RequestContext } from '../../../src/platform/context';
import { findAttempt, findIntent } from '../../../src/domain/acquiring/payments/queries';
import { resolveActingAccount } from '../../../src/platform/tenancy/acting-account';
import { buildRequestContext } from '../../../src/platform/tenancy/request-context';
import { startTestApp, TEST_SIGNING_KEY, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { tokenFor } from '../../support/tenants';
import { confirmIntent, createIntent, merchant } from './fixtures';

/**
 * Every payment request reads its intent and latest attempt with named `pg` statements rather than
 * Prisma (src/domain/acquiring/payments/queries.ts): they must answer exactly the rows Prisma answers — every
 * column, numerics as Prisma.Decimal, JSON, arrays and instants alike — and nothing of another tenant.
 */
let t: TestApp;
let c: Client;
let ctx: RequestContext;
let otherCtx: RequestContext;

async function contextFor(token: string): Promise<RequestContext> {
  const principal = await authenticate(
    { db: t.services.db, clock: t.services.clock, signingKey: TEST_SIGNING_KEY },
    { authHeader: token, clientIdHeader: undefined, clientIdRequired: false, ip: '127.0.0.1' },
  );
  return buildRequestContext(t.services, principal, await resolveActingAccount(t.services, principal, undefined), randomUUID());
}

beforeAll(async () => {
  t = await startTestApp();
  const shop = await merchant(t, 'Reads shop');
  c = shop.c;
  ctx = await contextFor(await tokenFor(t, shop.tenant));
  otherCtx = await contextFor(await tokenFor(t, (await merchant(t, 'Other reads shop')).tenant));
});
afterAll(() => t.close());

const prismaIntent = (id: string) => t.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id } });
const prismaAttempt = (id: string) => t.db.prisma.paymentAttempt.findUniqueOrThrow({ where: { id } });

describe('the payment reads as named statements', () => {
  it('answer an intent with every optional column set, and its attempt, as Prisma does', async () => {
    const id = (await createIntent(c, {
      amount: '123.45',
      metadata: { sku: 'MUG-1', tags: ['a', 'b'] },
      customer: { first_name: 'Ada', email: 'ada@example.com' },
      payment_orders: { type: 'physical_goods' },
    })).payment_intent_id as string;
    await confirmIntent(c, id, '4242424242424242', { auto_capture: false });
    expect((await c.post(`/v2/payment_intents/${id}/capture`, { amount_to_capture: '23.45' })).status).toBe(200);

    const intent = await findIntent(ctx, id);
    const expected = await prismaIntent(id);
    expect(intent).toEqual(expected);
    expect(intent!.amount.toFixed()).toBe('123.45');
    expect(intent!.capturedAmount.equals(expected.capturedAmount)).toBe(true);
    expect(intent!.createdAt).toBeInstanceOf(Date);

    const attempt = await findAttempt(ctx, intent!.latestAttemptId);
    const expectedAttempt = await prismaAttempt(intent!.latestAttemptId!);
    expect(attempt).toEqual(expectedAttempt);
    expect(attempt!.capturedAmount.toFixed()).toBe('23.45');
    expect(attempt!.refundedAmount.isZero()).toBe(true);
    expect(attempt!.card).toEqual(expect.objectContaining({ last4: '4242' }));
  });

  it('answer a fresh intent (no attempt, nulls) as Prisma does', async () => {
    const id = (await createIntent(c)).payment_intent_id as string;
    expect(await findIntent(ctx, id)).toEqual(await prismaIntent(id));
    expect((await findIntent(ctx, id))!.latestAttemptId).toBeNull();
    expect(await findAttempt(ctx, null)).toBeNull();
  });

  it("find nothing of another tenant's, and nothing for an unknown or malformed id", async () => {
    const id = (await createIntent(c)).payment_intent_id as string;
    await confirmIntent(c, id);
    const attemptId = (await prismaIntent(id)).latestAttemptId!;
    expect(await findIntent(otherCtx, id)).toBeUndefined();
    expect(await findAttempt(otherCtx, attemptId)).toBeNull();
    expect(await findIntent(ctx, randomUUID())).toBeUndefined();
    expect(await findIntent(ctx, 'not-a-uuid')).toBeUndefined();
    expect(await findAttempt(ctx, 'not-a-uuid')).toBeNull();
  });
});

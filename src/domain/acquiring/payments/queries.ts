import { z } from 'zod';
import type { PaymentAttempt, PaymentIntent, Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { timeBound } from '../../../platform/pagination/time-range';
import { exactMessage } from '../../../platform/validation/validate';
import { paymentErrors } from './errors';
import { ATTEMPT_STATUSES, INTENT_STATUSES } from './rules';
import { intentListCount, intentListPage, readAttemptOfAccount, readIntentOfAccount, type IntentListWhere } from './store';
import { toPaymentAttemptView, toPaymentIntentView, type PaymentAttemptView, type PaymentIntentRow, type PaymentIntentView } from './view';
import { quotedField } from '../../../platform/errors/field-names';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

// Every payment request reads its intent and latest attempt with named statements (store.ts), the
// cheapest read (docs/performance.md), on the pool: a payment service joins no caller's transaction.

/** The acting account's intent row, or undefined (unknown, malformed or another tenant's id alike). */
export async function findIntent(ctx: RequestContext, id: string): Promise<PaymentIntent | undefined> {
  return isUuid(id) ? readIntentOfAccount({ db: ctx.db }, ctx.acting.id, id) : undefined;
}

export async function findAttempt(ctx: RequestContext, id: string | null): Promise<PaymentAttempt | null> {
  return id && isUuid(id) ? ((await readAttemptOfAccount({ db: ctx.db }, ctx.acting.id, id)) ?? null) : null;
}

/** The acting account's attempts with these ids, for batched GraphQL loading (intent -> latest attempt). */
export async function attemptsByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, PaymentAttemptView>> {
  const valid = ids.filter(isUuid);
  const rows = valid.length === 0 ? [] : await ctx.db.prisma.paymentAttempt.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } });
  return new Map(rows.map((r) => [r.id, toPaymentAttemptView(r)]));
}

/** GraphQL `PaymentIntent.attempts`: an intent's attempts, newest first (attemptsByIntentIds reads them so). */
export const intentAttemptsOrder = newestFirst('PaymentIntent.attempts');

/**
 * The attempts of many intents in one statement, for the PaymentIntent.attempts loader: intent id ->
 * its attempts, newest first. Scoped by the acting account: another tenant's intent has none.
 */
export async function attemptsByIntentIds(ctx: RequestContext, intentIds: readonly string[]): Promise<Map<string, PaymentAttemptView[]>> {
  const ids = intentIds.filter(isUuid);
  const out = new Map<string, PaymentAttemptView[]>(intentIds.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await ctx.db.prisma.paymentAttempt.findMany({
    where: { accountId: ctx.acting.id, paymentIntentId: { in: ids } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  for (const r of rows) out.get(r.paymentIntentId)?.push(toPaymentAttemptView(r));
  return out;
}

/** An intent with its latest attempt, as REST answers it (spec 2.1 latest_payment_attempt). */
export interface IntentWithAttempt {
  intent: PaymentIntentView;
  latestAttempt: PaymentAttemptView | null;
}

/** PA13. */
export async function getPaymentAttempt(ctx: RequestContext, id: string): Promise<PaymentAttemptView> {
  const row = await findAttempt(ctx, id);
  if (!row) throw paymentErrors.attemptNotFound();
  return toPaymentAttemptView(row);
}

const statusFilter = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` })).optional();

/** PA7 filters; createStartTime / createEndTime as the other lists' time bounds. */
export const paymentIntentFilter = z
  .object({
    status: statusFilter(INTENT_STATUSES),
    createStartTime: timeBound('start').optional(),
    createEndTime: timeBound('end').optional(),
    merchantOrderId: z.string().max(36).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.createStartTime && v.createEndTime && v.createEndTime < v.createStartTime) {
      ctx.addIssue({ code: 'custom', path: ['createEndTime'], message: exactMessage(`Invalid value for field ${quotedField('createEndTime')}: must not be before ${quotedField('createStartTime')}`) });
    }
  });

/** PA7 / GraphQL paymentIntents: the acting account's intents, newest first. */
export const paymentIntentList = defineList({
  filter: paymentIntentFilter,
  order: newestFirst('paymentIntents'),
  async find(ctx, filter, page) {
    const where: IntentListWhere = {
      accountId: ctx.acting.id,
      status: filter.status ?? null,
      merchantOrderId: filter.merchantOrderId ?? null,
      createStartTime: filter.createStartTime ?? null,
      createEndTime: filter.createEndTime ?? null,
    };
    const rows = await intentListPage(ctx.db, where, page);
    // The list's count rides on the window's rows; a window past the end has none, so count apart.
    const totalCount = rows[0]?.total ?? (page.fromAnEnd ? 0 : await intentListCount(ctx.db, where));
    return page.fromRows(rows, totalCount, (r) => toPaymentIntentView(r));
  },
});

/** PA7 as REST answers it: each intent with its latest attempt (one batched read for the page). */
export const paymentIntentListWithAttempts = defineList({
  filter: paymentIntentFilter,
  order: newestFirst('paymentIntents'),
  async find(ctx, filter, page) {
    const slice = await paymentIntentList.find(ctx, filter, page.window);
    const attempts = await attemptsByIds(ctx, slice.items.flatMap((i) => (i.latestAttemptId ? [i.latestAttemptId] : [])));
    return {
      ...slice,
      items: slice.items.map((intent): IntentWithAttempt => ({ intent, latestAttempt: intent.latestAttemptId ? attempts.get(intent.latestAttemptId) ?? null : null })),
    };
  },
});

/** PA12 filters. */
export const paymentAttemptFilter = z.object({
  paymentIntentId: z.string().max(36).optional(),
  status: statusFilter(ATTEMPT_STATUSES),
});

/** PA12: the acting account's attempts, newest first. */
export const paymentAttemptList = defineList({
  filter: paymentAttemptFilter,
  order: newestFirst('paymentAttempts'),
  find(ctx, filter, page) {
    if (filter.paymentIntentId !== undefined && !isUuid(filter.paymentIntentId)) return Promise.resolve({ items: [], totalCount: 0 });
    const where: Prisma.PaymentAttemptWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.paymentIntentId ? { paymentIntentId: filter.paymentIntentId } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    };
    return page.slice(
      ctx.db.prisma.paymentAttempt.findMany(page.prisma(where)),
      ctx.db.prisma.paymentAttempt.count({ where }),
      toPaymentAttemptView,
    );
  },
});

/** GraphQL's loaders (node, Refund.paymentIntent): the acting account's intents with these ids, as the list shows them (no client secret). */
export const intentsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, PaymentIntentView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.paymentIntent.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow((r) => toPaymentIntentView(r)));

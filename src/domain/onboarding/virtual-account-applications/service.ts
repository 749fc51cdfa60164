import type { Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import type { DomainError } from '../../../platform/errors/domain-error';
import { newId } from '../../../platform/ids/ids';
import { addTransition } from '../../../platform/scheduler/transitions';
import { parseInput } from '../../../platform/validation/validate';
import { branchIn, hasOpenVirtualAccount, homeBranchOf, lockVirtualAccountSlot } from '../../wallet/virtual-accounts/contract';
import { virtualAccountErrors } from '../../wallet/virtual-accounts/errors';
import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import { hasSubmittedApplication } from './contract';
import { applicationErrors, localNotAvailableRule } from './errors';
import { addApplicationEvent } from './events';
import { APPLICATION_PROVISION } from './lifecycle';
import type { ApplicationResult } from './results';
import { applicationCommand, methodsOf, type ApplicationCommand } from './rules';
import { toApplicationView, type VirtualAccountApplicationView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';

/** Why a method cannot be opened: the error, and its rule as a skipped result states it (without the field it names). */
interface Refusal {
  error: DomainError;
  rule: string;
}

/** Why a method cannot be opened for this application, or undefined; call under the method's slot lock. */
async function refusalOf(tx: Tx, ctx: RequestContext, input: ApplicationCommand, method: VirtualAccountPaymentMethod): Promise<Refusal | undefined> {
  if (method === 'LOCAL' && homeBranchOf(input.currency).country !== input.country) {
    return { error: applicationErrors.localNotAvailable(input.currency, input.country), rule: localNotAvailableRule(input.currency, input.country) };
  }
  const taken =
    (await hasOpenVirtualAccount(tx, ctx.acting.id, input.currency, method)) ||
    (await hasSubmittedApplication(tx, ctx.acting.id, input.currency, method));
  if (!taken) return undefined;
  const error = virtualAccountErrors.alreadyOpen(input.currency, method);
  return { error, rule: error.message };
}

/** A refusal as a skipped result's error: its code and its rule. */
const resultErrorOf = (refusal: Refusal) => ({ code: refusal.error.code.toUpperCase(), message: refusal.rule });

/**
 * The clients' BT14: an application for virtual accounts in a country and currency. Each method
 * asked for (or both) is checked at once: a method asked for by name that cannot be opened refuses
 * the request, which then creates nothing (the clients: "synchronous Create failures … create no
 * application"); of the two evaluated together, one that cannot is SKIPPED with its reason, and
 * both skipped refuse the request with the first reason. The application is SUBMITTED (version 1)
 * with its `virtual.account.create` event and the bank's action due at once (lifecycle.ts).
 */
export async function applyForVirtualAccounts(ctx: RequestContext, raw: unknown): Promise<VirtualAccountApplicationView> {
  requireSandbox(ctx.acting, 'simulations', virtualAccountErrors.sandboxOnly);
  const input = parseInput(applicationCommand, raw);
  if (!branchIn(input.country)) throw applicationErrors.noBranch(input.country);
  return ctx.commit('locking', async ({ tx, writes }) => {
    const results: ApplicationResult[] = [];
    const refusals: Refusal[] = [];
    for (const method of methodsOf(input)) {
      await lockVirtualAccountSlot(tx, ctx.acting.id, input.currency, method);
      const refusal = await refusalOf(tx, ctx, input, method);
      if (refusal && input.paymentMethod) throw refusal.error;
      if (refusal) refusals.push(refusal);
      results.push(
        refusal
          ? { payment_method: method, status: 'SKIPPED', error: resultErrorOf(refusal) }
          : { payment_method: method, status: 'SUBMITTED', error: null },
      );
    }
    if (results.every((r) => r.status === 'SKIPPED')) throw refusals[0]!.error;
    const now = ctx.clock.now();
    const row = await tx.virtualAccountApplication.create({
      data: {
        id: newId(),
        accountId: ctx.acting.id,
        rootAccountId: rootOf(ctx.acting),
        country: input.country,
        currency: input.currency,
        paymentMethod: input.paymentMethod ?? null,
        nickname: input.nickname ?? null,
        status: 'SUBMITTED',
        publicVersion: 1,
        results: results as unknown as Prisma.InputJsonValue,
        createdAt: now,
        updatedAt: now,
      },
    });
    const view = toApplicationView(row, []);
    addApplicationEvent(writes, view, 'virtual.account.create', now);
    addTransition(writes, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: APPLICATION_PROVISION,
      subjectId: row.id,
      dueAt: now,
      now,
    });
    return view;
  });
}

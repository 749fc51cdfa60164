import { lockRow } from '../../../platform/db/locks';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { addTransition } from '../../../platform/scheduler/transitions';
import { parseInput } from '../../../platform/validation/validate';
import { addIssuedAccountClosed, hasSubmittedApplication } from '../../onboarding/virtual-account-applications/contract';
import { applyForVirtualAccounts } from '../../onboarding/virtual-account-applications/service';
import type { VirtualAccountApplicationView } from '../../onboarding/virtual-account-applications/view';
import { addIssuedVirtualAccount, hasOpenVirtualAccount, homeBranchOf, lockVirtualAccountSlot } from './contract';
import { virtualAccountErrors } from './errors';
import { addVirtualAccountEvent } from './events';
import { VIRTUAL_ACCOUNT_ACTIVATE } from './lifecycle';
import { closeVirtualAccountCommand, isApplicationRequest, openVirtualAccountCommand } from './rules';
import { toVirtualAccountView, type VirtualAccountView } from './view';
import { requireSandbox } from '../../developers/sandbox/capabilities';

/** What BT14 did: opened an account (the specification's answer) or took an application (the clients'). */
export type VirtualAccountOpening =
  | { kind: 'account'; account: VirtualAccountView }
  | { kind: 'application'; application: VirtualAccountApplicationView };

/**
 * BT14 as both callers use it. The specification's body ({currency, payment_method}) opens one
 * account and is answered `Virtual account is being opened`; the official clients' body names the
 * account's `country` as well and is an application, answered with it (docs/decisions/wallet/virtual-accounts.md).
 */
export async function openOrApplyForVirtualAccount(ctx: RequestContext, raw: unknown): Promise<VirtualAccountOpening> {
  if (isApplicationRequest(raw)) return { kind: 'application', application: await applyForVirtualAccounts(ctx, raw) };
  return { kind: 'account', account: await openVirtualAccount(ctx, raw) };
}

/**
 * BT14: opens a virtual account for the acting account. It is created PENDING with its activation
 * scheduled at once, in one transaction with its outbox event; it becomes ACTIVE within about a
 * second on the real clock, or at the next advance of a frozen test clock.
 */
export async function openVirtualAccount(ctx: RequestContext, raw: unknown): Promise<VirtualAccountView> {
  requireSandbox(ctx.acting, 'simulations', virtualAccountErrors.sandboxOnly);
  const input = parseInput(openVirtualAccountCommand, raw);
  return ctx.commit('locking', async ({ tx, writes }) => {
    await lockVirtualAccountSlot(tx, ctx.acting.id, input.currency, input.paymentMethod);
    const taken =
      (await hasOpenVirtualAccount(tx, ctx.acting.id, input.currency, input.paymentMethod)) ||
      (await hasSubmittedApplication(tx, ctx.acting.id, input.currency, input.paymentMethod));
    if (taken) throw virtualAccountErrors.alreadyOpen(input.currency, input.paymentMethod);
    const now = ctx.clock.now();
    const opened = await addIssuedVirtualAccount(tx, writes, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      currency: input.currency,
      paymentMethod: input.paymentMethod,
      // Opened directly, both methods are at the currency's home branch.
      branch: homeBranchOf(input.currency),
      status: 'PENDING',
      applicationId: null,
      now,
    });
    addVirtualAccountEvent(writes, opened, 'virtual.account.create', now);
    addTransition(writes, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: VIRTUAL_ACCOUNT_ACTIVATE,
      subjectId: opened.id,
      dueAt: now,
      now,
    });
    return toVirtualAccountView(opened);
  });
}

/**
 * payrail's extension (GraphQL closeVirtualAccount; the REST catalogue has no close call): closes
 * a PENDING or ACTIVE account with a reason. A closed account keeps its number, which is never
 * given to another account, and frees its (currency, payment_method) for a new one.
 */
export async function closeVirtualAccount(ctx: RequestContext, raw: unknown): Promise<VirtualAccountView> {
  const input = parseInput(closeVirtualAccountCommand, raw);
  const closedRow = await ctx.commit('locking', async (scope) => {
    const { tx, writes } = scope;
    const row = isUuid(input.id) ? await lockRow(tx, 'virtual_accounts', { id: input.id, accountId: ctx.acting.id }) : undefined;
    if (!row) throw virtualAccountErrors.notFound();
    if (row.status === 'CLOSED') throw virtualAccountErrors.alreadyClosed();
    const now = ctx.clock.now();
    const closed = await tx.virtualAccount.update({
      where: { id: input.id },
      data: { status: 'CLOSED', closeReason: input.reason, closedAt: now, updatedAt: now },
    });
    // An application's account is reported through its application (the clients' event data).
    if (closed.applicationId) await addIssuedAccountClosed(scope, closed.applicationId, now);
    else addVirtualAccountEvent(writes, closed, 'virtual.account.closed', now);
    return closed;
  });
  return toVirtualAccountView(closedRow);
}

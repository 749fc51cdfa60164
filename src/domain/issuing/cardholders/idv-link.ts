import type { Cardholder } from '../../../generated/prisma/client';
import type { ServiceDeps } from '../../../platform/context';
import { lockRow } from '../../../platform/db/locks';
import { paymentKey } from '../../acquiring/payments/secrets';
import { accountMaySimulate } from '../../developers/sandbox/capabilities';
import { treeNow } from '../../developers/sandbox/test-clocks';
import { hasLiveLink, parseIdvToken } from './idv';
import { endLockedCheck, KYC_FAILED, KYC_PASSED } from './lifecycle';

/** What the IDV page shows: enough for the cardholder to recognise the check. */
export interface IdvPageView {
  firstName: string;
  lastName: string;
  email: string;
}

/** The cardholder of a live, unexpired link; undefined for a used, expired, unknown or forged one. */
async function liveLinkHolder(deps: ServiceDeps, token: string, row?: Cardholder | null): Promise<Cardholder | undefined> {
  const parsed = parseIdvToken(token);
  if (!parsed) return undefined;
  const c = row === undefined ? await deps.db.prisma.cardholder.findUnique({ where: { id: parsed.cardholderId } }) : row;
  if (!c || c.id !== parsed.cardholderId || !hasLiveLink(c)) return undefined;
  // The page is the sandbox's identity provider: a production account's link is no link.
  if (!(await accountMaySimulate(deps, c.accountId))) return undefined;
  if (!parsed.verify(await paymentKey(deps.db), c.idvUrlExpiresAt!)) return undefined;
  if ((await treeNow(deps, c.accountId)).getTime() >= c.idvUrlExpiresAt!.getTime()) return undefined;
  return c;
}

export async function viewIdvLink(deps: ServiceDeps, token: string): Promise<IdvPageView | undefined> {
  const c = await liveLinkHolder(deps, token);
  return c && { firstName: c.firstName, lastName: c.lastName, email: c.email };
}

/**
 * The cardholder's answer on the IDV page: approve passes the check, reject fails it, as the
 * cardholder lifecycle ends a check (lifecycle.ts endLockedCheck). The row is locked and the link
 * checked again under the lock, so two answers racing on one link apply once. Answers false when
 * the link is not (or no longer) live.
 */
export async function answerIdvLink(deps: ServiceDeps, token: string, answer: 'approve' | 'reject'): Promise<boolean> {
  const parsed = parseIdvToken(token);
  if (!parsed) return false;
  return deps.db.prisma.$transaction(async (tx) => {
    const cur = (await lockRow(tx, 'cardholders', { id: parsed.cardholderId })) ?? null;
    const live = await liveLinkHolder(deps, token, cur);
    if (!live) return false;
    await endLockedCheck(tx, live, answer === 'approve' ? KYC_PASSED : KYC_FAILED, await treeNow(deps, live.accountId));
    return true;
  });
}

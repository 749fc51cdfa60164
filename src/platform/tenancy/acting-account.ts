import type { ActingAccount, Principal, ServiceDeps } from '../context';
import { accountStatusErrors } from './errors';
import { accountMay } from './account-status';
import { isUuid } from '../ids/ids';
import { platformErrors } from '../errors/platform-errors';

/**
 * Spec 4.0/5.6: x-on-behalf-of names a connected sub-account of the calling master; empty or absent
 * means the caller acts. Anything else — another tenant's account, the caller itself, a closed or
 * unknown account, a malformed id — is refused alike, so no other tenant's account can be probed.
 * A sub-account of the caller's own whose status does not let it be operated (status-policy.ts) is
 * refused saying so: the master sees its sub-accounts' statuses anyway (AF3, AF4).
 */
export async function resolveActingAccount(
  deps: ServiceDeps,
  principal: Principal,
  onBehalfOf: string | undefined,
): Promise<ActingAccount> {
  const target = onBehalfOf?.trim() ?? '';
  if (target === '') return principal.self;
  if (!isUuid(target)) throw platformErrors.onBehalfOfInvalid();
  const account = await deps.db.prisma.account.findUnique({
    where: { id: target },
    select: { id: true, shortReferenceId: true, parentId: true, createdAt: true, isSandbox: true, status: true, verificationStatus: true },
  });
  if (!account || account.parentId !== principal.accountId || !accountMay(account.status, 'known')) {
    throw platformErrors.onBehalfOfInvalid();
  }
  if (!accountMay(account.status, 'operate')) throw accountStatusErrors.onBehalfOfNotActive(account.status);
  return {
    id: account.id,
    shortReferenceId: account.shortReferenceId,
    parentId: account.parentId,
    createdAt: account.createdAt,
    isSandbox: account.isSandbox,
    verificationStatus: account.verificationStatus,
    status: account.status,
  };
}

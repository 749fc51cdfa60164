import type { Principal, ServiceDeps } from '../context';
import { accountMay } from '../tenancy/account-status';
import { isUuid } from '../ids/ids';
import { platformErrors } from '../errors/platform-errors';
import { isIpAllowed } from './ip-allow-list';
import { lookUpKeyRecord } from './key-record';
import { tokenFromHeader, verifyAccessToken } from './tokens';

export interface AuthInput {
  /** x-auth-token (GraphQL also accepts Authorization). */
  authHeader: string | undefined;
  /** x-client-id */
  clientIdHeader: string | undefined;
  /** Spec 4.0/5.3: the payment endpoints require x-client-id. */
  clientIdRequired: boolean;
  ip: string;
}

/**
 * Authenticates a call (spec 5): token form, signature and expiry, that the claims resolve to a live
 * entity and key, x-client-id, and the key's IP allow-list. One look-up resolves key, entity and the
 * tree's test clock (from the process's exact cache when it holds them, key-cache.ts).
 */
export async function authenticate(deps: ServiceDeps & { signingKey: Uint8Array }, input: AuthInput): Promise<Principal> {
  const token = tokenFromHeader(input.authHeader);
  const claims = await verifyAccessToken(deps.signingKey, token, deps.clock.now());

  if (!isUuid(claims.entity_id)) throw platformErrors.accessTokenErr();
  const key = await lookUpKeyRecord(deps.db, claims.client_id);
  // A key that was disabled or removed revokes the tokens it issued.
  if (!key || key.status !== 'ACTIVE') throw platformErrors.authorizationError('invalid');
  if (key.accountId !== claims.entity_id || !accountMay(key.accountStatus, 'operate')) throw platformErrors.accessTokenErr();

  const clientIdHeader = input.clientIdHeader?.trim();
  if (clientIdHeader ? clientIdHeader !== claims.client_id : input.clientIdRequired) {
    throw platformErrors.clientIdMissing();
  }
  if (!isIpAllowed(key.allowedIps, input.ip)) throw platformErrors.ipNotAllowed();

  return {
    accountId: key.accountId,
    accountCreatedAt: key.accountCreatedAt,
    parentAccountId: key.parentId,
    clientId: key.clientId,
    apiKeyId: key.id,
    permissions: key.permissions,
    tokenId: claims.jti,
    tokenExpiresAt: new Date(claims.exp * 1000),
    treeFrozenTime: key.treeFrozenTime,
    self: {
      id: key.accountId,
      shortReferenceId: key.shortReferenceId,
      parentId: key.parentId,
      createdAt: key.accountCreatedAt,
      isSandbox: key.isSandbox,
      verificationStatus: key.verificationStatus,
      status: key.accountStatus,
    },
  };
}

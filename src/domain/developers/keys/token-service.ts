import type { ServiceDeps } from '../../../platform/context';
import { apiKeyMatches } from './api-keys';
import { accountMay } from '../../../platform/tenancy/account-status';
import { lookUpKeyRecord } from '../../../platform/auth/key-record';
import { tokenErrors } from '../../../platform/auth/errors';
import { isIpAllowed } from '../../../platform/auth/ip-allow-list';
import { signAccessToken, type TokenSigner } from '../../../platform/auth/tokens';

export interface TokenRequest {
  clientId: unknown;
  apiKey: unknown;
  ip: string;
}

/**
 * POST /v1/connect/token: exchanges client_id and api_key for a signed access token. The checks run
 * in the order the errors of spec 7.1 are listed, each with its exact message.
 */
export async function exchangeCredentials(
  deps: ServiceDeps & { signer: TokenSigner },
  req: TokenRequest,
): Promise<{ authToken: string; expiredAt: number }> {
  if (typeof req.clientId !== 'string' || req.clientId.trim() === '') throw tokenErrors.requestParametersInvalid('clientId');
  if (typeof req.apiKey !== 'string' || req.apiKey.trim() === '') throw tokenErrors.requestParametersInvalid('apiKey');

  const key = await lookUpKeyRecord(deps.db, req.clientId);
  if (!key) throw tokenErrors.invalidClientId();
  if (!apiKeyMatches(req.apiKey, key.apiKeyHash)) throw tokenErrors.invalidApiKey();
  const now = deps.clock.now();
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) throw tokenErrors.apiKeyExpired();
  if (key.apiVersion === null) throw tokenErrors.entityConfigNotExist();
  if (key.status !== 'ACTIVE' || !accountMay(key.accountStatus, 'operate')) throw tokenErrors.apiTradingStatusError();
  if (!isIpAllowed(key.allowedIps, req.ip)) throw tokenErrors.ipNotAllowed();

  try {
    const { token, expiresAt } = await signAccessToken(deps.signer, now, {
      entity_id: key.accountId,
      short_entity_id: key.shortReferenceId,
      parent_entity_id: key.parentId ?? '0',
      client_id: key.clientId,
      api_version: key.apiVersion,
      bus_type: key.businessTypes[0] ?? 'BANKING',
    });
    return { authToken: token, expiredAt: expiresAt };
  } catch {
    throw tokenErrors.createAccessTokenError();
  }
}

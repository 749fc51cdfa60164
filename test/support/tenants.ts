import type { AppServices } from '../../src/services';
import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import { createMasterAccount, createSubAccount, type Account } from '../../src/domain/onboarding/accounts/service';
import type { TestApp } from './app';

/** A tenant as the admin CLI makes it: a master account with its first API key. */
export interface Tenant {
  account: Account;
  clientId: string;
  apiKey: string;
}

export async function makeMaster(
  services: AppServices,
  opts: { name?: string; createdAt?: string; businessTypes?: string[]; permissions?: string[]; allowedIps?: string[] } = {},
): Promise<Tenant> {
  const { account, key } = await createMasterAccount(services, {
    name: opts.name ?? 'Master',
    createdAt: opts.createdAt,
    businessTypes: opts.businessTypes,
  });
  if (opts.permissions || opts.allowedIps) {
    const extra = await createApiKey(services, { accountId: account.id, permissions: opts.permissions, allowedIps: opts.allowedIps });
    return { account, clientId: extra.clientId, apiKey: extra.apiKey };
  }
  return { account, clientId: key.clientId, apiKey: key.apiKey };
}

export const makeSub = (services: AppServices, master: Tenant, name = 'Sub'): Promise<Account> =>
  createSubAccount(services, master.account.id, { name });

/** Exchanges a tenant's credentials for a token through the real token endpoint. */
export async function tokenFor(t: TestApp, tenant: { clientId: string; apiKey: string }): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/connect/token',
    payload: { client_id: tenant.clientId, api_key: tenant.apiKey },
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { auth_token: string }).auth_token;
}

export const auth = (token: string, extra: Record<string, string> = {}) => ({ 'x-auth-token': `Bearer ${token}`, ...extra });

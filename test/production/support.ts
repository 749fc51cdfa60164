import type { Config } from '../../src/config';
import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import { createMasterAccount } from '../../src/domain/onboarding/accounts/service';
import { Permission } from '../../src/platform/auth/permissions';
import type { AppServices } from '../../src/services';
import { startTestApp, type TestApp } from '../support/app';
import type { Tenant } from '../support/tenants';

/** The public origin production links are built on (PAYRAIL_PUBLIC_BASE_URL). */
export const PUBLIC_BASE = 'https://pay.example.test';

/** An app configured as `PAYRAIL_MODE=production` is (with the base URL production requires). */
export function startProductionApp(config: Partial<Config> = {}): Promise<TestApp> {
  return startTestApp({ config: { mode: 'production', publicBaseUrl: PUBLIC_BASE, outbound: { allowLoopback: false }, ...config } });
}

/** A master as `npm run admin -- create-master` makes it on a production server, with a key that may reveal cards. */
export async function productionMaster(services: AppServices, name: string): Promise<Tenant> {
  const { account } = await createMasterAccount(services, { name, isSandbox: false });
  const key = await createApiKey(services, { accountId: account.id, permissions: [Permission.SensitiveCardDetails] });
  return { account, clientId: key.clientId, apiKey: key.apiKey };
}

/** The refusals of sandbox-only capabilities (src/domain/developers/sandbox/capabilities.ts), by their GraphQL code and REST text. */
export const REFUSALS = {
  simulations: { code: 'simulation_sandbox_only', message: 'Simulations are only available for sandbox accounts' },
  testClock: { code: 'test_clock_sandbox_only', message: 'Test clocks exist only for sandbox accounts' },
  virtualAccounts: { code: 'virtual_account_sandbox_only', message: 'Virtual accounts are only available for sandbox accounts' },
  acquirer: { code: 'card_acquirer_not_configured', message: 'No card acquirer is configured for this account: card payments are simulated for sandbox accounts only' },
  identityCheck: {
    code: 'kyc_provider_not_configured',
    message: 'no identity verification provider is configured for this account: kyc_verification is simulated for sandbox accounts only',
  },
} as const;
export type Refusal = keyof typeof REFUSALS;

export const REFUSAL_CODES = new Set<string>(Object.values(REFUSALS).map((r) => r.code));
export const REFUSAL_MESSAGES = new Set<string>(Object.values(REFUSALS).map((r) => r.message));

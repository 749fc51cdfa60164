import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { ServiceDeps } from '../platform/context';
import {
  createApiKey,
  disableApiKey,
  enableApiKey,
  listApiKeys,
  setAllowedIps,
  setKeyExpiry,
  setPermissions,
  type ApiKey,
} from '../domain/developers/keys/api-keys';
import { listAllAccounts } from '../domain/onboarding/accounts/queries';
import { createMasterAccount, createSubAccount, setAccountStatus, type Account } from '../domain/onboarding/accounts/service';
import { ACCOUNT_STATUSES, type AccountStatus } from '../domain/onboarding/accounts/rules';
import { reviewAccount } from '../domain/onboarding/accounts/lifecycle';
import { OPERATOR_DECISIONS, type OperatorDecision } from '../domain/onboarding/accounts/verification';
import { ALL_PERMISSIONS } from '../platform/auth/permissions';
import { checkLedger } from '../platform/ledger/invariants';
import { setFxRate } from '../domain/wallet/fx/rates';
import { isDomainError } from '../platform/errors/domain-error';
import { wireNamer } from '../platform/errors/field-names';
import { KEY_COMMANDS, KEY_USAGE, runKeyCommand, type KeyCommandDeps } from './key-commands';

export const ADMIN_USAGE = `usage: npm run admin -- <command> [options]

  create-master       --name N [--entity-type COMPANY|INDIVIDUAL] [--business-types BANKING,ISSUING]
                      [--created-at ISO-8601] [--production]   (PAYRAIL_MODE=production: always a production account)
  create-sub-account  --parent ACCOUNT_ID --name N [--entity-type ...] [--business-types ...] [--created-at ...]
  list-accounts
  set-status          --account ACCOUNT_ID --status ${ACCOUNT_STATUSES.join('|')}
  review-account      --account ACCOUNT_ID --decision ${OPERATOR_DECISIONS.join('|')} [--reason TEXT]
                      decide an onboarded account's PENDING verification (production accounts wait for it)
  create-key          --account ACCOUNT_ID [--expires-at ISO-8601] [--allowed-ips CIDR,...] [--permissions P,...]
  list-keys           --account ACCOUNT_ID
  disable-key         --client-id ID
  enable-key          --client-id ID
  set-key-expiry      --client-id ID --expires-at ISO-8601|never
  set-allowed-ips     --client-id ID --ips CIDR,...   (empty string: any address)
  set-permissions     --client-id ID --permissions P,...   (known: ${ALL_PERMISSIONS.join(', ')})
  ledger-check        every journal entry balances per currency, every balance equals its lines
  set-fx-rate         --currency XXX --per-usd N   (mid rate: units of XXX per 1 USD; later quotes use it)
${KEY_USAGE}`;

export class UsageError extends Error {}

export class LedgerCheckFailed extends Error {
  constructor(readonly violations: unknown[]) {
    super(`ledger check failed: ${violations.length} violation(s)\n${JSON.stringify(violations, null, 2)}`);
  }
}

const list = (v: string | undefined): string[] | undefined =>
  v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter((s) => s !== '');

const presentAccount = (a: Account) => ({
  account_id: a.id,
  short_reference_id: a.shortReferenceId,
  parent_id: a.parentId,
  name: a.name,
  entity_type: a.entityType,
  business_types: a.businessTypes,
  status: a.status,
  verification_status: a.verificationStatus,
  is_sandbox: a.isSandbox,
  created_at: a.createdAt.toISOString(),
});

/** Never prints the hash: the api_key itself is shown once, at creation. */
const presentKey = (k: ApiKey) => ({
  client_id: k.clientId,
  account_id: k.accountId,
  api_key_last4: k.apiKeyLast4,
  status: k.status,
  expires_at: k.expiresAt?.toISOString() ?? null,
  allowed_ips: k.allowedIps,
  permissions: k.permissions,
  created_at: k.createdAt.toISOString(),
});

function need(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

/** Runs one admin command and returns what it prints (as JSON). */
export async function runAdminCommand(deps: KeyCommandDeps & { config: Pick<Config, 'mode'> }, argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      name: { type: 'string' },
      'entity-type': { type: 'string' },
      'business-types': { type: 'string' },
      'created-at': { type: 'string' },
      production: { type: 'boolean' },
      parent: { type: 'string' },
      account: { type: 'string' },
      status: { type: 'string' },
      decision: { type: 'string' },
      reason: { type: 'string' },
      'expires-at': { type: 'string' },
      'allowed-ips': { type: 'string' },
      ips: { type: 'string' },
      permissions: { type: 'string' },
      'client-id': { type: 'string' },
      currency: { type: 'string' },
      'per-usd': { type: 'string' },
      'batch-size': { type: 'string' },
      id: { type: 'string' },
    },
  });
  const common = {
    name: values.name,
    entityType: values['entity-type'],
    businessTypes: list(values['business-types']),
    createdAt: values['created-at'],
  };
  switch (command) {
    case 'create-master': {
      const { account, key } = await createMasterAccount(deps, {
        ...common,
        name: need(values, 'name'),
        // A production server makes no sandbox account (sandbox/capabilities.ts).
        isSandbox: deps.config.mode === 'sandbox' && !values.production,
      });
      return { account: presentAccount(account), client_id: key.clientId, api_key: key.apiKey };
    }
    case 'create-sub-account':
      return presentAccount(await createSubAccount(deps, need(values, 'parent'), { ...common, name: need(values, 'name') }));
    case 'list-accounts':
      return (await listAllAccounts(deps)).map(presentAccount);
    case 'set-status': {
      const status = need(values, 'status');
      if (!(ACCOUNT_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${ACCOUNT_STATUSES.join(', ')}`);
      return presentAccount(await setAccountStatus(deps, need(values, 'account'), status as AccountStatus));
    }
    case 'review-account': {
      const decision = need(values, 'decision');
      if (!(OPERATOR_DECISIONS as readonly string[]).includes(decision)) throw new UsageError(`--decision must be one of ${OPERATOR_DECISIONS.join(', ')}`);
      const accountId = need(values, 'account');
      const reason = typeof values.reason === 'string' && values.reason !== '' ? values.reason : null;
      return presentAccount(await reviewAccount(deps, accountId, decision as OperatorDecision, reason));
    }
    case 'create-key': {
      const key = await createApiKey(deps, {
        accountId: need(values, 'account'),
        expiresAt: values['expires-at'],
        allowedIps: list(values['allowed-ips']),
        permissions: list(values.permissions),
      });
      return { ...presentKey(key.record), api_key: key.apiKey };
    }
    case 'list-keys':
      return (await listApiKeys(deps, need(values, 'account'))).map(presentKey);
    case 'disable-key':
      return presentKey(await disableApiKey(deps, need(values, 'client-id')));
    case 'enable-key':
      return presentKey(await enableApiKey(deps, need(values, 'client-id')));
    case 'set-key-expiry': {
      const at = need(values, 'expires-at');
      const date = at === 'never' ? null : new Date(at);
      if (date && Number.isNaN(date.getTime())) throw new UsageError('--expires-at must be an ISO-8601 time or never');
      return presentKey(await setKeyExpiry(deps, need(values, 'client-id'), date));
    }
    case 'set-allowed-ips':
      if (values.ips === undefined) throw new UsageError('--ips is required');
      return presentKey(await setAllowedIps(deps, need(values, 'client-id'), list(values.ips) ?? []));
    case 'set-permissions':
      if (values.permissions === undefined) throw new UsageError('--permissions is required');
      return presentKey(await setPermissions(deps, need(values, 'client-id'), list(values.permissions) ?? []));
    case 'ledger-check': {
      const violations = await checkLedger(deps.db);
      if (violations.length > 0) throw new LedgerCheckFailed(violations);
      return { ok: true, violations: [] };
    }
    case 'set-fx-rate': {
      // Its errors name the rate as the operator has always read them: per_usd, the wire's name.
      const rate = await setFxRate(deps, { currency: need(values, 'currency'), perUsd: need(values, 'per-usd') }).catch((e: unknown) => {
        throw isDomainError(e) ? e.renamed(wireNamer()) : e;
      });
      return { currency: rate.currency, per_usd: rate.perUsd, updated_at: rate.updatedAt.toISOString() };
    }
    default:
      if (command && KEY_COMMANDS.has(command)) {
        const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
        if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 10_000)) {
          throw new UsageError('--batch-size must be an integer from 1 to 10000');
        }
        return runKeyCommand(deps, command, { id: values.id, batchSize });
      }
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

import type { Config } from '../config';
import type { EmbeddedDatabase } from './embedded';
import { describeDatabaseUrl } from '../platform/runtime/startup-error';

/**
 * The sandbox master as the banner prints it: what the sandbox's start-up made or found
 * (domain/accounts/sandbox.ts SandboxCredentials satisfies it), declared here so that the banner
 * depends on no product area.
 */
export interface BannerSandbox {
  account: { id: string; shortReferenceId: string };
  clientId: string;
  /** Undefined when this process does not know the secret. */
  apiKey: string | undefined;
  created: boolean;
  /** The issuing test funds given at this start. */
  testFunds: readonly { amount: string; currency: string }[];
}

export interface BannerInput {
  config: Config;
  /** Where this process listens (`http://host:port`). */
  base: string;
  embedded: EmbeddedDatabase | undefined;
  /** The sandbox master (sandbox mode only: production has none). */
  sandbox: BannerSandbox | undefined;
  /** The metrics listener's address, when one runs. */
  metrics?: string;
}

/** What `npm start` prints once listening: where to reach payrail, where its data lives, how to log in. */
export function startBanner(opts: BannerInput): string {
  const lines = opts.config.mode === 'production' ? productionLines(opts) : sandboxLines(opts);
  return ['', ...lines, ''].join('\n') + '\n';
}

function sandboxLines({ config, base, embedded, sandbox, metrics }: BannerInput): string[] {
  const links = config.publicBaseUrl ?? base;
  const lines = [
    'payrail is running',
    `  REST base URL   ${base}/api`,
    `  GraphQL         ${base}/graphql`,
    `  GraphiQL        ${base}/graphiql`,
    `  REST reference  ${base}/docs`,
    ...(links !== base ? [`  Public links    ${links}`] : []),
    ...(metrics ? [`  Metrics         ${metrics}/metrics`] : []),
    ...databaseLines(config, embedded),
    `  Data dir        ${config.dataDir}`,
  ];
  if (!sandbox) return lines;
  return [
    ...lines,
    '',
    `Sandbox master account ${sandbox.account.id} (${sandbox.account.shortReferenceId})${sandbox.created ? ', created now' : ''}`,
    `  client_id  ${sandbox.clientId}`,
    `  api_key    ${sandbox.apiKey ?? '(shown when it was created; make another with: npm run admin -- create-key --account ' + sandbox.account.id + ')'}`,
    ...(sandbox.testFunds.length > 0 ? [`  issuing balances start with test funds: ${sandbox.testFunds.map((f) => `${f.amount} ${f.currency}`).join(', ')}`] : []),
    '',
    `Get a token:  curl -s -X POST ${base}/api/v1/connect/token -H 'content-type: application/json' \\`,
    `                -d '{"client_id":"${sandbox.clientId}","api_key":"${sandbox.apiKey ?? '<api_key>'}"}'`,
  ];
}

/** Production: no sandbox account, no credentials and no developer pages to point at (docs/security.md). */
function productionLines({ config, base, embedded, metrics }: BannerInput): string[] {
  const publicBase = config.publicBaseUrl!;
  return [
    'payrail is running (production mode)',
    `  Listening       ${base}`,
    `  REST base URL   ${publicBase}/api`,
    `  GraphQL         ${publicBase}/graphql`,
    `  Metrics         ${metrics ? `${metrics}/metrics` : 'not served (set PAYRAIL_METRICS_PORT to serve them on a private listener)'}`,
    ...databaseLines(config, embedded),
    `  Data dir        ${config.dataDir}`,
    '',
    'Accounts and keys are made by the operator: npm run admin -- create-master --name <name>',
  ];
}

function databaseLines(config: Config, embedded: EmbeddedDatabase | undefined): string[] {
  if (!embedded) return [`  Database        DATABASE_URL (${describeDatabaseUrl(config.databaseUrl ?? '')})`];
  const lines = [`  Database        embedded PostgreSQL, cluster in ${embedded.clusterDir}`];
  if (embedded.relocatedBecause) lines.push(`                  (not in the data dir: ${embedded.relocatedBecause})`);
  return lines;
}

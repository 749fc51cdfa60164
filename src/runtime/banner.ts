import type { Config } from '../config';
import type { EmbeddedDatabase } from '../db/embedded';
import type { SandboxCredentials } from '../domain/accounts/sandbox';
import { describeDatabaseUrl } from './startup-error';

/** What `npm start` prints once listening: where to reach payrail, where its data lives, how to log in. */
export function startBanner(opts: { config: Config; base: string; embedded: EmbeddedDatabase | undefined; sandbox: SandboxCredentials }): string {
  const { config, base, embedded, sandbox } = opts;
  const lines = [
    '',
    'payrail is running',
    `  REST base URL   ${base}/api`,
    `  GraphQL         ${base}/graphql`,
    `  GraphiQL        ${base}/graphiql`,
    `  REST reference  ${base}/docs`,
    ...databaseLines(config, embedded),
    `  Data dir        ${config.dataDir}`,
    '',
    `Sandbox master account ${sandbox.account.id} (${sandbox.account.shortReferenceId})${sandbox.created ? ', created now' : ''}`,
    `  client_id  ${sandbox.clientId}`,
    `  api_key    ${sandbox.apiKey ?? '(shown when it was created; make another with: npm run admin -- create-key --account ' + sandbox.account.id + ')'}`,
    ...(sandbox.testFunds.length > 0 ? [`  issuing balances start with test funds: ${sandbox.testFunds.map((f) => `${f.amount} ${f.currency}`).join(', ')}`] : []),
    '',
    `Get a token:  curl -s -X POST ${base}/api/v1/connect/token -H 'content-type: application/json' \\`,
    `                -d '{"client_id":"${sandbox.clientId}","api_key":"${sandbox.apiKey ?? '<api_key>'}"}'`,
    '',
  ];
  return lines.join('\n') + '\n';
}

function databaseLines(config: Config, embedded: EmbeddedDatabase | undefined): string[] {
  if (!embedded) return [`  Database        DATABASE_URL (${describeDatabaseUrl(config.databaseUrl ?? '')})`];
  const lines = [`  Database        embedded PostgreSQL, cluster in ${embedded.clusterDir}`];
  if (embedded.relocatedBecause) lines.push(`                  (not in the data dir: ${embedded.relocatedBecause})`);
  return lines;
}

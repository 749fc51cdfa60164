import type { Config } from '../config';
import type { ServiceDeps } from '../domain/context';
import { openSandboxAccounts } from '../domain/accounts/sandbox';
import { StartupError } from './startup-error';

/**
 * Whether the developer tools are open to anyone who reaches the port: GraphiQL, /docs, GraphQL
 * introspection, /api/openapi.json and /metrics. In sandbox mode they are; in production GraphiQL
 * and /docs are not served, the schema documents need a valid token, and metrics are served only on
 * their own listener (PAYRAIL_METRICS_PORT).
 */
export const toolsAreOpen = (config: Pick<Config, 'mode'>): boolean => config.mode === 'sandbox';

/**
 * A production server (API or worker) serves no sandbox account: their simulations, test cards and
 * test funds would sit beside real money (domain/sandbox/capabilities.ts). A database that holds
 * open ones — a sandbox's data dir, or a sandbox process on the same database — is refused at start,
 * with what to do. The admin CLI does not run this check: it is how they get closed.
 */
export async function refuseSandboxAccountsInProduction(config: Pick<Config, 'mode'>, deps: ServiceDeps): Promise<void> {
  if (config.mode !== 'production') return;
  const open = await openSandboxAccounts(deps);
  if (open.count === 0) return;
  const more = open.count > open.ids.length ? ` and ${open.count - open.ids.length} more` : '';
  throw new StartupError(
    `PAYRAIL_MODE=production, but the database holds ${open.count} open sandbox account(s): ${open.ids.join(', ')}${more}`,
    'give production a database of its own (a new PAYRAIL_DATA_DIR or DATABASE_URL), or close them: npm run admin -- set-status --account <id> --status CLOSED',
  );
}

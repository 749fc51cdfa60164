import type { Logger } from 'pino';
import type { Config } from './config';
import { createDatabase } from './database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './ops/embedded';
import { applySchema, defaultMigrationsDir, migrationStatus } from './ops/migrations';
import { probeDatabase } from './ops/probe';
import { openSandboxAccounts } from './domain/onboarding/accounts/sandbox';
import { loadSigningKey } from './platform/auth/signing-key';
import { loadCardDataKeys } from './platform/sealing/keys';
import { systemClock, type Clock } from './platform/clock/clock';
import type { ServiceDatabase, ServiceDeps } from './platform/context';
import { ensureFxRates } from './domain/wallet/fx/rates';
import { keyCustody, type KeyCustody } from './platform/key-custody/data-keys';
import { ensureWritableDir } from './platform/runtime/data-dir';
import { debugRequested, describeRuntimeFailure, StartupError } from './platform/runtime/startup-error';
import type { AppServices } from './services';

export interface BootOptions {
  /**
   * The embedded PostgreSQL died and could not be restarted: the process cannot carry on. The
   * default writes the message and exits (status 1); the server and the worker stop in order first.
   */
  onDatabaseLost?: (error: StartupError) => void;
}

export interface Booted {
  services: AppServices;
  embedded: EmbeddedDatabase | undefined;
  /** The data keys' custody: its KEK also seals the sandbox credentials file (domain/accounts/sandbox.ts). */
  custody: KeyCustody;
  /** Closes the pool, then stops the embedded server when this process started it. */
  close(): Promise<void>;
}

/**
 * config -> database -> services, shared by the server, the worker process and the admin CLI.
 * Without DATABASE_URL an embedded PostgreSQL is started (or reused when another payrail process on
 * the same data directory runs it) and migrations are applied; an external database is migrated by
 * `npm run db:deploy`, and start-up only warns when migrations are pending (/readyz says so too).
 * Failures an operator can fix are StartupErrors (data dir, database, migrations).
 */
export async function boot(config: Config, logger: Logger, clock: Clock = systemClock, opts: BootOptions = {}): Promise<Booted> {
  ensureWritableDir(config.dataDir, 'PAYRAIL_DATA_DIR');
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (url) {
    await probeDatabase(url);
  } else {
    const log = logger.child({ component: 'postgres' });
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      clusterDir: config.postgresDir,
      log: (msg) => log.debug(msg),
      restartWithinMs: config.postgresRestartTimeoutSeconds * 1000,
      supervision: {
        crashed: (exit, message) => log.error(exit, message),
        restarted: (info, message) => log.warn(info, message),
        gaveUp: (error) => {
          log.fatal({ err: error }, error.problem);
          (opts.onDatabaseLost ?? exitOnDatabaseLost)(error);
        },
      },
    });
    url = embedded.url;
  }
  let db: ServiceDatabase | undefined;
  try {
    if (embedded) {
      const { migrations, functions } = await applySchema(url, defaultMigrationsDir());
      if (migrations.length > 0) logger.info({ applied: migrations }, 'migrations applied');
      if (functions.length > 0) logger.info({ applied: functions }, 'SQL functions applied');
    }
    db = createDatabase(url, {
      poolSize: config.databasePoolSize,
      commitLanes: config.commitLanes,
      authCache: config.authCache,
      onAuthListenerLost: (err, retryInMs) => logger.warn({ err, retryInMs }, 'auth cache: LISTEN connection lost, reconnecting (look-ups read the database meanwhile)'),
      onConnectionLost: (err) => logger.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'database connection lost; the pool opens new ones as requests need them'),
    });
    if (!embedded) {
      const { pending } = await migrationStatus(db.pool, defaultMigrationsDir());
      if (pending.length > 0) logger.warn({ pending }, 'migrations pending: run npm run db:deploy');
    }
    const custody = keyCustody(db, { ...config.kek, mode: config.mode, dataDir: config.dataDir });
    // Production needs its KEK from the operator even where no data key is wrapped: say so at start.
    if (config.mode === 'production') await custody.kek();
    const key = await loadSigningKey({ configured: config.jwtSecret, dataDir: config.dataDir, custody });
    const cardDataKeys = await loadCardDataKeys({ configured: config.cardDataKeys, dataDir: config.dataDir, custody });
    const services: AppServices = { config, db, clock, signer: { key, ttlSeconds: config.tokenTtlSeconds }, cardDataKeys };
    await ensureFxRates(services);
    const database = db;
    return {
      services,
      embedded,
      custody,
      async close() {
        await database.close();
        if (embedded) await embedded.stop();
      },
    };
  } catch (e) {
    await db?.close();
    await embedded?.stop();
    throw e;
  }
}

function exitOnDatabaseLost(error: StartupError): void {
  process.stderr.write(describeRuntimeFailure('payrail', error, { debug: debugRequested() }));
  process.exit(1);
}

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

import './platform/runtime/v8-flags';
import './platform/runtime/node-env';
import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { boot, refuseSandboxAccountsInProduction, type Booted } from './boot';
import { loadConfig, type Config } from './config';
import { withAdvisoryLock } from './platform/db/locks';
import { ensureSandboxMaster } from './domain/onboarding/accounts/sandbox';
import { WebhookPump } from './jobs/webhook-pump';
import { Worker } from './jobs/worker';
import { createLogger } from './platform/observability/logger';
import { createMetrics, type Metrics } from './platform/observability/metrics';
import { startMetricsListener, type MetricsListener } from './platform/observability/metrics-listener';
import { startBanner } from './ops/banner';
import { debugRequested, describeRuntimeFailure, describeStartupFailure, StartupError } from './platform/runtime/startup-error';
import { onStopRequest } from './platform/runtime/stop-requests';

/** How long the stop after the database was lost for good may take before the process exits anyway. */
const STOP_BOUND_MS = 30_000;

/**
 * Entry point: config -> database -> app -> listen, and an orderly stop on SIGTERM/SIGINT (or when
 * the `npm start` that ran it is gone). A failure to start is one message: cause and fix.
 */
async function main(): Promise<void> {
  // Registered first: a stop requested while booting waits for the boot, then stops cleanly.
  let stopReason: string | undefined;
  let stop: ((reason: string) => Promise<void>) | undefined;
  /** 1 once the process stops because it cannot carry on: its supervisor should start it again. */
  let exitCode = 0;
  onStopRequest(
    (reason) => {
      stopReason = reason;
      void stop?.(reason);
    },
    {
      onForce: (signal) => {
        process.stderr.write(`payrail: ${signal} again while stopping, exiting at once\n`);
        process.exit(1);
      },
    },
  );

  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const booted: Booted = await boot(config, logger, undefined, {
    // One message on stderr, then the same orderly stop as SIGTERM, with status 1 for the supervisor.
    onDatabaseLost: (error) => {
      process.stderr.write(describeRuntimeFailure('payrail', error, { debug: debugRequested() }));
      exitCode = 1;
      stopReason ??= 'database lost';
      void stop?.('database lost');
      // Requests in flight fail at once without a database; should anything hang, exit all the same.
      setTimeout(() => process.exit(1), STOP_BOUND_MS).unref();
    },
  });
  let app: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  let worker: Worker | undefined;
  let pump: WebhookPump | undefined;
  let stopping: Promise<void> | undefined;
  stop = (reason: string) =>
    (stopping ??= (async () => {
      logger.info({ reason }, 'shutting down');
      try {
        await app?.close(); // stops accepting, lets in-flight requests finish
        await metricsListener?.close();
        await worker?.stop();
        await pump?.stop();
        await booted.close();
        logger.info('stopped');
        process.exit(exitCode);
      } catch (err) {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    })());
  if (stopReason) return stop(stopReason);

  try {
    const { services } = booted;
    await refuseSandboxAccountsInProduction(config, services);
    // Production has no sandbox master: no account, no credentials written or printed, no test funds.
    const sandbox =
      config.mode === 'sandbox'
        ? await withAdvisoryLock(services.db.pool, 'payrail:sandbox-bootstrap', () =>
            ensureSandboxMaster(services, { dataDir: config.dataDir, clientId: config.sandboxClientId, apiKey: config.sandboxApiKey, kek: booted.custody.kek }),
          )
        : undefined;
    const metrics = createMetrics();
    app = await buildApp(services, { logger, metrics });
    await listen(app, config);
    if (config.metricsListener) metricsListener = await listenForMetrics(metrics, config.metricsListener);
    if (config.runWorker) {
      worker = new Worker(services, logger.child({ component: 'worker' }));
      worker.start();
      pump = new WebhookPump(services, logger.child({ component: 'webhooks' }));
      pump.start();
    }
    if (stopReason) return stop(stopReason);
    const address = app.server.address();
    const port = address !== null && typeof address === 'object' ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    process.stdout.write(startBanner({ config, base: `http://${host}:${port}`, embedded: booted.embedded, sandbox, metrics: metricsListener?.base }));
  } catch (err) {
    await metricsListener?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await booted.close().catch(() => undefined);
    throw err;
  }
}

async function listen(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const where = `${config.host}:${config.port}`;
    if (code === 'EADDRINUSE') {
      throw new StartupError(`${where} is already in use by another program`, `stop that program, or start payrail on another port: PORT=${config.port + 1} npm start`, { cause: err });
    }
    if (code === 'EACCES') {
      throw new StartupError(`this user may not listen on ${where} (ports below 1024 need privileges)`, 'choose a port above 1023 with PORT', { cause: err });
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new StartupError(`cannot listen on ${config.host}: no such address on this machine`, "set HOST to one of this machine's addresses (127.0.0.1, or 0.0.0.0 for all)", { cause: err });
    }
    throw err;
  }
}

async function listenForMetrics(metrics: Metrics, at: { host: string; port: number }): Promise<MetricsListener> {
  try {
    return await startMetricsListener(metrics, at);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'may not be listened on by this user' : 'cannot be listened on';
    throw new StartupError(`the metrics listener ${at.host}:${at.port} ${why}`, 'choose another PAYRAIL_METRICS_PORT (or PAYRAIL_METRICS_HOST)', { cause: err });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(describeStartupFailure('payrail', err, { debug: debugRequested() }));
  process.exit(1);
});

import '../platform/runtime/v8-flags';
import '../platform/runtime/node-env';
import 'reflect-metadata';
import { boot, refuseSandboxAccountsInProduction } from '../boot';
import { loadConfig } from '../config';
import { createLogger } from '../platform/observability/logger';
import { debugRequested, describeRuntimeFailure, describeStartupFailure } from '../platform/runtime/startup-error';
import { onStopRequest } from '../platform/runtime/stop-requests';
import { WebhookPump } from './webhook-pump';
import { Worker } from './worker';

/** How long the stop after the database was lost for good may take before the process exits anyway. */
const STOP_BOUND_MS = 30_000;

/**
 * `npm run worker`: the worker alone, for scale-out (API processes then run with
 * PAYRAIL_RUN_WORKER=false). Jobs claim work with SKIP LOCKED, so several workers can run.
 */
async function main(): Promise<void> {
  let stopReason: string | undefined;
  let stop: ((reason: string) => Promise<void>) | undefined;
  onStopRequest(
    (reason) => {
      stopReason = reason;
      void stop?.(reason);
    },
    { onForce: () => process.exit(1) },
  );
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  let exitCode = 0;
  const booted = await boot(config, logger, undefined, {
    onDatabaseLost: (error) => {
      process.stderr.write(describeRuntimeFailure('payrail worker', error, { debug: debugRequested() }));
      exitCode = 1;
      stopReason ??= 'database lost';
      void stop?.('database lost');
      // Jobs in flight fail at once without a database; should anything hang, exit all the same.
      setTimeout(() => process.exit(1), STOP_BOUND_MS).unref();
    },
  });
  try {
    await refuseSandboxAccountsInProduction(config, booted.services);
  } catch (err) {
    await booted.close();
    throw err;
  }
  const worker = new Worker(booted.services, logger.child({ component: 'worker' }));
  const pump = new WebhookPump(booted.services, logger.child({ component: 'webhooks' }));
  let stopping: Promise<void> | undefined;
  stop = (reason: string) =>
    (stopping ??= (async () => {
      logger.info({ reason }, 'worker stopping');
      await worker.stop();
      await pump.stop();
      await booted.close();
      process.exit(exitCode);
    })());
  if (stopReason) return stop(stopReason);
  worker.start();
  pump.start();
  logger.info('worker running');
}

main().catch((err: unknown) => {
  process.stderr.write(describeStartupFailure('payrail worker', err, { debug: debugRequested() }));
  process.exit(1);
});

import '../runtime/v8-flags';
import '../runtime/node-env';
import 'reflect-metadata';
import { boot } from '../boot';
import { loadConfig } from '../config';
import { createLogger } from '../observability/logger';
import { refuseSandboxAccountsInProduction } from '../runtime/production-mode';
import { debugRequested, describeStartupFailure } from '../runtime/startup-error';
import { onStopRequest } from '../runtime/stop-requests';
import { WebhookPump } from './webhook-pump';
import { Worker } from './worker';

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
  const booted = await boot(config, logger);
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
      process.exit(0);
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

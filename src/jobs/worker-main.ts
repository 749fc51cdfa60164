import 'reflect-metadata';
import { boot } from '../boot';
import { loadConfig } from '../config';
import { createLogger } from '../observability/logger';
import { Worker } from './worker';

/**
 * `npm run worker`: the worker alone, for scale-out (API processes then run with
 * PAYRAIL_RUN_WORKER=false). Jobs claim work with SKIP LOCKED, so several workers can run.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const booted = await boot(config, logger);
  const worker = new Worker(booted.services, logger.child({ component: 'worker' }));
  worker.start();
  logger.info('worker running');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    await worker.stop();
    await booted.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`payrail worker failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

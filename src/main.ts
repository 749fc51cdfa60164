import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { boot, type Booted } from './boot';
import { loadConfig } from './config';
import { withAdvisoryLock } from './db/locks';
import { ensureSandboxMaster } from './domain/accounts/sandbox';
import { Worker } from './jobs/worker';
import { createLogger } from './observability/logger';

/** Entry point: config -> database -> app -> listen, and an orderly stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const booted: Booted = await boot(config, logger);
  const { services } = booted;

  const sandbox = await withAdvisoryLock(services.db.pool, 'payrail:sandbox-bootstrap', () =>
    ensureSandboxMaster(services, {
      dataDir: config.dataDir,
      clientId: config.sandboxClientId,
      apiKey: config.sandboxApiKey,
    }),
  );

  let app: FastifyInstance | undefined;
  let worker: Worker | undefined;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app?.close(); // stops accepting, lets in-flight requests finish
      await worker?.stop();
      await booted.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  app = await buildApp(services, { logger });
  await app.listen({ host: config.host, port: config.port });
  if (config.runWorker) {
    worker = new Worker(services, logger.child({ component: 'worker' }));
    worker.start();
  }

  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${port}`;
  const lines = [
    '',
    'payrail is running',
    `  REST base URL   ${base}/api`,
    `  GraphQL         ${base}/graphql`,
    `  GraphiQL        ${base}/graphiql`,
    `  REST reference  ${base}/docs`,
    `  Database        ${booted.embedded ? `embedded PostgreSQL (data in ${config.dataDir})` : 'DATABASE_URL'}`,
    '',
    `Sandbox master account ${sandbox.account.id} (${sandbox.account.shortReferenceId})${sandbox.created ? ', created now' : ''}`,
    `  client_id  ${sandbox.clientId}`,
    `  api_key    ${sandbox.apiKey ?? '(shown when it was created; make another with: npm run admin -- create-key --account ' + sandbox.account.id + ')'}`,
    '',
    `Get a token:  curl -s -X POST ${base}/api/v1/connect/token -H 'content-type: application/json' \\`,
    `                -d '{"client_id":"${sandbox.clientId}","api_key":"${sandbox.apiKey ?? '<api_key>'}"}'`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`payrail failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

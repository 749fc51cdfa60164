import 'reflect-metadata';
// Transition handlers of every area, for test-clock advances served by this app.
import './domain/areas';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppServices } from './services';
import { registerDocs } from './docs/route';
import { registerGraphiql } from './graphiql/route';
import { registerHealth } from './ops/health';
import { lazyChildLoggerFactory } from './platform/observability/lazy-child';
import { installRequestObservation } from './platform/observability/http-hooks';
import { createMetrics, type Metrics } from './platform/observability/metrics';
import { renderGraphQLTransportError } from './resolvers/errors';
import { toolsAreOpen } from './platform/runtime/production-mode';
import { proxyTrust } from './platform/runtime/trust-proxy';
import { GRAPHQL_PATH, registerGraphQL } from './resolvers/server';
import { registerRestCompat, type RestModule } from './rest-compat';
import { renderEventData } from './rest-compat/developers/events/render';
import { frameworkErrorHandler, installTransport, MAX_PATH_PARAM_LENGTH, type TransportOptions } from './rest-compat/transport';
import { installRateLimits } from './platform/runtime/rate-limits';
import { platformErrors } from './platform/errors/platform-errors';

export interface AppOptions {
  logger: Logger;
  metrics?: Metrics;
  /** Extra REST modules (tests register probe routes through the real pipeline). */
  extraRestModules?: RestModule[];
}

/**
 * Builds the HTTP server: REST compat under /api, GraphQL, health, and in sandbox mode GraphiQL, the
 * API reference and metrics (production serves metrics on a listener of their own, main.ts).
 */
export async function buildApp(services: AppServices, opts: AppOptions): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = opts.logger;
  const transport: TransportOptions = {
    bodyLimitBytes: services.config.bodyLimitBytes,
    graphql: { path: GRAPHQL_PATH, render: renderGraphQLTransportError },
  };
  const app = Fastify({
    loggerInstance: logger,
    // Fastify's own per-request lines are off: installRequestObservation writes one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: services.config.bodyLimitBytes,
    trustProxy: proxyTrust(services.config.trustProxy),
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLoggerFactory,
    // In-flight requests finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(transport),
  });
  const metrics = opts.metrics ?? createMetrics();
  installTransport(app, transport);
  installRequestObservation(app, metrics);
  const tools = toolsAreOpen(services.config);
  registerHealth(app, { pool: services.db.pool, metrics, serveMetrics: tools });
  const rateLimits = await installRateLimits(app, services.config.rateLimits, platformErrors.tooManyRequests);
  registerRestCompat(app, services, opts.extraRestModules);
  // The live events' `data` is the webhook body's: rendered by the REST door, handed to the resolvers here.
  await registerGraphQL(app, services, { onLiveSubscribers: (n) => metrics.setLiveSubscribers(n), rateLimits, renderEventData });
  // Production serves no developer pages (runtime/production-mode.ts); its schemas need a token.
  if (tools) {
    await registerGraphiql(app, {});
    await registerDocs(app, {});
  }
  return app;
}

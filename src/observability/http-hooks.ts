import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * One log line per request (request id, route, status, latency) and the request metrics. The route
 * label is the matched pattern, never the raw URL, so ids in paths do not explode label cardinality.
 */
export function installRequestObservation(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const latencyMs = reply.elapsedTime;
    metrics.observeRequest({ method: req.method, route, status: reply.statusCode }, latencyMs / 1000);
    // req.log already carries reqId (Fastify binds it to every request's child logger).
    req.log.info({ method: req.method, route, status: reply.statusCode, latencyMs: Math.round(latencyMs * 100) / 100 }, 'request');
  });
}

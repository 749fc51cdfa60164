import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * One log line per request (request id, route, status, latency) and the request metrics. The route
 * label is the matched pattern, never the raw URL, so ids in paths do not explode label cardinality.
 */
export function installRequestObservation(app: FastifyInstance, metrics: Metrics): void {
  // Callback hooks, not async ones: neither waits, and an async hook costs a promise and its
  // microtasks on every request (docs/performance.md).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const latencyMs = reply.elapsedTime;
    metrics.observeRequest({ method: req.method, route, status: reply.statusCode }, latencyMs / 1000);
    // req.log already carries reqId (Fastify binds it to every request's child logger).
    req.log.info({ method: req.method, route, status: reply.statusCode, latencyMs: Math.round(latencyMs * 100) / 100 }, 'request');
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { migrationStatus, defaultMigrationsDir } from './migrations';
import type { Metrics } from '../platform/observability/metrics';

/**
 * /healthz: the process is up. /readyz: the database answers and every migration is applied.
 * /metrics: here in sandbox mode only; production serves them on their own listener
 * (metrics-listener.ts), never to whoever reaches the public port.
 */
export function registerHealth(app: FastifyInstance, deps: { pool: pg.Pool; metrics: Metrics; serveMetrics: boolean }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      const { pending } = await migrationStatus(deps.pool, defaultMigrationsDir());
      if (pending.length > 0) return reply.code(503).send({ status: 'not_ready', reason: 'migrations pending', pending });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'not_ready', reason: 'database unreachable' });
    }
  });
  if (!deps.serveMetrics) return;
  app.get('/metrics', async (_req, reply) => {
    reply.header('content-type', deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../platform/auth/authenticate';
import { toolsAreOpen } from '../platform/runtime/production-mode';
import type { AppServices } from '../services';
import { routeRegistry } from './registry';
import { buildOpenApiDocument } from './openapi/document';
import { sendError } from './route';

export { buildOpenApiDocument, operationId, openApiPath, type OpenApiDocument } from './openapi/document';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * GET /api/openapi.json: the REST-compat layer as served. Built once per app, on the first request
 * (every route is registered by then), and answered from that text afterwards. In production it is
 * told only to a caller with a valid token (runtime/production-mode.ts), refused as any route is.
 */
export function registerOpenApi(app: FastifyInstance, services: AppServices): void {
  let text: string | undefined;
  const open = toolsAreOpen(services.config);
  app.get('/api/openapi.json', async (req, reply) => {
    if (!open) {
      try {
        await authenticate(
          { db: services.db, clock: services.clock, signingKey: services.signer.key },
          { authHeader: header(req, 'x-auth-token'), clientIdHeader: header(req, 'x-client-id'), clientIdRequired: false, ip: req.ip },
        );
      } catch (e) {
        return sendError(reply, 'account_center', e);
      }
    }
    text ??= JSON.stringify(buildOpenApiDocument(routeRegistry(app).routes));
    return reply.header('content-type', 'application/json; charset=utf-8').send(text);
  });
}

import type { FastifyInstance } from 'fastify';
import { routeRegistry } from './registry';
import { buildOpenApiDocument } from './openapi/document';

export { buildOpenApiDocument, operationId, openApiPath, type OpenApiDocument } from './openapi/document';

/**
 * GET /api/openapi.json: the REST-compat layer as served. Built once per app, on the first request
 * (every route is registered by then), and answered from that text afterwards.
 */
export function registerOpenApi(app: FastifyInstance): void {
  let text: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    text ??= JSON.stringify(buildOpenApiDocument(routeRegistry(app).routes));
    return reply.header('content-type', 'application/json; charset=utf-8').send(text);
  });
}

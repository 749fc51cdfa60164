import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from './registry';
import { routeRegistry } from './registry';

const headerParam = (name: string, required: boolean, description: string) => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

function operation(route: RegisteredRoute): Record<string, unknown> {
  const authenticated = route.path !== '/v1/connect/token';
  const parameters = [
    ...route.path.split('/').filter((s) => s.startsWith(':')).map((s) => ({
      name: s.slice(1),
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(authenticated
      ? [
          headerParam('x-auth-token', true, 'The access token, raw or as "Bearer <token>"'),
          headerParam('x-on-behalf-of', false, 'account_id of a connected sub-account'),
        ]
      : []),
    ...(route.clientId === 'required' ? [headerParam('x-client-id', true, 'client_id the token was issued to')] : []),
    ...(route.idempotency === 'required' || (route.method === 'POST' && authenticated && route.idempotency !== 'none')
      ? [headerParam('x-idempotency-key', route.idempotency === 'required', 'Idempotency key (spec 7.1/7.2 formats)')]
      : []),
  ];
  const envelope = route.family === 'issuance' ? 'card-issuance envelope A or B' : 'account-center {code, message}';
  return {
    tags: [route.tag],
    summary: route.summary,
    parameters,
    ...(route.method === 'POST' ? { requestBody: { content: Object.fromEntries((route.accepts ?? ['json']).map((a) => [a === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', { schema: { type: 'object' } }])) } } : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } },
      default: { description: `Error in the ${envelope} envelope`, content: { 'application/json': { schema: { type: 'object' } } } },
    },
  };
}

/** GET /api/openapi.json: the REST-compat layer as served, growing as areas land. */
export function registerOpenApi(app: FastifyInstance): void {
  app.get('/api/openapi.json', async () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of routeRegistry(app).routes) {
      const path = `/api${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
    }
    return {
      openapi: '3.1.0',
      info: { title: 'payrail REST-compatibility API', version: '1.0.0' },
      servers: [{ url: '/' }],
      paths,
    };
  });
}

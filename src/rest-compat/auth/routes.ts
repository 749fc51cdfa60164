import type { FastifyInstance } from 'fastify';
import { exchangeCredentials } from '../../domain/auth/token-service';
import type { AppServices } from '../../services';
import { registerPublicRoute } from '../route';
import { toRestToken } from './present';
import { restToken, restTokenRequest } from './schemas';

const headerValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** AU1 POST /v1/connect/token: credentials in a JSON body, a form body, or x-client-id / x-api-key headers. */
export function registerAuthRoutes(app: FastifyInstance, services: AppServices): void {
  registerPublicRoute(app, services, {
    method: 'POST',
    path: '/v1/connect/token',
    family: 'account_center',
    tag: 'auth',
    summary: 'Exchange client_id and api_key for an access token',
    accepts: ['json', 'form'],
    headers: [
      { name: 'x-client-id', description: 'client_id, read when the body carries neither client_id nor api_key' },
      { name: 'x-api-key', description: 'api_key, read when the body carries neither client_id nor api_key' },
    ],
    body: restTokenRequest,
    response: restToken,
    handler: async (svc, { body, request }) => {
      const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const fromBody = fields.client_id !== undefined || fields.api_key !== undefined;
      const token = await exchangeCredentials(svc, {
        clientId: fromBody ? fields.client_id : headerValue(request.headers['x-client-id']),
        apiKey: fromBody ? fields.api_key : headerValue(request.headers['x-api-key']),
        ip: request.ip,
      });
      return { body: toRestToken(token) };
    },
  });
}

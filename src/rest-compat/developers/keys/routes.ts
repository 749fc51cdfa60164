import type { FastifyInstance } from 'fastify';
import { exchangeCredentials } from '../../../domain/developers/keys/token-service';
import type { AppServices } from '../../../services';
import { registerPublicRoute } from '../../route';
import { toRestToken } from './present';
import { restToken, restTokenRequest } from './schemas';

const headerValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** What the per-client limit counts a client_id by: no real one is this long, and the counters stay small. */
const CLIENT_KEY_CHARS = 256;

/**
 * AU1 POST /v1/connect/token: credentials in a JSON body, a form body, or x-client-id / x-api-key
 * headers. Rate-limited by the caller's address, then by the client_id named (runtime/rate-limits.ts).
 */
export function registerAuthRoutes(app: FastifyInstance, services: AppServices): void {
  const { rateLimits } = app;
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
      await rateLimits.tokenExchangeByIp(request);
      const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const fromBody = fields.client_id !== undefined || fields.api_key !== undefined;
      const clientId = fromBody ? fields.client_id : headerValue(request.headers['x-client-id']);
      if (typeof clientId === 'string' && clientId.trim() !== '') await rateLimits.tokenExchangeByClient(request, clientId.slice(0, CLIENT_KEY_CHARS));
      const token = await exchangeCredentials(svc, {
        clientId,
        apiKey: fromBody ? fields.api_key : headerValue(request.headers['x-api-key']),
        ip: request.ip,
      });
      return { body: toRestToken(token) };
    },
  });
}

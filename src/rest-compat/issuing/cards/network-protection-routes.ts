import type { FastifyInstance } from 'fastify';
import { enrollNetworkProtection, removeNetworkProtection } from '../../../domain/issuing/cards/network-protection';
import { enrollNetworkProtectionInput, removeNetworkProtectionInput } from '../../../domain/issuing/cards/network-protection-rules';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestNetworkProtection } from './present';
import { restNetworkProtection } from './schemas';

/** The official clients' enrollNetworkProtection (POST) and removeNetworkProtection (DELETE with a body), card-issuance family. */
export function registerNetworkProtectionRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing', path: '/v1/issuing/cards/:id/risk', response: restNetworkProtection } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    summary: "Enroll a card in the network's protection: the network answers its authorizations with the action code",
    body: enrollNetworkProtectionInput,
    handler: async (ctx, { params, body }) => ({ body: toRestNetworkProtection(await enrollNetworkProtection(ctx, params.id ?? '', body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'DELETE',
    summary: "Remove a card from the network's protection",
    body: removeNetworkProtectionInput,
    handler: async (ctx, { params, body }) => ({ body: toRestNetworkProtection(await removeNetworkProtection(ctx, params.id ?? '', body)) }),
  });
}

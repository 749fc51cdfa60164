import type { FastifyInstance } from 'fastify';
import { enrollNetworkProtection, removeNetworkProtection } from '../../../domain/issuing/cards/network-protection';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestNetworkProtection } from './present';
import { restNetworkProtection } from './schemas';
import { enrollNetworkProtectionWire, removeNetworkProtectionWire } from './wire';

/** The official clients' enrollNetworkProtection (POST) and removeNetworkProtection (DELETE with a body), card-issuance family. */
export function registerNetworkProtectionRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing', path: '/v1/issuing/cards/:id/risk', response: restNetworkProtection } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    summary: "Enroll a card in the network's protection: the network answers its authorizations with the action code",
    body: enrollNetworkProtectionWire.schema,
    names: enrollNetworkProtectionWire.names,
    handler: async (ctx, { params, body }) => ({ body: toRestNetworkProtection(await enrollNetworkProtection(ctx, params.id ?? '', enrollNetworkProtectionWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'DELETE',
    summary: "Remove a card from the network's protection",
    body: removeNetworkProtectionWire.schema,
    names: removeNetworkProtectionWire.names,
    handler: async (ctx, { params, body }) => ({ body: toRestNetworkProtection(await removeNetworkProtection(ctx, params.id ?? '', removeNetworkProtectionWire.toCommand(body))) }),
  });
}

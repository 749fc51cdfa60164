import type { FastifyInstance } from 'fastify';
import { configureAuthDecisionWire } from './wire';
import { configureAuthDecision, getAuthDecisionConfig } from '../../../domain/issuing/auth-decisions/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestAuthDecisionConfig } from './present';
import { restAuthDecisionConfig } from './schemas';

/** Authorization decisions: the acting account's decision endpoint, card-issuance family. */
export function registerAuthDecisionRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing', path: '/v1/issuing/auth_decision', response: restAuthDecisionConfig } as const;
  const deps = { cardDataKeys: services.cardDataKeys };
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    summary: 'Configure the authorization decision endpoint ({url, public_key, timeout_strategy}), or turn it off with {"enabled": false}',
    body: configureAuthDecisionWire.schema,
    names: configureAuthDecisionWire.names,
    handler: async (ctx, { body }) => ({ body: toRestAuthDecisionConfig(await configureAuthDecision(ctx, deps, configureAuthDecisionWire.toCommand(body))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    summary: "The authorization decision configuration, with payrail's armored public key to encrypt answers to",
    handler: async (ctx) => ({ body: toRestAuthDecisionConfig(await getAuthDecisionConfig(ctx, deps)) }),
  });
}

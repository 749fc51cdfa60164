import type { FastifyInstance } from 'fastify';
import { Permission } from '../../../platform/auth/permissions';
import { cardSecureDeps, createPanToken, revealSecureDetails } from '../../../domain/issuing/card-secure/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { registerCardIframePage } from './iframe-page';
import { toRestPanToken, toRestSecureCardDetails } from './present';
import { panTokenBody, restPanToken, restSecureCardDetails } from './schemas';

/** CI6 and CI7 (endpoints.md 3.5), card-issuance family, and the card iframe page the token opens. */
export function registerCardSecureRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing', permission: Permission.SensitiveCardDetails } as const;
  const deps = cardSecureDeps(services);
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards/:id/secure',
    summary: 'Retrieve sensitive card details (full number, CVV, expiry); rate-limited per card',
    response: restSecureCardDetails,
    handler: async (ctx, { params }) => ({ body: toRestSecureCardDetails(await revealSecureDetails(ctx, deps, params.id ?? '', 'REST')) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/:id/token',
    summary: 'Create a single-use PAN token for the card iframe page (60 seconds); rate-limited per card',
    // A replay could not answer the token (secrets are shown once), so there is nothing to replay:
    // a retry simply gets a new token; the unused one expires within a minute.
    idempotency: 'none',
    body: panTokenBody,
    response: restPanToken,
    handler: async (ctx, { params }) => ({ body: toRestPanToken(await createPanToken(ctx, deps, params.id ?? '', 'REST')) }),
  });
  registerCardIframePage(app, services);
}

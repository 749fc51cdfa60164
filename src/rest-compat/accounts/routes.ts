import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../domain/accounts/onboarding';
import { connectedAccountList, getAccount } from '../../domain/accounts/queries';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { listRoute } from '../shared/list';
import { toRestAccount, toRestAccountCreated } from './present';
import { restAccount, restAccountCreated } from './schemas';

/** AF1 create account, AF3 list connected accounts, AF4 retrieve account (account-center family). */
export function registerAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'accounts' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/accounts',
    summary: 'Create an account (INDIVIDUAL or COMPANY); it starts PENDING verification',
    response: restAccountCreated,
    // The body's shape depends on entity_type; the domain parses it (onboarding-rules.ts).
    handler: async (ctx, { body }) => ({ body: toRestAccountCreated(await createAccount(ctx, body)) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/accounts',
    summary: 'List connected accounts, oldest first',
    ...listRoute(connectedAccountList, toRestAccount, restAccount),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/accounts/:id',
    summary: 'Retrieve an account',
    response: restAccount,
    handler: async (ctx, { params }) => ({ body: toRestAccount(await getAccount(ctx, params.id ?? '')) }),
  });
}

import type { FastifyInstance } from 'fastify';
import { connectedAccountList, getAccount } from '../../domain/accounts/queries';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { listRoute } from '../shared/list';
import { toRestAccount } from './present';
import { restAccount } from './schemas';

/** AF3 list connected accounts, AF4 retrieve account (account-center family). */
export function registerAccountRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'accounts' } as const;
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

import type { FastifyInstance } from 'fastify';
import { listConnectedAccounts, retrieveAccount } from '../../domain/accounts/queries';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestAccount } from './present';

/** AF3 list connected accounts, AF4 retrieve account (account-center family). */
export function registerAccountRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/accounts',
    family: 'account_center',
    tag: 'accounts',
    summary: 'List connected accounts',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listConnectedAccounts(ctx, query), toRestAccount) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/accounts/:id',
    family: 'account_center',
    tag: 'accounts',
    summary: 'Retrieve an account',
    handler: async (ctx, { params }) => ({ body: toRestAccount(await retrieveAccount(ctx, params.id ?? '')) }),
  });
}

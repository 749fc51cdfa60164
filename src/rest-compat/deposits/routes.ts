import type { FastifyInstance } from 'fastify';
import { getDeposit, listDeposits } from '../../domain/deposits/queries';
import { simulateDeposit } from '../../domain/deposits/service';
import type { AppServices } from '../../services';
import { registerRoute } from '../route';
import { toRestPage } from '../shared/page';
import { toRestDeposit } from './present';

/** SI1 simulate a deposit (spec 4.5), BT4 list deposits, BT5 retrieve a deposit (account-center family). */
export function registerDepositsRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    method: 'POST',
    path: '/v1/simulation/deposit',
    family: 'account_center',
    tag: 'simulation',
    summary: 'Simulate an incoming deposit into the acting account (sandbox)',
    idempotency: 'required',
    handler: async (ctx, { body }) => ({ body: toRestDeposit(await simulateDeposit(ctx, body, { amountAs: 'number' })) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/deposit',
    family: 'account_center',
    tag: 'deposits',
    summary: 'List deposits',
    handler: async (ctx, { query }) => ({ body: toRestPage(await listDeposits(ctx, query), toRestDeposit) }),
  });
  registerRoute(app, services, {
    method: 'GET',
    path: '/v1/deposit/:id',
    family: 'account_center',
    tag: 'deposits',
    summary: 'Retrieve a deposit',
    handler: async (ctx, { params }) => ({ body: toRestDeposit(await getDeposit(ctx, params.id ?? '')) }),
  });
}
